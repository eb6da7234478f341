import { readFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { buildSchema } from '../../src/schema.js';

describe('schema.gql', () => {
  it('is the schema the server builds (run `npm run schema` after changing the API)', async () => {
    const committed = readFileSync('schema.gql', 'utf8');
    expect(committed).toBe(`${printSchema(await buildSchema())}\n`);
  });

  it('has no field that could return a draw pile order or a seed before its reveal', async () => {
    const deck = (await buildSchema()).getType('Deck')!.toConfig() as { fields: Record<string, unknown> };
    // `cards` is the deck's definition order (the GM's), which its shuffles start from: not where the cards lie.
    expect(Object.keys(deck.fields).sort()).toEqual(['campaignId', 'cardCount', 'cards', 'discardPile', 'drawPileCount', 'hands', 'id', 'name', 'table']);
    const campaign = (await buildSchema()).getType('Campaign')!.toConfig() as { fields: Record<string, unknown> };
    expect(Object.keys(campaign.fields)).not.toContain('rngSeed');
    expect(Object.keys(campaign.fields)).not.toContain('nextRngSeed');
  });
});
