/**
 * A Map that forgets its oldest entry past `max` — BoundedMap (bounded-map.ts) without the metrics' registry, for
 * the Intl formatters' cache, which every page's script reaches through the words' plural rules: the registry would
 * cost every page 0.26 KB gzip (decision 057). The server registers that cache itself (entry.server.tsx).
 */
export class LeastRecentlyUsedMap<K, V> extends Map<K, V> {
  constructor(
    readonly max: number,
    private readonly onEvict?: (value: V) => void,
  ) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) {
      const [oldestKey, oldest] = this.entries().next().value as [K, V]; // a Map iterates in insertion order
      this.delete(oldestKey);
      this.onEvict?.(oldest);
    }
    return super.set(key, value);
  }

  /** Reads an entry and makes it the most recently used one (the last to be forgotten). */
  getRecent(key: K): V | undefined {
    const value = super.get(key);
    if (value !== undefined) {
      this.delete(key);
      super.set(key, value);
    }
    return value;
  }
}
