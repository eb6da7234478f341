import type { DeckPiles } from '../cards/piles.js';
import { EveryOutcome } from '../random/every-outcome.js';
import { forceOf } from './cards.js';
import { type DrawOdds, enchantedRealmsDrawOdds, enchantedRealmsOddsView } from './odds.js';
import { tableHolder } from './rewards.js';
import { ENCHANTED_REALMS_STARTER as deck } from './starter-deck.js';
import { type DrawInput, type EnchantedRealmsTable, LEAD_PLAYER, makeDraw } from './table.js';

interface Seat {
  cards: string[];
  memberId: string | null;
  health?: number;
}

/** Erik the Fighter with his Long Sword: attacking at +9 (seed 000). Ada plays him. */
const ERIK: Seat = { cards: ['hero-erik-1', 'creature-human-1', 'item-long-sword-1'], memberId: 'ada' };
/** The worked example's Orc, an NPC: AGL +2 in Scale Mail (ARMOR +3), defending at +5. */
const ORC: Seat = { cards: ['creature-orc-1', 'item-scale-mail-1'], memberId: null, health: 6 };
/** Bo's Fighter. */
const FIGHTER: Seat = { cards: ['hero-fighter-1', 'creature-dwarf-1'], memberId: 'bo' };

interface Layout {
  drawPile: string[];
  discardPile?: string[];
  hands?: Record<string, string[]>;
}

/** A table with Erik, the Orc and Bo's Fighter seated, the named cards where the layout puts them and every other card on the discard pile. */
function table(layout: Layout): EnchantedRealmsTable {
  const seats: Record<string, Seat> = { erik: ERIK, orc: ORC, fighter: FIGHTER };
  const hands = layout.hands ?? {};
  const placed = new Set([...layout.drawPile, ...(layout.discardPile ?? []), ...Object.values(seats).flatMap((seat) => seat.cards), ...Object.values(hands).flat()]);
  return {
    deck,
    piles: {
      drawPile: [...layout.drawPile],
      discardPile: [...(layout.discardPile ?? []), ...deck.map((card) => card.id).filter((id) => !placed.has(id))],
      table: [],
      hands: Object.fromEntries([
        ...Object.entries(seats).map(([id, seat]) => [tableHolder(id), [...seat.cards]]),
        ...Object.entries(hands).map(([holder, cards]) => [holder, [...cards]]),
      ]),
    },
    characters: Object.fromEntries(
      Object.entries(seats).map(([id, seat]) => [id, { memberId: seat.memberId, sheet: { heroCardId: seat.cards[0], creatureCardId: seat.cards[1], health: seat.health ?? 10 } }]),
    ),
    offers: [],
    calls: [],
    overcome: [],
    foes: [],
    nextEventSeq: 1,
  };
}

/** Eight cards in the draw pile, three in Bo's hand and two in the Lead Player's: 13 cards Ada has not seen. */
const TABLE: Layout = {
  drawPile: ['world-village-1', 'world-swamp-1', 'world-dark-forest-1', 'hero-fighter-2', 'item-dagger-1', 'world-crevice-1', 'creature-troll-1', 'item-rope-1'],
  hands: { erik: ['item-shield-1', 'item-staff-1'], fighter: ['world-dungeon-1', 'item-lantern-1', 'creature-goblins-1'], [LEAD_PLAYER]: ['world-lava-lake-1', 'creature-dragon-1'] },
};

const attack = (extra: Partial<DrawInput> = {}): DrawInput => ({ actorId: 'erik', action: 'ATTACK', opponent: { characterId: 'orc' }, ...extra });

function oddsOf(state: EnchantedRealmsTable, input: DrawInput, viewers: string[] = ['erik']): DrawOdds {
  const outcome = enchantedRealmsDrawOdds(enchantedRealmsOddsView(state, viewers), input);
  if (!outcome.ok) throw new Error(`refused: ${outcome.violation.reason} (${outcome.violation.message})`);
  return outcome.odds;
}

/**
 * The odds by brute force, through makeDraw itself: every ordered choice of the draw pile's top
 * cards among the unseen ones (the rest in the draw pile and the hidden hands), each equally
 * likely, times every reshuffle the Draw can make.
 */
function bruteForce(state: EnchantedRealmsTable, input: DrawInput, viewers: string[] = ['erik']) {
  const view = enchantedRealmsOddsView(state, viewers);
  const { drawPile, hands } = state.piles;
  const hidden = Object.keys(hands).filter((holder) => !viewers.includes(holder) && !holder.startsWith(tableHolder('')));
  const depth = Math.min(drawPile.length, input.challengeNumber === undefined ? 2 : 1);
  const tops: string[][] = depth === 0 ? [[]] : view.unseenCards.flatMap((a) => (depth === 1 ? [[a]] : view.unseenCards.filter((b) => b !== a).map((b) => [a, b])));
  const tally = { win: 0, tie: 0, defeated: 0, damage: new Map<number, number>() };
  for (const top of tops) {
    const rest = view.unseenCards.filter((id) => !top.includes(id));
    const piles: DeckPiles = { ...state.piles, drawPile: [...top, ...rest.splice(0, drawPile.length - top.length)], hands: { ...hands } };
    for (const holder of hidden) piles.hands[holder] = rest.splice(0, hands[holder].length);
    const rng = new EveryOutcome();
    do {
      const outcome = makeDraw({ ...state, piles }, input, rng);
      if (!outcome.ok) throw new Error(`the rule refused: ${outcome.violation.reason}`);
      const chance = rng.chance / tops.length;
      const { result } = outcome;
      if (result.success) tally.win += chance;
      if (result.success && result.margin === 0) tally.tie += chance;
      if (result.defeated) tally.defeated += chance;
      tally.damage.set(result.damage, (tally.damage.get(result.damage) ?? 0) + chance);
    } while (rng.advance());
  }
  return tally;
}

const close = (value: number) => expect.closeTo(value, 12) as number;

describe('enchantedRealmsDrawOdds: the chances of a Draw, as makeDraw draws it (enchanted-realms-cards.md, "The Draw")', () => {
  it.each<[string, Layout, DrawInput, string[]]>([
    ['Erik attacks the Orc: 13 unseen cards, two drawn', TABLE, attack(), ['erik']],
    ['the Orc attacks Erik, who defends (DEFEND against ATTACK)', TABLE, { actorId: 'orc', action: 'ATTACK', opponent: { characterId: 'erik' } }, ['erik']],
    ['a spell against a spell defence', TABLE, attack({ action: 'SPELL' }), ['erik']],
    ['an action without a card against the Crevice, for the game', TABLE, { actorId: 'erik', action: 'ACTION_WITHOUT_CARD', attribute: 'STR', opponent: { forTheGameCardId: 'world-crevice-1' } }, ['erik']],
    ['an attack against the Dragon card, for the game, counting only what a DEFEND adds', TABLE, attack({ opponent: { forTheGameCardId: 'creature-dragon-1' }, opposingAction: 'DEFEND' }), ['erik']],
    ['a Challenge Number of 15', TABLE, { actorId: 'erik', action: 'ACTION_WITH_CARD', attribute: 'AGL', challengeNumber: 15 }, ['erik']],
    ['a draw pile of 1: the second card comes from the discard pile shuffled back', { drawPile: ['world-swamp-1'], discardPile: ['world-village-1', 'item-rope-1', 'world-dark-forest-1'], hands: { fighter: ['creature-troll-1', 'item-dagger-1'] } }, attack(), ['erik']],
    ['an empty draw pile: both cards from the discard pile shuffled back', { drawPile: [], discardPile: ['world-village-1', 'world-swamp-1', 'world-dark-forest-1'] }, attack(), ['erik']],
    ['the GM sees every hand: only the draw pile is unseen', TABLE, attack(), ['erik', 'fighter', LEAD_PLAYER]],
  ])('%s: against every way the unseen cards can lie', (_, layout, input, viewers) => {
    // The empty-pile case puts every other card on the table, so that the discard pile stays small.
    const state = table(layout);
    if (layout.drawPile.length < 2) {
      const named = new Set(layout.discardPile);
      state.piles.table = state.piles.discardPile.filter((id) => !named.has(id));
      state.piles.discardPile = state.piles.discardPile.filter((id) => named.has(id));
    }
    const odds = oddsOf(state, input, viewers);
    const brute = bruteForce(state, input, viewers);
    // The damage distribution sums to 1 within 1e-12.
    expect(Math.abs(odds.damage.reduce((sum, { probability }) => sum + probability, 0) - 1)).toBeLessThanOrEqual(1e-12);
    expect(odds).toMatchObject({
      win: close(brute.win),
      tieWonByInitiator: close(brute.tie),
      defeatsOpponent: close(brute.defeated),
      damage: [...brute.damage].sort(([a], [b]) => a - b).map(([damage, probability]) => ({ damage, probability: close(probability) })),
      expectedDamage: close([...brute.damage].reduce((sum, [damage, probability]) => sum + damage * probability, 0)),
    });
  });

  it.each<[string, number, Partial<DrawInput>]>([
    ['Erik attacks a group of two Goblins (12 Health): the group defends as one Goblin would', 12, {}],
    ['Erik attacks the last Goblin, at 3 Health: any won attack for 3 or more fells the group', 3, {}],
    ['Erik casts a spell at the Goblins: DEFEND_SPELL answers, and no spell deals damage', 12, { action: 'SPELL' }],
  ])('%s: against every way the unseen cards can lie', (_, health, extra) => {
    const state = table(TABLE);
    state.foes = [{ id: 'foe-3', creatureCardId: 'creature-goblins-1', count: Math.ceil(health / 6), healthEach: 6, health }];
    const input = attack({ opponent: { foeId: 'foe-3' }, ...extra });
    const odds = oddsOf(state, input);
    const brute = bruteForce(state, input);
    expect(odds.counterModifiers).not.toBeNull();
    expect(odds).toMatchObject({
      win: close(brute.win),
      tieWonByInitiator: close(brute.tie),
      defeatsOpponent: close(brute.defeated),
      damage: [...brute.damage].sort(([a], [b]) => a - b).map(([damage, probability]) => ({ damage, probability: close(probability) })),
    });
  });

  it('worked example: Erik +9 against the Orc +5, the unseen cards of Force 1, 7 and 9: he wins 4 of the 6 orders, for 5 damage on average', () => {
    const state = table({ drawPile: ['world-village-1', 'world-dark-forest-1'], hands: { fighter: ['world-swamp-1'] } });
    expect([...state.piles.drawPile, ...state.piles.hands.fighter].map((id) => forceOf(deck.find((card) => card.id === id)!))).toEqual([1, 7, 9]);
    // 9 + f against 5 + g: (1, 7) and (1, 9) lose; (7, 1) 10, (7, 9) 2, (9, 1) 12, (9, 7) 6.
    expect(oddsOf(state, attack())).toMatchObject({
      modifier: 9,
      counterModifier: 5,
      win: close(4 / 6),
      tieWonByInitiator: 0,
      expectedDamage: close(5),
      damage: [
        { damage: 0, probability: close(2 / 6) },
        { damage: 2, probability: close(1 / 6) },
        { damage: 6, probability: close(1 / 6) },
        { damage: 10, probability: close(1 / 6) },
        { damage: 12, probability: close(1 / 6) },
      ],
      // The Orc has 6 Health: 6, 10 and 12 fell it.
      defeatsOpponent: close(3 / 6),
      reshuffles: false,
    });
  });

  it('a Challenge Number: only the first card counts, and an equal score is the tie the initiator wins', () => {
    const state = table({ drawPile: ['world-village-1', 'world-dark-forest-1'], hands: { fighter: ['world-swamp-1'] } });
    // Erik's +9 with 1, 7 or 9: 10, 16, 18 against 16.
    expect(oddsOf(state, attack({ opponent: undefined, challengeNumber: 16 }))).toMatchObject({ win: close(2 / 3), tieWonByInitiator: close(1 / 3), counterModifiers: null, challengeNumber: 16, expectedDamage: 0 });
  });
});

describe('enchantedRealmsDrawOdds answers from the asker’s view alone', () => {
  const original = table(TABLE);
  const rearranged = (change: (piles: DeckPiles) => void): EnchantedRealmsTable => {
    const state = table(TABLE);
    change(state.piles);
    return state;
  };

  it.each<[string, EnchantedRealmsTable]>([
    ["a card swapped between the draw pile and Bo's hand", rearranged((piles) => ([piles.drawPile[0], piles.hands.fighter[0]] = [piles.hands.fighter[0], piles.drawPile[0]]))],
    ["a card swapped between the draw pile and the Lead Player's hand", rearranged((piles) => ([piles.drawPile[1], piles.hands[LEAD_PLAYER][1]] = [piles.hands[LEAD_PLAYER][1], piles.drawPile[1]]))],
    ['the draw pile in reverse order', rearranged((piles) => piles.drawPile.reverse())],
  ])('%s: bit-identical view and odds', (_, state) => {
    expect(state.piles).not.toEqual(original.piles);
    expect(enchantedRealmsOddsView(state, ['erik'])).toStrictEqual(enchantedRealmsOddsView(original, ['erik']));
    for (const input of [attack(), attack({ opponent: undefined, challengeNumber: 14 })]) {
      expect(enchantedRealmsDrawOdds(enchantedRealmsOddsView(state, ['erik']), input)).toStrictEqual(enchantedRealmsDrawOdds(enchantedRealmsOddsView(original, ['erik']), input));
    }
  });

  it('the view holds the asker’s hand, the cards in front of characters and the unseen cards in id order', () => {
    const view = enchantedRealmsOddsView(original, ['erik']);
    expect(view).toMatchObject({ viewerHolderIds: ['erik'], hands: { erik: ['item-shield-1', 'item-staff-1'] }, drawPileCount: 8 });
    expect(view.characters.orc).toEqual({ sheet: { heroCardId: 'creature-orc-1', creatureCardId: 'item-scale-mail-1', health: 6 }, tableCards: ['creature-orc-1', 'item-scale-mail-1'] });
    expect(view.hands[LEAD_PLAYER]).toBeUndefined();
    expect(view.unseenCards).toEqual([...TABLE.drawPile, ...TABLE.hands!.fighter, ...TABLE.hands![LEAD_PLAYER]].sort());
  });
});

describe('enchantedRealmsDrawOdds refuses what the Draw would refuse', () => {
  it.each<[string, Partial<DrawInput>, string]>([
    ['an actor without cards', { actorId: 'zed' }, 'NOT_AN_ADVENTURER'],
    ['a character against itself', { opponent: { characterId: 'erik' } }, 'SAME_CHARACTER'],
    ['a card not in the deck', { opponent: { forTheGameCardId: 'no-such-card' } }, 'UNKNOWN_CARD'],
    ['a group of foes not in the scene', { opponent: { foeId: 'foe-9' } }, 'NO_SUCH_FOE'],
  ])('%s', (_, extra, reason) => {
    const state = table(TABLE);
    const odds = enchantedRealmsDrawOdds(enchantedRealmsOddsView(state, ['erik']), attack(extra));
    const draw = makeDraw(state, attack(extra), new EveryOutcome());
    expect(!odds.ok && odds.violation.reason).toBe(reason);
    expect(!draw.ok && draw.violation.reason).toBe(reason);
  });

  it('refuses a defeated actor or target', () => {
    const state = table(TABLE);
    state.characters.orc.sheet!.health = 0;
    const against = enchantedRealmsDrawOdds(enchantedRealmsOddsView(state, ['erik']), attack());
    const by = enchantedRealmsDrawOdds(enchantedRealmsOddsView(state, ['erik']), { actorId: 'orc', action: 'ATTACK', opponent: { characterId: 'erik' } });
    expect([!against.ok && against.violation.reason, !by.ok && by.violation.reason]).toEqual(['TARGET_DEFEATED', 'CHARACTER_DEFEATED']);
  });

  it('refuses a Draw with no card left to draw', () => {
    const state = table({ drawPile: [] });
    state.piles.table = state.piles.discardPile;
    state.piles.discardPile = [];
    const odds = enchantedRealmsDrawOdds(enchantedRealmsOddsView(state, ['erik']), attack());
    expect(!odds.ok && odds.violation.reason).toBe('NOT_ENOUGH_CARDS');
    expect(makeDraw(state, attack(), new EveryOutcome()).ok).toBe(false);
  });
});
