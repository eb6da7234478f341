/**
 * Turns by key: at most `holders` at once for each key, the others waiting first come, first
 * served. `take` resolves once the caller's turn has come, to the function that gives the turn
 * back (to the next in line, if any); calling that function again does nothing.
 */
export class Turns {
  private readonly lines = new Map<string, { holding: number; waiting: Array<() => void> }>();

  constructor(private readonly holders: number) {}

  async take(key: string): Promise<() => void> {
    let line = this.lines.get(key);
    if (!line) this.lines.set(key, (line = { holding: 0, waiting: [] }));
    if (line.holding < this.holders) line.holding++;
    else await new Promise<void>((resolve) => line.waiting.push(resolve));

    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = line.waiting.shift();
      if (next) next();
      else if (--line.holding === 0) this.lines.delete(key);
    };
  }

  /** How many hold a turn and how many wait, for a key. */
  count(key: string): { holding: number; waiting: number } {
    const line = this.lines.get(key);
    return { holding: line?.holding ?? 0, waiting: line?.waiting.length ?? 0 };
  }
}
