/**
 * A Map that keeps at most `maxEntries` entries, dropping the least recently used one first.
 * For the small per-process caches of hot paths (verified tokens, principals, chart targets).
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  /** The key last set or read (the map's last entry), while it is in the map. */
  private newest: K | undefined = undefined;

  constructor(private readonly maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1)
      throw new Error('BoundedMap needs a positive whole number of entries');
  }

  get size(): number {
    return this.map.size;
  }

  /** The value, marked as recently used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    // A hot path asks for the same key again and again: moving the newest entry to the end it
    // already holds would only churn the map.
    if (key !== this.newest) {
      this.map.delete(key);
      this.map.set(key, value);
      this.newest = key;
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    this.newest = key;
    if (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
    if (key === this.newest) this.newest = undefined;
  }

  clear(): void {
    this.map.clear();
    this.newest = undefined;
  }
}
