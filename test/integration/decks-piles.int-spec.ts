import { randomBytes, randomUUID } from 'node:crypto';
import { Database } from '../../src/infra/database.js';
import { applyMigrations } from '../../src/infra/migrations.js';
import { CampaignsRepository } from '../../src/modules/campaigns/campaigns.repository.js';
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
    await decks.insert({ id, campaignId, name: 'Odd ids', cards, piles: { drawPile: [...plain, ...awkward], discardPile: [], table: [], hands: {} } });

    const piles = { drawPile: plain.slice(0, 3), discardPile: [...awkward, plain[3]], table: plain.slice(4), hands: { c1: [] } };
    await decks.savePiles(id, piles);
    expect((await decks.findById(id))?.piles).toEqual(piles);

    const emptied = { drawPile: [], discardPile: [...plain, ...awkward], table: [], hands: {} };
    await decks.savePiles(id, emptied);
    expect((await decks.findById(id))?.piles).toEqual(emptied);
  });
});
