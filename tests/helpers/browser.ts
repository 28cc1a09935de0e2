// A browser-like HTTP client for tests that drive the real server from outside, as a browser without
// JavaScript would: cookies kept, our own Origin on posts, redirects not followed.
import { expect } from "vitest";

export const PASSWORD = "correct horse battery staple";

/** A browser-like client for one server: keeps cookies, sends our own Origin on posts. */
export function client(base: string, extraHeaders: Record<string, string> = {}) {
  const jar = new Map<string, string>();
  async function request(pathname: string, form?: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await fetch(base + pathname, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(form ? { Origin: base, "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...extraHeaders,
        ...headers,
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0];
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(name.length + 1);
      if (!value || /Max-Age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return { status: res.status, location: res.headers.get("location"), text: await res.text(), headers: res.headers };
  }
  /** The honeypot's hidden fields as the page renders them. */
  async function honeypot(pathname: string) {
    const html = (await request(pathname)).text;
    return Object.fromEntries([...html.matchAll(/<input[^>]*name="((?:name|from)__confirm)"[^>]*>/g)].map((m) => [m[1], m[0].match(/value="([^"]*)"/)?.[1] ?? ""]));
  }
  return { request, honeypot, jar };
}

/** Signs up through the pages, reading the code from the dev outbox's subject line. */
export async function signUp(base: string, email: string) {
  const c = client(base);
  expect((await c.request("/signup", { email, ...(await c.honeypot("/signup")) })).location).toBe("/email-verification");
  const outbox = await (await fetch(`${base}/dev/outbox`)).text();
  const code = outbox.match(new RegExp(`${email.replace(/[.]/g, "\\.")}</td><td>Your Studio Dental code: (\\d{6})`))![1];
  expect((await c.request("/email-verification", { code })).location).toBe("/signup/create");
  expect((await c.request("/signup/create", { name: "Ada", password: PASSWORD })).location).toBe("/signup/complete");
  return c;
}

