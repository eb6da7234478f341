import type { Database } from './database.js';

/**
 * Answers that never change once committed — the campaign a deck or an encounter belongs to, the
 * campaign and member a character belongs to: rows that are never moved nor deleted. A committed
 * answer is kept (up to `capacity` keys, the oldest going first), which spares every later
 * request the round trip before its transaction. An answer read inside a transaction may be of a
 * row that rolls back, so it is not kept; nor is "not found", which a later insert makes false.
 */
export class SettledFacts<V> {
  private readonly known = new Map<string, V>();

  constructor(
    private readonly db: Database,
    private readonly capacity: number,
    private readonly read: (key: string) => Promise<V | undefined>,
  ) {}

  async get(key: string): Promise<V | undefined> {
    const known = this.known.get(key);
    if (known !== undefined) return known;
    const value = await this.read(key);
    if (value !== undefined && !this.db.inTransaction()) {
      if (this.known.size >= this.capacity) this.known.delete(this.known.keys().next().value!);
      this.known.set(key, value);
    }
    return value;
  }
}
