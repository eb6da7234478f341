import { yummellResolveChallenge } from './challenge.js';
import { HEROISM } from './data.js';
import { yummellChallengeOdds } from './odds.js';
import { accepted, artefact, raceWith, run, SALAMANDER, type RaceOptions } from './testing.js';

const SWORD = artefact('sword', { kind: 'CHALLENGE_BONUS', characteristic: 'STRENGTH', amount: 2 }, 5, 'Sword of Embers');

/** Ana, STRENGTH 5 with Heroism, faces the Salamander of Mount Ohrk (STRENGTH 9) holding `hand`; Bo holds `boHand`. */
const facing = (hand: string[], options: RaceOptions & { boHand?: string[]; artefacts?: string[] } = {}) =>
  raceWith({
    cards: [SALAMANDER, SWORD],
    characters: {
      ana: { position: 3, characteristics: { STRENGTH: 5, CHARM: 2, AGILITY: 3, MAGIC: 1 }, advantages: [HEROISM], artefacts: options.artefacts ?? [] },
      bo: { position: 1 },
    },
    hands: { ana: hand, bo: options.boHand ?? ['m7', 'm8-b'] },
    drawPile: options.drawPile ?? ['m6', 'm3-b', 'm2'],
    turn: { action: 'MOVED', movementEndedAt: 3 },
    pending: { characterId: 'ana', creatureCardId: 'salamander', characteristic: 'STRENGTH', number: 9 },
  });

const odds = (state: ReturnType<typeof facing>, advantages?: string[]) => {
  const outcome = yummellChallengeOdds(state, { characterId: 'ana', advantages });
  if (!outcome.ok) throw new Error(outcome.violation.message);
  return outcome.result;
};

describe("yummellChallengeOdds: which cards of the asker's hand win, and the total each makes", () => {
  it("the seed's Salamander: with STRENGTH 5, the 5 and the 8 win (10 > 9, 13 > 9); the 4 ties and loses", () => {
    const result = odds(facing(['m5', 'm4', 'm8', 'm1']));
    expect(result.cards.map(({ cardId, total, wins }) => [cardId, total, wins])).toEqual([
      ['m5', 10, true],
      ['m4', 9, false],
      ['m8', 13, true],
      ['m1', 6, false],
    ]);
    expect(result).toMatchObject({ base: 5, lowestWinningValue: 5, winningCardIds: ['m5', 'm8'], noCardToPlay: false });
  });

  it('with Heroism used, every card wins: 9 + 1 = 10', () => {
    const result = odds(facing(['m4', 'm1']), ['Heroism']);
    expect(result).toMatchObject({ base: 9, lowestWinningValue: 1, winningCardIds: ['m4', 'm1'], advantages: [{ name: 'Heroism', bonus: 4 }] });
  });

  it('counts the active Artefacts as the challenge does', () => {
    expect(odds(facing(['m3'], { artefacts: ['sword'] }))).toMatchObject({ base: 7, cards: [{ cardId: 'm3', total: 10, wins: true }] });
  });

  it('with no card in hand, nothing can win', () => {
    expect(odds(facing([]), ['Heroism'])).toMatchObject({ cards: [], winningCardIds: [], noCardToPlay: true });
  });

  it('says, for each card, what resolving the challenge with it would say', () => {
    const state = facing(['m5', 'm4', 'm8', 'm1'], { artefacts: ['sword'] });
    for (const card of odds(state, ['Heroism']).cards) {
      const resolved = accepted(run(yummellResolveChallenge, state, { characterId: 'ana', cardId: card.cardId, advantages: ['Heroism'] }));
      expect([resolved.result.total, resolved.result.won]).toEqual([card.total, card.wins]);
    }
  });
});

describe('yummellChallengeOdds reads only what the asking player may see', () => {
  it.each<[string, RaceOptions & { boHand?: string[] }]>([
    ['another order of the draw pile', { drawPile: ['m2', 'm6', 'm3-b'] }],
    ['other cards in the draw pile', { drawPile: ['m7-b'] }],
    ["another hand for Bo", { boHand: ['m6-b', 'm1-b', 'm2-b'] }],
  ])('gives the same answer with %s', (_, options) => {
    const hand = ['m5', 'm4'];
    expect(odds(facing(hand, options), ['Heroism'])).toEqual(odds(facing(hand), ['Heroism']));
  });

  it.each<[string, string, string[], string]>([
    ["Bo, about Ana's challenge", 'bo', [], 'NO_CHALLENGE'],
    ['Ana, with an Advantage she does not have', 'ana', ['Grace'], 'UNKNOWN_ADVANTAGE'],
    ['a character not in the race', 'zed', [], 'UNKNOWN_CHARACTER'],
  ])('refuses %s', (_, characterId, advantages, reason) => {
    const outcome = yummellChallengeOdds(facing(['m5']), { characterId, advantages });
    expect(!outcome.ok && outcome.violation.reason).toBe(reason);
  });
});
