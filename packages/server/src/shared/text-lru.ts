/**
 * Text values by key in memory, bounded by entry count and total characters, each with an
 * expiry: the least recently used go first when a bound is passed, an expired one is gone when
 * read. The in-memory chart data cache and async job store are this (Redis replaces both when
 * configured).
 */
interface Entry {
  value: string;
  expiresAt: number;
}

export class TextLru {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, made the most recently used; null when absent or expired. */
  get(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.chars -= entry.value.length;
      return null;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  /**
   * Keeps `value` until `expiresAt` (epoch ms; Infinity: until evicted), evicting the least
   * recently used past the bounds. False (and nothing kept) when the value alone is too large.
   */
  set(key: string, value: string, expiresAt: number): boolean {
    this.delete(key);
    if (value.length > this.maxChars) return false;
    this.entries.set(key, { value, expiresAt });
    this.chars += value.length;
    while (this.entries.size > this.maxEntries || this.chars > this.maxChars) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    return true;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.value.length;
  }
}
