import { SettledFacts } from './settled-facts.js';

/** Facts over `rows`, with a switch for whether the request has a transaction open, counting reads. */
function facts(rows: Record<string, string>, capacity = 10) {
  const db = { transaction: false };
  const reads: string[] = [];
  const settled = new SettledFacts<string>(
    { max: capacity },
    async (key) => {
      reads.push(key);
      return rows[key];
    },
    () => db.transaction,
  );
  return { db, reads, settled };
}

describe('SettledFacts', () => {
  it('reads a committed answer once and keeps it', async () => {
    const { reads, settled } = facts({ deck: 'campaign 1' });
    expect(await settled.get('deck')).toBe('campaign 1');
    expect(await settled.get('deck')).toBe('campaign 1');
    expect(reads).toEqual(['deck']);
  });

  it('does not keep an answer read inside a transaction: its row may roll back', async () => {
    const { db, reads, settled } = facts({ deck: 'campaign 1' });
    db.transaction = true;
    expect(await settled.get('deck')).toBe('campaign 1');
    db.transaction = false;
    expect(await settled.get('deck')).toBe('campaign 1');
    expect(await settled.get('deck')).toBe('campaign 1');
    expect(reads).toEqual(['deck', 'deck']);
  });

  it('does not keep "not found": the row may be inserted later', async () => {
    const rows: Record<string, string> = {};
    const { reads, settled } = facts(rows);
    expect(await settled.get('deck')).toBeUndefined();
    rows.deck = 'campaign 1';
    expect(await settled.get('deck')).toBe('campaign 1');
    expect(reads).toEqual(['deck', 'deck']);
  });

  it('lets the oldest answer go once it holds its capacity', async () => {
    const { reads, settled } = facts({ a: '1', b: '2', c: '3' }, 2);
    for (const key of ['a', 'b', 'c', 'b', 'c', 'a']) await settled.get(key);
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});
