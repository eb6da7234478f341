import { yummellUseAbility } from './abilities.js';
import { challengeTotal, type ResolveChallengeInput, yummellResolveChallenge } from './challenge.js';
import { type Advantage, HEROISM } from './data.js';
import { yummellMove } from './move.js';
import { type YummellSheet } from './state.js';
import { artefact, accepted, conserved, creature, HORRGROP, noRandom, plains, raceWith, refused, run, SALAMANDER, track, type RaceOptions } from './testing.js';
import { yummellEndTurn, yummellRest } from './turn.js';

const SWORD = artefact('sword', { kind: 'CHALLENGE_BONUS', characteristic: 'STRENGTH', amount: 2 }, 5, 'Sword of Embers');
const CLOVER = artefact('clover', { kind: 'CHALLENGE_BONUS', characteristic: 'ANY', amount: 1 }, 3, 'Lucky Clover');
const LUCKY_STAR: Advantage = { name: 'Lucky Star', bonus: 2, characteristics: ['STRENGTH'], discardOnUse: true };
const NYMPH = creature('nymph', 'CHARM', 4, 1, 'Mirror Nymph');
const GRACE: Advantage = { name: 'Grace', bonus: 3, characteristics: ['CHARM'], discardOnUse: false };

/**
 * Ana, STRENGTH 5, on square 3 of ten PLAIN squares, facing `foe` (the Salamander unless said),
 * holding `hand`; Bo elsewhere.
 */
function facing(hand: string[], options: RaceOptions & { ana?: Partial<YummellSheet>; foe?: typeof SALAMANDER } = {}) {
  const foe = options.foe ?? SALAMANDER;
  if (foe.type !== 'CREATURE') throw new Error('a challenge is against a Creature');
  return raceWith({
    board: options.board ?? plains(10),
    cards: [SALAMANDER, HORRGROP, SWORD, CLOVER, NYMPH],
    characters: {
      ana: { position: 3, characteristics: { STRENGTH: 5, CHARM: 2, AGILITY: 3, MAGIC: 1 }, ...options.ana },
      bo: options.characters?.bo ?? { position: 0 },
    },
    hands: { ana: hand, bo: ['m2-b'] },
    turn: { action: 'MOVED', movementEndedAt: 3 },
    pending: { characterId: 'ana', creatureCardId: foe.id, characteristic: foe.characteristic, number: foe.number },
  });
}

const resolve = (extra: Partial<ResolveChallengeInput> = {}): ResolveChallengeInput => ({ characterId: 'ana', ...extra });

describe("the seed's Salamander of Mount Ohrk: STRENGTH 9 against STRENGTH 5 (seed 003, Challenge)", () => {
  it.each<[string, string, number, boolean, number, string]>([
    ['a card of 5: 5 + 5 = 10 > 9, the character wins and moves up one square', 'm5', 10, true, 4, 'ADVANCED'],
    ['a card of 8: 13 > 9, a win', 'm8', 13, true, 4, 'ADVANCED'],
    ['a card of 4: 9 is not higher than 9, the character loses and backtracks one square', 'm4', 9, false, 2, 'BACKTRACKED'],
    ['a card of 1: 6, a loss', 'm1', 6, false, 2, 'BACKTRACKED'],
  ])('%s', (_, cardId, total, won, position, moved) => {
    const outcome = accepted(run(yummellResolveChallenge, facing([cardId, 'm2']), resolve({ cardId })));
    expect(outcome.result).toMatchObject({ characteristicValue: 5, cardValue: Number(cardId[1]), total, won, from: 3, position, moved });
    expect(outcome.state.characters.ana.position).toBe(position);
    expect(outcome.state.campaign.pendingChallenge).toBeNull();
  });
});

describe("the seed's Horrgrop the Evil: STRENGTH 7, Heroism +4, and no card (seed 003, Challenge)", () => {
  it('with no card to play the challenge is lost, whatever the Characteristic and Advantages', () => {
    const outcome = accepted(run(yummellResolveChallenge, facing([], { foe: HORRGROP, ana: { advantages: [HEROISM] } }), resolve({ advantages: ['Heroism'] })));
    expect(outcome.result).toMatchObject({
      characteristicValue: 5,
      cardValue: null,
      cardId: null,
      advantages: [{ name: 'Heroism', bonus: 4 }],
      total: 9,
      won: false,
      moved: 'BACKTRACKED',
      position: 2,
    });
  });

  it('with a card, Heroism makes STRENGTH 9: a 1 gives 10 > 7', () => {
    const outcome = accepted(run(yummellResolveChallenge, facing(['m1'], { foe: HORRGROP, ana: { advantages: [HEROISM] } }), resolve({ cardId: 'm1', advantages: ['Heroism'] })));
    expect(outcome.result).toMatchObject({ total: 10, won: true });
  });
});

describe('the sum: Characteristic + card + Advantages used + active Artefacts', () => {
  it.each<[string, number, number | null, number[], number[], number, number, boolean]>([
    ['5 + 5 against 9', 5, 5, [], [], 9, 10, true],
    ['5 + 4 against 9: a tie loses', 5, 4, [], [], 9, 9, false],
    ['5 + 1 + Heroism 4 against 9', 5, 1, [4], [], 9, 10, true],
    ['5 + 1 + Sword 2 + Clover 1 against 9', 5, 1, [], [2, 1], 9, 9, false],
    ['no card: 5 + Heroism 4 against 7 is lost', 5, null, [4], [], 7, 9, false],
    ['no card and Characteristic 10 against 1: still lost', 10, null, [], [], 1, 10, false],
  ])('%s', (_, characteristic, card, advantages, artefacts, number, total, won) => {
    const result = challengeTotal(
      characteristic,
      card,
      advantages.map((bonus, index) => ({ name: `a${index}`, bonus })),
      artefacts.map((bonus, index) => ({ cardId: `c${index}`, name: `c${index}`, bonus })),
      number,
    );
    expect(result).toMatchObject({ total, won });
  });
});

describe('resolving the challenge (yummell.md, Encounter results, CREATURE)', () => {
  it('active Artefacts add their bonus on their Characteristic without being named', () => {
    const outcome = accepted(run(yummellResolveChallenge, facing(['m2'], { ana: { artefacts: ['sword', 'clover'] } }), resolve({ cardId: 'm2' })));
    expect(outcome.result).toMatchObject({
      artefacts: [
        { cardId: 'sword', name: 'Sword of Embers', bonus: 2 },
        { cardId: 'clover', name: 'Lucky Clover', bonus: 1 },
      ],
      total: 10,
      won: true,
    });
  });

  it('an Artefact of another Characteristic adds nothing', () => {
    const state = facing(['m2'], { foe: NYMPH, ana: { artefacts: ['sword'] } });
    const outcome = accepted(run(yummellResolveChallenge, state, resolve({ cardId: 'm2' })));
    expect(outcome.result).toMatchObject({ characteristicValue: 2, artefacts: [], total: 4, won: false });
  });

  it('the played card and the Creature go face up to the discard pile, the Creature on top', () => {
    const outcome = accepted(run(yummellResolveChallenge, facing(['m5', 'm2']), resolve({ cardId: 'm5' })));
    expect(outcome.state.piles.discardPile).toEqual(['salamander', 'm5']);
    expect(outcome.state.piles.table).toEqual([]);
    expect(outcome.state.piles.hands.ana).toEqual(['m2']);
    expect(conserved(outcome.state)).toBe(true);
  });

  it('a win whose square ahead cannot host the character leaves it where it is', () => {
    const board = track('PLAIN', 'PLAIN', 'PLAIN', { terrain: 'PLAIN', capacity: 1 }, 'PLAIN');
    const outcome = accepted(run(yummellResolveChallenge, facing(['m5'], { board, characters: { bo: { position: 4 } } }), resolve({ cardId: 'm5' })));
    expect(outcome.result).toMatchObject({ won: true, moved: 'STAYED', position: 3 });
  });

  it('a win passes over an impassable square ahead', () => {
    const board = track('PLAIN', 'PLAIN', 'PLAIN', { terrain: 'SWAMP', impassable: true }, 'PLAIN', 'PLAIN');
    expect(accepted(run(yummellResolveChallenge, facing(['m5'], { board }), resolve({ cardId: 'm5' }))).result.position).toBe(5);
  });

  it('a loss backtracks to the first available square behind, past a full one', () => {
    const board = track('PLAIN', { terrain: 'PLAIN', capacity: 1 }, 'PLAIN', 'PLAIN');
    const outcome = accepted(run(yummellResolveChallenge, facing(['m1'], { board, characters: { bo: { position: 2 } } }), resolve({ cardId: 'm1' })));
    expect(outcome.result).toMatchObject({ won: false, position: 1 });
  });

  it('a win onto the last square: the character arrives', () => {
    const outcome = accepted(run(yummellResolveChallenge, facing(['m5'], { board: plains(4) }), resolve({ cardId: 'm5' })));
    expect(outcome.result.arrival).toEqual({ place: 1, winner: true, nextCharacterId: 'bo' });
    expect(outcome.events.map((event) => event.type)).toEqual(['yummell.challenge.resolved', 'yummell.character.arrived']);
  });

  it('an Advantage whose card says so is discarded after use; others are kept', () => {
    const state = facing(['m2'], { ana: { advantages: [HEROISM, LUCKY_STAR] } });
    const outcome = accepted(run(yummellResolveChallenge, state, resolve({ cardId: 'm2', advantages: ['Heroism', 'Lucky Star'] })));
    expect(outcome.result).toMatchObject({ total: 13, discardedAdvantages: ['Lucky Star'] });
    expect(outcome.state.characters.ana.advantages).toEqual([HEROISM]);
  });

  it('is fought even when the GM shuffled the Creature back into the draw pile (endScene returns the table)', () => {
    const state = facing(['m5']);
    const shuffledBack = { ...state, piles: { ...state.piles, table: [], drawPile: [...state.piles.drawPile, 'salamander'] } };
    const outcome = accepted(run(yummellResolveChallenge, shuffledBack, resolve({ cardId: 'm5' })));
    expect(outcome.result).toMatchObject({ total: 10, won: true, position: 4 });
    expect(outcome.state.piles.discardPile.slice(0, 2)).toEqual(['salamander', 'm5']);
    expect(outcome.state.piles.drawPile).not.toContain('salamander');
    expect(conserved(outcome.state)).toBe(true);
  });

  it('records the challenge: the card played is public now', () => {
    const outcome = accepted(run(yummellResolveChallenge, facing(['m5', 'm2']), resolve({ cardId: 'm5' })));
    expect(outcome.events).toEqual([
      {
        type: 'yummell.challenge.resolved',
        payload: {
          characterId: 'ana',
          creature: { cardId: 'salamander', name: 'Salamander of Mount Ohrk', characteristic: 'STRENGTH', number: 9 },
          cardId: 'm5',
          characteristicValue: 5,
          cardValue: 5,
          advantages: [],
          artefacts: [],
          total: 10,
          won: true,
          usedAdvantages: [],
          discardedAdvantages: [],
          from: 3,
          position: 4,
          moved: 'ADVANCED',
          handCount: 1,
        },
      },
    ]);
  });

  it.each<[string, string[], Partial<ResolveChallengeInput>, string, string]>([
    ['refusing to play while holding cards', ['m5'], {}, 'CARD_REQUIRED', 'ana holds cards and must play one against Salamander of Mount Ohrk'],
    ['a card not in the hand', ['m5'], { cardId: 'm2' }, 'CARD_NOT_IN_YOUR_HAND', "card 'm2' is not in ana's hand"],
    ['a card with an empty hand', [], { cardId: 'm2' }, 'CARD_NOT_IN_YOUR_HAND', "card 'm2' is not in ana's hand"],
    ['an Advantage the character does not have', ['m5'], { cardId: 'm5', advantages: ['Lucky Star'] }, 'UNKNOWN_ADVANTAGE', 'ana has no Advantage named Lucky Star'],
    ['an Advantage of another Characteristic', ['m5'], { cardId: 'm5', advantages: ['Grace'] }, 'ADVANTAGE_NOT_APPLICABLE', 'Grace gives no bonus to STRENGTH'],
    ['an Advantage twice', ['m5'], { cardId: 'm5', advantages: ['Heroism', 'Heroism'] }, 'DUPLICATE_ADVANTAGE', 'Heroism can only be used once in a challenge'],
    ['another character than the one challenged', ['m5'], { characterId: 'bo', cardId: 'm2-b' }, 'NOT_YOUR_TURN', "it is ana's turn, not bo's"],
  ])('refuses %s, changing nothing', (_, hand, extra, reason, message) => {
    expect(refused(run(yummellResolveChallenge, facing(hand, { ana: { advantages: [GRACE, HEROISM] } }), resolve(extra)))).toEqual({ reason, message });
  });

  it('refuses when no challenge is pending', () => {
    const state = raceWith({ characters: { ana: {} }, hands: { ana: ['m1'] } });
    expect(refused(run(yummellResolveChallenge, state, resolve({ cardId: 'm1' })))).toEqual({ reason: 'NO_CHALLENGE', message: 'ana has no challenge to resolve' });
  });
});

describe('a pending challenge must be resolved before anything else (issue, Contract)', () => {
  it.each<[string, (state: ReturnType<typeof facing>) => ReturnType<typeof run>]>([
    ['moving', (state) => run(yummellMove, state, { characterId: 'ana', cardId: 'm5' })],
    ['resting', (state) => run(yummellRest, state, { characterId: 'ana' })],
    ['using an Ability', (state) => run(yummellUseAbility, state, { characterId: 'ana', ability: 'CLEPTOMANIA', targetCharacterId: 'bo' })],
    ['ending the turn', (state) => run(yummellEndTurn, state, { characterId: 'ana' }, noRandom())],
  ])('%s is refused', (_, act) => {
    expect(refused(act(facing(['m5'], { ana: { abilities: ['CLEPTOMANIA'] } })))).toEqual({
      reason: 'CHALLENGE_PENDING',
      message: 'ana must first resolve the challenge against Salamander of Mount Ohrk',
    });
  });
});
