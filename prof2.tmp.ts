import { spawn } from "node:child_process";
const PORT=3391, base=`http://127.0.0.1:${PORT}`;
const dir="/tmp/prof2"; 
const server = spawn(process.execPath, ["--cpu-prof","--cpu-prof-dir=/tmp/cpuprof","--import","tsx","server.ts"], { env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dir, NODE_ENV: "production" }, stdio: ["ignore","ignore","inherit"] });
for (let i=0;i<120;i++){ try { if ((await fetch(base+"/healthz")).ok) break; } catch {} await new Promise(r=>setTimeout(r,500)); }
let cookie="";
const post=async(step:string, body:Record<string,string>)=>{ const r=await fetch(`${base}/booking/${step}`,{method:"POST",body:new URLSearchParams(body),headers:{Cookie:cookie},redirect:"manual"}); const s=r.headers.get("set-cookie"); if(s) cookie=s.split(";")[0]; };
await fetch(base+"/booking",{redirect:"manual"}).then(r=>cookie=(r.headers.get("set-cookie")??"").split(";")[0]);
await post("markets",{market:"boston"}); await post("services",{category:"cleaning"}); await post("studios",{studio:"fenway"});
for (const path of ["/booking/times"]) {
  for (let i=0;i<5;i++) await fetch(base+path,{headers:{Cookie:cookie}});
  const t=performance.now(); for (let i=0;i<300;i++) { const r = await fetch(base+path,{headers:{Cookie:cookie}}); await r.text(); }
  console.log(path, ((performance.now()-t)/300).toFixed(1), "ms/request sequential");
}
server.kill("SIGTERM"); await new Promise(r=>server.once("exit",r));
