// Preloaded into a server by bench/soak.ts and bench/memory.ts (node --import ./bench/heap-live.ts): what V8's heap
// holds after each full collection (mark-compact), i.e. the objects still alive, apart from the garbage that the
// heap total also counts until V8 decides to collect it. A leak shows as this figure climbing; garbage waiting for
// a collection does not. Written as JSON to HEAP_LIVE_FILE every 5 s: the latest full collection's figures and how
// many there were. Uses v8.GCProfiler (no flags, no pause; a heap snapshot would stop the process for seconds).
import { writeFileSync } from "node:fs";
import v8 from "node:v8";

const file = process.env.HEAP_LIVE_FILE;
if (file) {
  const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
  let profiler = new v8.GCProfiler();
  profiler.start();
  let fullCollections = 0;
  let latest: { liveMb: number; oldLiveMb: number; heapTotalMb: number; at: string } | null = null;
  setInterval(() => {
    const { statistics } = profiler.stop();
    profiler = new v8.GCProfiler();
    profiler.start();
    for (const gc of statistics) {
      if (gc.gcType !== "MarkSweepCompact") continue;
      fullCollections++;
      const after = gc.afterGC;
      const old = after.heapSpaceStatistics.find((s) => s.spaceName === "old_space");
      latest = { liveMb: mb(after.heapStatistics.usedHeapSize), oldLiveMb: mb(old?.spaceUsedSize ?? 0), heapTotalMb: mb(after.heapStatistics.totalHeapSize), at: new Date().toISOString() };
    }
    writeFileSync(file, JSON.stringify({ fullCollections, latest, heapSizeLimitMb: mb(v8.getHeapStatistics().heap_size_limit) }));
  }, 5_000).unref();
}
