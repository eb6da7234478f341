import fc from 'fast-check';

import { assertConserved, type DeckPiles, returnDiscards } from '../cards/piles.js';
import { RandomStream, shuffle } from '../random/random-stream.js';
import { barterBetweenCharacters, barterWithLeadPlayer } from './barter.js';
import { revealCreatureCount } from './creatures.js';
import { revealDraw } from './draw.js';
import { endScene, HAND_SIZE, reconcileHands } from './reconcile.js';
import { awardCard, tableHolder } from './rewards.js';
import { ENCHANTED_REALMS_STARTER as deck } from './starter-deck.js';

const PLAYERS = ['p1', 'p2'] as const;
const CHARACTERS = { p1: 'erik', p2: 'mira' } as const;
const LEAD = 'lead';
/** Where the cards start that are not in the deck: the characters' cards and the Lead Player's wares. */
const STARTING_CARDS: Record<string, string[]> = {
  [tableHolder('erik')]: ['hero-erik-1', 'creature-human-1', 'item-long-sword-1'],
  [tableHolder('mira')]: ['hero-wizard-1', 'creature-elf-1', 'item-staff-1'],
  [LEAD]: ['item-war-axe-1', 'item-rope-1', 'item-shield-1', 'item-dagger-2', 'item-lantern-1'],
};

/**
 * A pick of a card: below 24 one of the holder's ITEM cards, so that trades and awards can
 * succeed; up to 35 any of the holder's cards; from 36 up a card of the deck, wherever it is.
 */
const pick = fc.nat({ max: 40 });
const player = fc.constantFrom(...PLAYERS);

const command = fc.oneof(
  fc.record({ kind: fc.constant('reveal' as const) }),
  fc.record({ kind: fc.constant('creatures' as const), draws: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('award' as const), player, card: pick, challengeForce: fc.integer({ min: 0, max: 9 }), acquired: fc.boolean() }),
  fc.record({
    kind: fc.constant('barterLead' as const), player, fromTable: fc.boolean(),
    offered: fc.array(pick, { minLength: 1, maxLength: 2 }), asked: fc.array(pick, { minLength: 1, maxLength: 2 }),
  }),
  fc.record({
    kind: fc.constant('barterCharacters' as const), first: fc.array(pick, { maxLength: 2 }), second: fc.array(pick, { maxLength: 2 }),
    firstAccepts: fc.boolean(), secondAccepts: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('reconcile' as const) }),
  fc.record({ kind: fc.constant('endScene' as const) }),
  fc.record({ kind: fc.constant('returnDiscards' as const) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const typeOf = new Map(deck.map((card) => [card.id, card.type]));
const cardOf = (piles: DeckPiles, holderId: string, index: number): string => {
  const hand = piles.hands[holderId] ?? [];
  const items = hand.filter((id) => typeOf.get(id) === 'ITEM');
  if (index < 24 && items.length > 0) return items[index % items.length];
  if (index < 36 && hand.length > 0) return hand[index % hand.length];
  return deck[(index * 17) % deck.length].id;
};

/** Runs one command; a refused rule leaves the piles as they were. */
function run(piles: DeckPiles, step: Command, rng: RandomStream): DeckPiles {
  const request = { players: [...PLAYERS], leadPlayer: LEAD };
  switch (step.kind) {
    case 'reveal': {
      const outcome = revealDraw(piles, rng);
      return outcome.ok ? outcome.piles : piles;
    }
    case 'creatures': {
      const outcome = revealCreatureCount(piles, deck, { creature: deck.find((card) => card.code === 'GOB')!, draws: step.draws }, rng);
      if (outcome.ok) expect(outcome.count).toBeGreaterThanOrEqual(1);
      return outcome.ok ? outcome.piles : piles;
    }
    case 'award': {
      const cardId = cardOf(piles, step.player, step.card);
      const outcome = awardCard(piles, deck, {
        holderId: step.player, characterId: CHARACTERS[step.player], cardId,
        challengeForce: step.challengeForce, acquiredDuringEncounter: step.acquired,
      });
      return outcome.ok ? outcome.piles : piles;
    }
    case 'barterLead': {
      const holderId = step.fromTable ? tableHolder(CHARACTERS[step.player]) : step.player;
      const outcome = barterWithLeadPlayer(piles, deck, {
        holderId, leadHolderId: LEAD,
        offered: step.offered.map((index) => cardOf(piles, holderId, index)),
        asked: step.asked.map((index) => cardOf(piles, LEAD, index)),
      });
      if (outcome.ok) expect(outcome.offeredWorth).toBeGreaterThanOrEqual(outcome.askedWorth);
      return outcome.ok ? outcome.piles : piles;
    }
    case 'barterCharacters': {
      const [first, second] = [tableHolder('erik'), tableHolder('mira')];
      const outcome = barterBetweenCharacters(piles, deck, {
        first: { holderId: first, gives: step.first.map((index) => cardOf(piles, first, index)), accepts: step.firstAccepts },
        second: { holderId: second, gives: step.second.map((index) => cardOf(piles, second, index)), accepts: step.secondAccepts },
      });
      return outcome.ok ? outcome.piles : piles;
    }
    case 'reconcile':
    case 'endScene': {
      const outcome = (step.kind === 'reconcile' ? reconcileHands : endScene)(piles, request, rng);
      if (!outcome.ok) return piles;
      for (const holder of PLAYERS) expect(outcome.piles.hands[holder]).toHaveLength(HAND_SIZE);
      expect((outcome.piles.hands[LEAD] ?? []).length).toBeLessThanOrEqual(HAND_SIZE);
      return outcome.piles;
    }
    case 'returnDiscards':
      return returnDiscards(piles, rng);
  }
}

describe('the 100 cards of the starter deck', () => {
  it('stay in the piles exactly once through any draws, awards, barters, reconciles and scene ends', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(command, { maxLength: 40 }), (seq, steps) => {
        const rng = new RandomStream(Buffer.alloc(32, 7), seq);
        const setAside = new Set(Object.values(STARTING_CARDS).flat());
        const dealt = reconcileHands(
          {
            drawPile: shuffle(deck.map((card) => card.id).filter((id) => !setAside.has(id)), rng),
            discardPile: [],
            table: [],
            hands: structuredClone(STARTING_CARDS),
          },
          { players: [...PLAYERS], leadPlayer: LEAD },
          rng,
        );
        if (!dealt.ok) throw new Error(dealt.violation.message);
        let piles = dealt.piles;
        expect(assertConserved(piles, deck)).toBe(true);
        for (const step of steps) {
          const before = structuredClone(piles);
          const next = run(piles, step, rng);
          expect(piles).toEqual(before);
          expect(assertConserved(next, deck)).toBe(true);
          piles = next;
        }
        // Only ITEM cards are bartered, so a character's HERO and CREATURE never leave it.
        expect(piles.hands[tableHolder('erik')]).toEqual(expect.arrayContaining(['hero-erik-1', 'creature-human-1']));
        expect(piles.hands[tableHolder('mira')]).toEqual(expect.arrayContaining(['hero-wizard-1', 'creature-elf-1']));
      }),
      { numRuns: 300 },
    );
  });
});
