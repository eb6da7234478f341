import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Database } from '../../src/infra/database.js';
import { applyMigrations } from '../../src/infra/migrations.js';
import { CampaignsRepository } from '../../src/modules/campaigns/campaigns.repository.js';
import { textArrayLiteral } from '../../src/infra/text-arrays.js';
import { DecksRepository } from '../../src/modules/decks/decks.repository.js';
import type { CardDefinition } from '../../src/rules/cards/card.js';
import { testDatabaseUrl } from '../helpers/arbiter.js';

describe('DecksRepository: the piles as Postgres keeps them', () => {
  const db = new Database(testDatabaseUrl(), 2);
  const decks = new DecksRepository(db);
  let campaignId: string;

  beforeAll(async () => {
    const client = await db.pool.connect();
    try {
      await applyMigrations(client);
    } finally {
      client.release();
    }
    campaignId = randomUUID();
    await new CampaignsRepository(db).insert({ id: campaignId, name: 'Piles', ruleset: 'none', settings: {}, rngSeed: randomBytes(32), rngCommitment: 'c' });
  });
  afterAll(() => db.close());

  it('reads back every card id as it was written, whatever its characters', async () => {
    // A custom deck's ids are any strings: what a text array must quote or escape too.
    const plain = ['AS', '10H', 'QD', 'a b', 'NULL', 'x,y', '{z}', 'ü'];
    const awkward = ['say "hi"', 'back\\slash', 'both \\"'];
    const cards: CardDefinition[] = [...plain, ...awkward].map((id) => ({ id, code: id }));
    const id = randomUUID();
    await decks.insert({ id, campaignId, name: 'Odd ids', cards, piles: { drawPile: [...plain, ...awkward], discardPile: [], table: [], hands: {} }, version: 0 });

    const piles = { drawPile: plain.slice(0, 3), discardPile: [...awkward, plain[3]], table: plain.slice(4), hands: { c1: [] } };
    await decks.savePiles(id, piles);
    expect((await decks.findById(id))?.piles).toEqual(piles);

    const emptied = { drawPile: [], discardPile: [...plain, ...awkward], table: [], hands: {} };
    await decks.savePiles(id, emptied);
    expect((await decks.findById(id))?.piles).toEqual(emptied);
  });

  it('writes text arrays Postgres reads as node-postgres would send them, and reads back what Postgres sends', async () => {
    // Any text Postgres keeps (not NUL), heavy on what array syntax gives a meaning to.
    const element = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', '7', '"', '\\', '{', '}', ',', ' ', '\t', 'N', 'U', 'L', 'l', 'ü', '\u00a0', '\u3000') }),
      fc.string().map((text) => text.replaceAll('\u0000', '')),
      fc.constantFrom('', 'NULL', 'null', 'nUlL', 'NULLS'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(element, { maxLength: 12 }), async (elements) => {
        const [row] = await db.query<{ read: string[]; same: boolean }>('SELECT $1::text[] AS read, $1::text[] = $2::text[] AS same', [textArrayLiteral(elements), elements]);
        expect(row.same).toBe(true);
        expect(row.read).toEqual(elements);
      }),
      { numRuns: 300 },
    );
    const [nulls] = await db.query<{ read: unknown }>("SELECT ARRAY[NULL, 'NULL', 'a']::text[] AS read");
    expect(nulls.read).toEqual([null, 'NULL', 'a']);
  });
});
