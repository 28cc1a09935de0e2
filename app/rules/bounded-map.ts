/**
 * Every per-process cache keyed by what requests bring has a bound (decisions 029, 056): a Map that forgets its
 * oldest entry past `max`, named in one registry so that the operator's metrics (`dental_cache_entries`,
 * `dental_cache_max_entries`) and bench/soak.ts show each cache's size beside its bound. A module-level `new Map()`
 * filled at run time is the bug `tests/unit/memory-bounds.test.ts` refuses.
 */
import { LeastRecentlyUsedMap } from "./lru-map";

type Registered = { max: number; sizes: (() => number)[] };

// On globalThis: server.ts and the Remix build each load their own copy of a module, and the metrics (server.ts's
// copy) must see the build's caches too.
const registry: Map<string, Registered> = ((globalThis as Record<symbol, Map<string, Registered> | undefined>)[Symbol.for("dental.caches")] ??= new Map());

/** Names a cache and its bound for the metrics; `size` reads how many entries it holds now. */
export function registerCache(name: string, max: number, size: () => number) {
  const known = registry.get(name);
  if (known) known.sizes.push(size);
  else registry.set(name, { max, sizes: [size] });
}

/** Each cache: its bound, the entries of its fullest copy, and how many copies (a module loaded twice, a database each). */
export const cacheSizes = () =>
  [...registry].map(([name, { max, sizes }]) => ({ name, max, entries: Math.max(0, ...sizes.map((size) => size())), copies: sizes.length }));

/** A LeastRecentlyUsedMap that the operator's metrics list under `name` (registered when made). */
export class BoundedMap<K, V> extends LeastRecentlyUsedMap<K, V> {
  /** `onEvict`: what an entry forgotten for room must also let go of (a timer). */
  constructor(name: string, max: number, onEvict?: (value: V) => void) {
    super(max, onEvict);
    // Held weakly where the runtime can (a replaced cache, e.g. a test's database, is not kept alive by the registry).
    const held = typeof WeakRef === "function" ? new WeakRef(this) : { deref: () => this };
    registerCache(name, max, () => held.deref()?.size ?? 0);
  }
}
