import { LRUCache } from 'lru-cache';
import { inTransaction } from './transactions.js';

/**
 * Answers that never change once committed — the campaign a deck or an encounter belongs to, the
 * campaign and member a character belongs to, a deck's cards: rows that are never moved, changed
 * nor deleted. A committed answer is kept (the least recently used go first), which spares later
 * requests a round trip. An answer read inside a transaction may be of a row that rolls back, so
 * it is not kept; nor is "not found", which a later insert makes false.
 */
export class SettledFacts<V extends object | string> {
  private readonly known: LRUCache<string, V>;

  constructor(
    options: { max: number } | { maxSize: number; sizeOf: (value: V) => number },
    private readonly read: (key: string) => Promise<V | undefined>,
    private readonly readsMayRollBack: () => boolean = inTransaction,
  ) {
    this.known = new LRUCache<string, V>('max' in options ? { max: options.max } : { maxSize: options.maxSize, sizeCalculation: options.sizeOf });
  }

  async get(key: string): Promise<V | undefined> {
    const known = this.known.get(key);
    if (known !== undefined) return known;
    const value = await this.read(key);
    if (value !== undefined && !this.readsMayRollBack()) this.known.set(key, value);
    return value;
  }

  /** Keeps an answer read together with something else (a deck's cards, read with its piles). */
  keep(key: string, value: V): void {
    if (!this.readsMayRollBack()) this.known.set(key, value);
  }

  peek(key: string): V | undefined {
    return this.known.get(key);
  }
}
