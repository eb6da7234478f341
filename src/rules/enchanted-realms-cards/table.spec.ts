import fc from 'fast-check';
import { assertConserved, returnDiscards } from '../cards/piles.js';
import { RandomStream } from '../random/random-stream.js';
import { forceOf } from './cards.js';
import { HAND_SIZE } from './reconcile.js';
import { tableHolder } from './rewards.js';
import { ENCHANTED_REALMS_STARTER as deck } from './starter-deck.js';
import {
  answerCall,
  awardReward,
  barter,
  callDraw,
  completeQuest,
  addFoes,
  countCreatures,
  createAdventurer,
  dealLeadHand,
  type DrawInput,
  type EnchantedRealmsTable,
  LEAD_PLAYER,
  layWorld,
  makeDraw,
  reachWorld,
  reconcile,
  supportHolder,
  type TableOutcome,
} from './table.js';

const rng = () => new RandomStream(Buffer.alloc(32, 3), 1);

interface Seat {
  cards: string[];
  memberId: string | null;
  health?: number;
}

/**
 * A table whose draw pile starts with `top` (index 0 is drawn first), with characters seated on
 * their cards and hands as given; every other card of the starter deck follows in list order.
 */
function table(top: string[], seats: Record<string, Seat>, hands: Record<string, string[]> = {}): EnchantedRealmsTable {
  const placed = new Set([...top, ...Object.values(seats).flatMap((seat) => seat.cards), ...Object.values(hands).flat()]);
  return {
    deck,
    piles: {
      drawPile: [...top, ...deck.map((card) => card.id).filter((id) => !placed.has(id))],
      discardPile: [],
      table: [],
      hands: { ...Object.fromEntries(Object.entries(seats).map(([id, seat]) => [tableHolder(id), [...seat.cards]])), ...hands },
    },
    characters: Object.fromEntries(
      Object.entries(seats).map(([id, seat]) => [
        id,
        { memberId: seat.memberId, sheet: { heroCardId: seat.cards[0], creatureCardId: seat.cards[1], health: seat.health ?? 10 } },
      ]),
    ),
    offers: [],
    calls: [],
    overcome: [],
    foes: [],
    nextEventSeq: 1,
  };
}

function played<R>(outcome: TableOutcome<R>): Extract<TableOutcome<R>, { ok: true }> {
  if (!outcome.ok) throw new Error(`refused: ${outcome.violation.reason}: ${outcome.violation.message}`);
  return outcome;
}

/** Erik the Fighter with his Long Sword: attacking at +9 (seed 000). */
const ERIK: Seat = { cards: ['hero-erik-1', 'creature-human-1', 'item-long-sword-1'], memberId: 'ada' };
/** An NPC of the Lead Player's: a Fighter among Orcs. */
const ORC: Seat = { cards: ['hero-fighter-2', 'creature-orc-2'], memberId: null };
const FORCE = { 3: 'item-scale-mail-2', 5: 'hero-fighter-1', 6: 'world-mountain-pass-1', 7: 'world-dark-forest-1' } as const;

describe('the Draw at the table', () => {
  // The worked example's Orc, an NPC: the CREATURE card (AGL +2) in Scale Mail (ARMOR +3).
  const orc: Seat = { cards: ['creature-orc-1', 'item-scale-mail-1'], memberId: null };

  it.each<[string, string[], Partial<DrawInput>, Record<string, unknown>]>([
    [
      'Erik 5 + 9 = 14 against the Orc 7 + 5 = 12: Erik hits for 2 (seed 000)',
      [FORCE[5], FORCE[7]],
      { action: 'ATTACK', opponent: { characterId: 'orc' } },
      { success: true, winnerId: 'erik', margin: 2, damage: 2, targetHealth: 8, defeated: false },
    ],
    [
      'a tie goes to the initiator, and an attack won on a tie deals nothing',
      ['item-bow-1', FORCE[7]],
      { action: 'ATTACK', opponent: { characterId: 'orc' } },
      { success: true, winnerId: 'erik', margin: 0, damage: 0, targetHealth: 10 },
    ],
    [
      'a defender who wins deals no damage',
      ['item-dagger-1', FORCE[7]],
      { action: 'ATTACK', opponent: { characterId: 'orc' } },
      { success: false, winnerId: 'orc', margin: 2, damage: 0, targetHealth: 10 },
    ],
    [
      'the Crevice (Force 2, no bonuses): the game 6 + 2 = 8 beats the leap 5 + 2 = 7 (seed 000)',
      [FORCE[5], FORCE[6]],
      { action: 'ACTION_WITHOUT_CARD', attribute: 'STR', opponent: { forTheGameCardId: 'world-crevice-1' } },
      { success: false, winnerId: null, margin: 1, damage: 0, targetHealth: null },
    ],
    [
      'a Challenge Number is met by an equal score',
      [FORCE[5]],
      { action: 'ATTACK', challengeNumber: 14 },
      { success: true, winnerId: 'erik', margin: 0, counterDraw: null, challengeNumber: 14 },
    ],
    [
      'and missed by one less',
      [FORCE[5]],
      { action: 'ATTACK', challengeNumber: 15 },
      { success: false, winnerId: null, margin: -1 },
    ],
  ])('%s', (_name, top, input, expected) => {
    const before = table(top, { erik: ERIK, orc });
    const outcome = played(makeDraw(before, { actorId: 'erik', ...input } as DrawInput, rng()));
    expect(outcome.result).toMatchObject(expected);
    // Drawn cards go face up to the scene's discard pile, the last drawn on top.
    expect(outcome.state.piles.discardPile).toEqual([...top].reverse());
    expect(outcome.events).toEqual([{ type: 'enchanted-realms.draw', payload: expect.objectContaining({ actorId: 'erik', ...expected }) }]);
    expect(assertConserved(outcome.state.piles, deck)).toBe(true);
  });

  it('lists the modifiers term by term: Erik attacks at STR 2, COMBAT 3, ENHANCE 0, WEAPON 4; the Orc defends at AGL 2, COMBAT 0, ENHANCE 0, ARMOR 3', () => {
    const outcome = played(makeDraw(table([FORCE[5], FORCE[7]], { erik: ERIK, orc }), { actorId: 'erik', action: 'ATTACK', opponent: { characterId: 'orc' } }, rng()));
    expect(outcome.result.draw).toEqual({
      characterId: 'erik', forTheGameCardId: null, action: 'ATTACK', attribute: null, cardId: FORCE[5], force: 5,
      modifiers: [{ term: 'STR', value: 2 }, { term: 'COMBAT', value: 3 }, { term: 'ENHANCE', value: 0 }, { term: 'WEAPON', value: 4 }],
      adjusted: 14,
    });
    expect(outcome.result.counterDraw).toMatchObject({
      characterId: 'orc', action: 'DEFEND', force: 7, adjusted: 12,
      modifiers: [{ term: 'AGL', value: 2 }, { term: 'COMBAT', value: 0 }, { term: 'ENHANCE', value: 0 }, { term: 'ARMOR', value: 3 }],
    });
    expect(outcome.result.counterDraw!.modifiers.reduce((sum, { value }) => sum + value, 0)).toBe(5);
  });

  it('a game Draw against a card with bonuses adds only the relevant ones: those of the answering formula, or the one the Lead Player names', () => {
    // The Castle lists ARMOR 3 and SPECIAL 2: against an ATTACK it defends, so ARMOR counts and SPECIAL does not.
    const attacked = played(makeDraw(table([FORCE[5], FORCE[5]], { erik: ERIK }), { actorId: 'erik', action: 'ATTACK', opponent: { forTheGameCardId: 'world-castle-1' } }, rng()));
    expect(attacked.result.counterDraw).toMatchObject({ action: 'DEFEND', modifiers: [{ term: 'ARMOR', value: 3 }] });
    const climbed = played(
      makeDraw(table([FORCE[5], FORCE[5]], { erik: ERIK }), { actorId: 'erik', action: 'ACTION_WITHOUT_CARD', attribute: 'AGL', opponent: { forTheGameCardId: 'world-castle-1' } }, rng()),
    );
    expect(climbed.result.counterDraw).toMatchObject({ action: 'ACTION_WITHOUT_CARD', modifiers: [{ term: 'SPECIAL', value: 2 }] });
    const defending = played(
      makeDraw(table([FORCE[5], FORCE[5]], { erik: ERIK }), { actorId: 'erik', action: 'ATTACK', opponent: { forTheGameCardId: 'world-castle-1' }, opposingAction: 'DEFEND' }, rng()),
    );
    expect(defending.result.counterDraw).toMatchObject({ action: 'DEFEND', modifiers: [{ term: 'ARMOR', value: 3 }], adjusted: 8 });
    expect(defending.result.targetHealth).toBeNull();
  });

  it('brings a character to 0 Health and no lower: it is defeated, cannot act and cannot be attacked', () => {
    const hurt = table(['item-enchanted-blade-1', 'item-rope-1'], { erik: ERIK, orc: { ...orc, health: 3 } });
    const outcome = played(makeDraw(hurt, { actorId: 'erik', action: 'ATTACK', opponent: { characterId: 'orc' } }, rng()));
    expect(outcome.result).toMatchObject({ damage: 12, targetHealth: 0, defeated: true });
    expect(outcome.state.characters.orc.sheet!.health).toBe(0);
    const again = makeDraw(outcome.state, { actorId: 'erik', action: 'ATTACK', opponent: { characterId: 'orc' } }, rng());
    expect(again).toEqual({ ok: false, violation: { reason: 'TARGET_DEFEATED', message: 'the opposing character is already defeated (0 Health)' } });
    const fallen = makeDraw(outcome.state, { actorId: 'orc', action: 'ATTACK', opponent: { characterId: 'erik' } }, rng());
    expect(fallen).toMatchObject({ ok: false, violation: { reason: 'CHARACTER_DEFEATED' } });
  });

  it.each<[string, Partial<DrawInput>, string]>([
    ['oneself', { opponent: { characterId: 'erik' } }, 'SAME_CHARACTER'],
    ['a character without cards', { opponent: { characterId: 'nobody' } }, 'NOT_AN_ADVENTURER'],
    ['an unknown target card', { opponent: { forTheGameCardId: 'no-such-card' } }, 'UNKNOWN_CARD'],
  ])('refuses a Draw against %s, changing nothing', (_name, input, reason) => {
    const before = table([], { erik: ERIK });
    const copy = structuredClone(before);
    expect(makeDraw(before, { actorId: 'erik', action: 'ATTACK', ...input } as DrawInput, rng())).toMatchObject({ ok: false, violation: { reason } });
    expect(before).toEqual(copy);
  });

  it('refuses a Draw when every card is held', () => {
    const before = table([], { erik: ERIK });
    const held = { ...before, piles: { ...before.piles, drawPile: [], hands: { ...before.piles.hands, [LEAD_PLAYER]: before.piles.drawPile } } };
    expect(makeDraw(held, { actorId: 'erik', action: 'ATTACK', challengeNumber: 1 }, rng())).toMatchObject({ ok: false, violation: { reason: 'NOT_ENOUGH_CARDS' } });
  });
});

describe('characters', () => {
  it('are a HERO and a CREATURE card taken from the deck onto their table, with the stacked Health', () => {
    const before = table([], {});
    const outcome = played(createAdventurer(before, { characterId: 'c1', memberId: 'ada', name: 'Sigrun', heroCardId: 'hero-erik-1', creatureCardId: 'creature-dwarf-1' }, rng()));
    expect(outcome.state.piles.hands[tableHolder('c1')]).toEqual(['hero-erik-1', 'creature-dwarf-1']);
    expect(outcome.state.piles.drawPile).not.toContain('hero-erik-1');
    expect(outcome.result).toEqual({ sheet: { heroCardId: 'hero-erik-1', creatureCardId: 'creature-dwarf-1', health: 12 }, maxHealth: 12 });
    expect(outcome.events[0]).toMatchObject({ type: 'enchanted-realms.character.created', payload: { characterId: 'c1', maxHealth: 12 } });
    expect(assertConserved(outcome.state.piles, deck)).toBe(true);
  });

  it.each<[string, string, string, string, Record<string, string[]>]>([
    ['a creature as the hero', 'creature-orc-1', 'creature-elf-1', 'NOT_A_HERO', {}],
    ['an item as the creature', 'hero-wizard-1', 'item-rope-1', 'NOT_A_CREATURE', {}],
    ['an unknown card', 'hero-nobody', 'creature-elf-1', 'UNKNOWN_CARD', {}],
    ['a card in a hand', 'hero-wizard-1', 'creature-elf-1', 'CARD_NOT_AVAILABLE', { [LEAD_PLAYER]: ['creature-elf-1'] }],
  ])('refuses %s', (_name, heroCardId, creatureCardId, reason, hands) => {
    const outcome = createAdventurer(table([], {}, hands), { characterId: 'c1', memberId: null, name: 'X', heroCardId, creatureCardId }, rng());
    expect(outcome).toMatchObject({ ok: false, violation: { reason } });
  });

  // A free probe of a hidden hand: the answer must not depend on the hand when another check fails.
  it.each<[string, Record<string, string[]>, string]>([
    ['an item as the creature', {}, 'Rope is an ITEM card, not a CREATURE card'],
    ['a creature in front of another character', { [tableHolder('c9')]: ['creature-elf-1'] }, "Elf ('creature-elf-1') is already held or in play: choose another card"],
  ])('answers a hero held in a hidden hand next to %s as it answers a hero in the deck', (_name, hands, message) => {
    const creatureCardId = Object.keys(hands).length === 0 ? 'item-rope-1' : 'creature-elf-1';
    const attempt = (held: Record<string, string[]>) =>
      createAdventurer(table([], {}, { ...hands, ...held }), { characterId: 'c1', memberId: null, name: 'X', heroCardId: 'hero-wizard-1', creatureCardId }, rng());
    expect(attempt({ [LEAD_PLAYER]: ['hero-wizard-1'] })).toMatchObject({ ok: false, violation: { message } });
    expect(attempt({ bo: ['hero-wizard-1'] })).toEqual(attempt({}));
  });
});

describe('rewards', () => {
  /** A challenge of Force 3 that Erik overcame, its Draw's event being #7. */
  const overcome = (table: EnchantedRealmsTable): EnchantedRealmsTable => ({ ...table, overcome: [{ seq: 7, force: 3, characterIds: ['erik'], rewarded: [] }] });

  it('move an ITEM of Force at most the challenge\'s onto the character; Health never rises above the new maximum', () => {
    const before = overcome(table([], { erik: { ...ERIK, health: 7 } }, { erik: ['item-bow-1', 'item-war-axe-1'] }));
    const outcome = played(awardReward(before, { characterId: 'erik', cardId: 'item-bow-1', challengeSeq: 7, acquiredDuringEncounter: false }, rng()));
    expect(outcome.state.piles.hands[tableHolder('erik')]).toContain('item-bow-1');
    expect(outcome.state.characters.erik.sheet!.health).toBe(7);
    expect(outcome.state.overcome).toEqual([]);
    expect(awardReward(before, { characterId: 'erik', cardId: 'item-war-axe-1', challengeSeq: 7, acquiredDuringEncounter: false }, rng())).toEqual({
      ok: false,
      violation: { reason: 'FORCE_TOO_HIGH', message: 'a Force 5 card cannot reward a Force 3 challenge' },
    });
    expect(played(awardReward(before, { characterId: 'erik', cardId: 'item-war-axe-1', challengeSeq: 7, acquiredDuringEncounter: true }, rng())).events[0].payload)
      .toMatchObject({ cardId: 'item-war-axe-1', force: 5, challengeSeq: 7, challengeForce: 3, acquiredDuringEncounter: true });
  });

  it.each([
    ['a challenge nobody overcame', 8, 'erik', 'NOT_OVERCOME'],
    ['a challenge another character overcame', 7, 'mira', 'NOT_INVOLVED'],
  ])('are refused for %s', (_name, challengeSeq, characterId, reason) => {
    const before = overcome(table([], { erik: ERIK, mira: { cards: ['hero-wizard-1', 'creature-elf-1'], memberId: 'bo' } }, { erik: ['item-bow-1'], mira: ['item-rope-1'] }));
    const cardId = characterId === 'erik' ? 'item-bow-1' : 'item-rope-1';
    expect(awardReward(before, { characterId, cardId, challengeSeq, acquiredDuringEncounter: false }, rng())).toMatchObject({ ok: false, violation: { reason } });
  });

  it('may be set aside, and go onto the character when its quest completes', () => {
    const before = overcome(table([], { erik: ERIK }, { erik: ['item-bow-1'] }));
    const aside = played(awardReward(before, { characterId: 'erik', cardId: 'item-bow-1', challengeSeq: 7, acquiredDuringEncounter: false, setAside: true }, rng()));
    expect(aside.state.piles.hands['aside:erik']).toEqual(['item-bow-1']);
    expect(aside.state.piles.hands[tableHolder('erik')]).not.toContain('item-bow-1');
    const done = played(completeQuest(aside.state, { characterId: 'erik' }, rng()));
    expect(done.state.piles.hands[tableHolder('erik')]).toEqual([...ERIK.cards, 'item-bow-1']);
    expect(done.state.piles.hands['aside:erik']).toBeUndefined();
    expect(assertConserved(done.state.piles, deck)).toBe(true);
    expect(completeQuest(done.state, { characterId: 'erik' }, rng())).toMatchObject({ ok: false, violation: { reason: 'NOTHING_SET_ASIDE' } });
  });

  it('give one reward per character per challenge', () => {
    const before = { ...table([], { erik: ERIK }, { erik: ['item-bow-1', 'item-rope-1'] }), overcome: [{ seq: 7, force: 3, characterIds: ['erik', 'mira'], rewarded: [] }] };
    const first = played(awardReward(before, { characterId: 'erik', cardId: 'item-bow-1', challengeSeq: 7, acquiredDuringEncounter: false }, rng()));
    expect(first.state.overcome).toEqual([{ seq: 7, force: 3, characterIds: ['erik', 'mira'], rewarded: ['erik'] }]);
    expect(awardReward(first.state, { characterId: 'erik', cardId: 'item-rope-1', challengeSeq: 7, acquiredDuringEncounter: false }, rng())).toMatchObject({
      ok: false,
      violation: { reason: 'ALREADY_REWARDED' },
    });
  });
});

describe('what a Draw overcomes, and the Draws the Lead Player calls for', () => {
  const seats = { erik: ERIK, orc: { ...ORC, health: 1 } };

  it.each<[string, Partial<DrawInput>, object | null]>([
    ['a Challenge Number met: its Force is the number', { challengeNumber: 3 }, { force: 3, from: 'CHALLENGE_NUMBER', cardId: null }],
    ['a Challenge Number met, of a Force the Lead Player gave', { challengeNumber: 3, challengeForce: 6 }, { force: 6, from: 'CHALLENGE_FORCE', cardId: null }],
    ['a Challenge Number missed: nothing', { challengeNumber: 99 }, null],
    ['the game beaten: the target card\'s Force', { opponent: { forTheGameCardId: 'world-crevice-1' } }, { force: 2, from: 'TARGET_CARD', cardId: 'world-crevice-1' }],
    ['a character defeated: its CREATURE card\'s Force', { opponent: { characterId: 'orc' } }, { force: forceOf(deck.find((card) => card.id === 'creature-orc-2')!), from: 'CREATURE_CARD', cardId: 'creature-orc-2' }],
  ])('%s', (_name, input, expected) => {
    const before = { ...table([FORCE[7], FORCE[3]], seats), nextEventSeq: 12 };
    const outcome = played(makeDraw(before, { actorId: 'erik', action: 'ATTACK', ...input } as DrawInput, rng()));
    expect(outcome.result.overcome).toEqual(expected);
    expect(outcome.state.overcome).toEqual(expected === null ? [] : [{ seq: 12, force: (expected as { force: number }).force, characterIds: ['erik'], rewarded: [] }]);
  });

  it('refuse a defence that does not answer the action', () => {
    const outcome = makeDraw(table([FORCE[5], FORCE[5]], seats), { actorId: 'erik', action: 'ATTACK', opponent: { characterId: 'orc' }, opposingAction: 'SPELL' }, rng());
    expect(outcome).toMatchObject({ ok: false, violation: { reason: 'NOT_AN_ANSWER', message: 'ATTACK is answered by DEFEND, not SPELL' } });
  });

  it('are made by the character on the call\'s terms, once', () => {
    const before = { ...table([FORCE[5]], seats), nextEventSeq: 4 };
    const called = played(callDraw(before, { actorId: 'erik', action: 'ACTION_WITHOUT_CARD', attribute: 'STR', challengeNumber: 8 }, rng()));
    expect(called.state.calls).toEqual([called.result.call]);
    expect(called.result.call).toMatchObject({ seq: 4, actorId: 'erik', challengeNumber: 8 });
    const answered = played(answerCall({ ...called.state, nextEventSeq: 5 }, { actorId: 'erik', callSeq: 4 }, rng()));
    expect(answered.result).toMatchObject({ callSeq: 4, challengeNumber: 8, draw: { action: 'ACTION_WITHOUT_CARD', attribute: 'STR' } });
    expect(answered.events[0].payload).toMatchObject({ callSeq: 4 });
    expect(answered.state.calls).toEqual([]);
    expect(answerCall(answered.state, { actorId: 'erik', callSeq: 4 }, rng())).toMatchObject({ ok: false, violation: { reason: 'NO_SUCH_CALL' } });
    expect(answerCall(called.state, { actorId: 'orc', callSeq: 4 }, rng())).toMatchObject({ ok: false, violation: { reason: 'NO_SUCH_CALL' } });
  });
});

describe('a group of foes from a CREATURE card', () => {
  const GOBLINS = 'creature-goblins-1';

  it('is added by the Lead Player with a count, each creature with the card\'s Health', () => {
    const added = played(addFoes({ ...table([], { erik: ERIK }), nextEventSeq: 7 }, { creatureCardId: GOBLINS, count: 2 }, rng()));
    expect(added.result.foe).toEqual({ id: 'foe-7', creatureCardId: GOBLINS, count: 2, healthEach: 6, health: 12 });
    expect(added.state.foes).toEqual([added.result.foe]);
    expect(added.events).toEqual([{ type: 'enchanted-realms.foes.added', payload: added.result.foe }]);
    expect(added.state.piles).toEqual(table([], { erik: ERIK }).piles);
  });

  it.each<[string, object, string]>([
    ['a card that is not a CREATURE', { creatureCardId: 'hero-erik-1', count: 2 }, 'NOT_A_CREATURE'],
    ['an unknown card', { creatureCardId: 'nope', count: 2 }, 'UNKNOWN_CARD'],
    ['no creatures', { creatureCardId: GOBLINS, count: 0 }, 'INVALID_COUNT'],
    ['a fraction', { creatureCardId: 'creature-goblins-1', count: 1.5 }, 'INVALID_COUNT'],
  ])('refuses %s', (_name, input, reason) => {
    expect(addFoes(table([], { erik: ERIK }), input as { creatureCardId: string; count: number }, rng())).toMatchObject({ ok: false, violation: { reason } });
  });

  it('is the target of a Draw: damage fells creatures front first, carrying over; the last one\'s fall overcomes the group at its card\'s Force', () => {
    const start = played(addFoes({ ...table([FORCE[5], FORCE[3], FORCE[7], FORCE[6]], { erik: ERIK }), nextEventSeq: 3 }, { creatureCardId: GOBLINS, count: 2 }, rng()));
    // Erik 5 + 9 = 14; a Goblin defends at AGL 2: 3 + 2 = 5; 9 damage fells one (6) and wounds the other (3 left).
    const first = played(makeDraw({ ...start.state, nextEventSeq: 4 }, { actorId: 'erik', action: 'ATTACK', opponent: { foeId: 'foe-3' } }, rng()));
    expect(first.result).toMatchObject({ success: true, damage: 9, targetHealth: 3, foesLeft: 1, defeated: false, overcome: null });
    expect(first.result.counterDraw).toMatchObject({ characterId: null, foeId: 'foe-3', action: 'DEFEND', adjusted: 5 });
    expect(first.state.foes).toEqual([{ id: 'foe-3', creatureCardId: GOBLINS, count: 1, healthEach: 6, health: 3 }]);
    expect(first.events[0].payload).toMatchObject({ opponent: { foeId: 'foe-3' }, targetHealthBefore: 12 });
    // Erik 7 + 9 = 16 against 6 + 2 = 8: the last Goblin falls.
    const second = played(makeDraw({ ...first.state, nextEventSeq: 5 }, { actorId: 'erik', action: 'ATTACK', opponent: { foeId: 'foe-3' } }, rng()));
    expect(second.result).toMatchObject({ damage: 8, targetHealth: 0, foesLeft: 0, defeated: true, overcome: { force: 2, from: 'CREATURE_CARD', cardId: GOBLINS } });
    expect(second.state.foes).toEqual([]);
    expect(second.state.overcome).toEqual([{ seq: 5, force: 2, characterIds: ['erik'], rewarded: [] }]);
    expect(makeDraw(second.state, { actorId: 'erik', action: 'ATTACK', opponent: { foeId: 'foe-3' } }, rng())).toMatchObject({ ok: false, violation: { reason: 'NO_SUCH_FOE' } });
  });

  it('refuses a defence that does not answer the action', () => {
    const start = played(addFoes(table([FORCE[5], FORCE[3]], { erik: ERIK }), { creatureCardId: GOBLINS, count: 2 }, rng()));
    expect(makeDraw(start.state, { actorId: 'erik', action: 'ATTACK', opponent: { foeId: 'foe-1' }, opposingAction: 'SPELL' }, rng())).toMatchObject({
      ok: false,
      violation: { reason: 'NOT_AN_ANSWER' },
    });
  });
});

describe('RECONCILE with the end of the scene', () => {
  it('shuffles the scene\'s discard pile and table back first, in the same move; characters keep their cards', () => {
    const before = table([], { erik: ERIK });
    const drawn = played(makeDraw(before, { actorId: 'erik', action: 'ATTACK', challengeNumber: 1 }, rng()));
    expect(drawn.state.piles.discardPile).toHaveLength(1);
    const ended = played(reconcile(drawn.state, { endScene: true }, rng()));
    expect(ended.result.sceneEnded).toBe(true);
    expect(ended.state.piles.discardPile).toEqual([]);
    expect(ended.state.piles.hands.erik).toHaveLength(HAND_SIZE);
    expect(ended.state.piles.hands[tableHolder('erik')]).toEqual(ERIK.cards);
    expect(assertConserved(ended.state.piles, deck)).toBe(true);
    expect(played(reconcile(drawn.state, {}, rng())).state.piles.discardPile).toHaveLength(1);
  });
});

describe('the end of a scene clears the foes and keeps the world laid out', () => {
  const VILLAGE = 'world-village-1';
  const INNKEEPER = 'support-innkeeper-1';

  it('the standing groups of foes leave with the scene, not overcome; a plain RECONCILE keeps them', () => {
    const foes = played(addFoes({ ...table([], { erik: ERIK }), nextEventSeq: 3 }, { creatureCardId: 'creature-goblins-1', count: 2 }, rng()));
    const ended = played(reconcile(foes.state, { endScene: true }, rng()));
    expect(ended.state.foes).toEqual([]);
    expect(ended.state.overcome).toEqual([]);
    expect(ended.result.foesCleared).toEqual(['foe-3']);
    expect(ended.events[0].payload).toMatchObject({ foesCleared: ['foe-3'] });
    const kept = played(reconcile(foes.state, {}, rng()));
    expect(kept.state.foes).toEqual(foes.state.foes);
    expect(kept.result.foesCleared).toEqual([]);
  });

  it('a WORLD card with SUPPORT cards under it stays on the table; one the characters reached goes back with the scene', () => {
    const laid = played(layWorld(table([], { erik: ERIK }), { worldCardId: VILLAGE, supportCardIds: [INNKEEPER] }, rng()));
    const crevice = played(layWorld(laid.state, { worldCardId: 'world-crevice-1', supportCardIds: [] }, rng()));
    const ended = played(reconcile(crevice.state, { endScene: true }, rng()));
    expect(ended.state.piles.table).toEqual([VILLAGE]);
    expect(ended.state.piles.hands[supportHolder(VILLAGE)]).toEqual([INNKEEPER]);
    expect(ended.result.worldsKept).toEqual([VILLAGE]);
    // Everything but the kept world and the cards in hands went back: the replayer shuffles that many.
    const { drawPile, discardPile, table: onTable } = crevice.state.piles;
    expect(ended.events[0].payload).toMatchObject({ shuffledBack: drawPile.length + discardPile.length + onTable.length - 1 });
    expect(assertConserved(ended.state.piles, deck)).toBe(true);

    const reached = played(reachWorld(ended.state, { worldCardId: VILLAGE }, rng()));
    const next = played(reconcile(reached.state, { endScene: true }, rng()));
    expect(next.state.piles.table).toEqual([]);
    expect(next.result.worldsKept).toEqual([]);
  });
});

describe('WORLD cards and the SUPPORT cards under them', () => {
  const VILLAGE = 'world-village-1';
  const [INNKEEPER, MERCHANT, GUARD, HEALER] = ['support-innkeeper-1', 'support-travelling-merchant-1', 'support-town-guard-1', 'support-healer-1'];

  it('the Lead Player lays a WORLD card face up and SUPPORT cards face down under it, from hand or from the deck; their ids are the GM\'s', () => {
    const before = table([], { erik: ERIK }, { [LEAD_PLAYER]: [VILLAGE, INNKEEPER, 'item-rope-1'] });
    const laid = played(layWorld(before, { worldCardId: VILLAGE, supportCardIds: [INNKEEPER, MERCHANT] }, rng()));
    expect(laid.result).toEqual({ worldCardId: VILLAGE, supportLaid: 2, supportCount: 2 });
    expect(laid.state.piles.table).toEqual([VILLAGE]);
    expect(laid.state.piles.hands[supportHolder(VILLAGE)]).toEqual([INNKEEPER, MERCHANT]);
    expect(laid.state.piles.hands[LEAD_PLAYER]).toEqual(['item-rope-1']);
    expect(laid.state.piles.drawPile).not.toContain(MERCHANT);
    expect(assertConserved(laid.state.piles, deck)).toBe(true);
    expect(laid.events).toEqual([
      { type: 'enchanted-realms.world.laid', payload: laid.result, secret: { supportCardIds: [INNKEEPER, MERCHANT] }, secretFor: null },
    ]);
    expect(JSON.stringify(laid.events[0].payload)).not.toContain('support-');

    // More SUPPORT cards under a WORLD card already laid.
    const more = played(layWorld(laid.state, { worldCardId: VILLAGE, supportCardIds: [GUARD] }, rng()));
    expect(more.result).toEqual({ worldCardId: VILLAGE, supportLaid: 1, supportCount: 3 });
    expect(more.state.piles.table).toEqual([VILLAGE]);
  });

  it.each<[string, { worldCardId: string; supportCardIds: string[] }, string]>([
    ['an unknown card', { worldCardId: 'nope', supportCardIds: [] }, 'UNKNOWN_CARD'],
    ['a card that is not a WORLD', { worldCardId: 'hero-erik-1', supportCardIds: [] }, 'NOT_A_WORLD'],
    ['a card under it that is not a SUPPORT', { worldCardId: VILLAGE, supportCardIds: ['item-rope-1'] }, 'NOT_A_SUPPORT'],
    ['a SUPPORT card listed twice', { worldCardId: VILLAGE, supportCardIds: [INNKEEPER, INNKEEPER] }, 'DUPLICATE_CARD'],
    ["a SUPPORT card in a player's hand", { worldCardId: VILLAGE, supportCardIds: [HEALER] }, 'CARD_NOT_AVAILABLE'],
    ['a WORLD card on a character', { worldCardId: 'world-swamp-1', supportCardIds: [] }, 'CARD_NOT_AVAILABLE'],
  ])('refuses %s, changing nothing', (_name, input, reason) => {
    const before = table([], { erik: { ...ERIK, cards: [...ERIK.cards, 'world-swamp-1'] } }, { erik: [HEALER] });
    expect(layWorld(before, input, rng())).toMatchObject({ ok: false, violation: { reason } });
  });

  it('a WORLD card the platform\'s endScene shuffled back finds its SUPPORT cards under it when laid again', () => {
    const laid = played(layWorld(table([], { erik: ERIK }), { worldCardId: VILLAGE, supportCardIds: [INNKEEPER] }, rng()));
    const shuffled = { ...laid.state, piles: returnDiscards(laid.state.piles, rng()) };
    expect(shuffled.piles.table).toEqual([]);
    const again = played(layWorld(shuffled, { worldCardId: VILLAGE, supportCardIds: [] }, rng()));
    expect(again.result).toEqual({ worldCardId: VILLAGE, supportLaid: 0, supportCount: 1 });
    expect(assertConserved(again.state.piles, deck)).toBe(true);
  });

  it('refuses a WORLD card already laid with nothing to put under it', () => {
    const laid = played(layWorld(table([], { erik: ERIK }), { worldCardId: VILLAGE, supportCardIds: [] }, rng()));
    expect(layWorld(laid.state, { worldCardId: VILLAGE, supportCardIds: [] }, rng())).toMatchObject({ ok: false, violation: { reason: 'NOTHING_LAID' } });
  });

  it('the characters move to it: its SUPPORT cards go to the Lead Player\'s hand, in one event only the GM reads', () => {
    const laid = played(layWorld(table([], { erik: ERIK }, { [LEAD_PLAYER]: ['item-rope-1'] }), { worldCardId: VILLAGE, supportCardIds: [INNKEEPER, MERCHANT] }, rng()));
    const reached = played(reachWorld({ ...laid.state, nextEventSeq: 9 }, { worldCardId: VILLAGE }, rng()));
    expect(reached.result).toEqual({ worldCardId: VILLAGE, supportCardIds: [INNKEEPER, MERCHANT], supportCount: 2, leadHandCount: 3, leadReturned: 0 });
    expect(reached.state.piles.hands[LEAD_PLAYER]).toEqual(['item-rope-1', INNKEEPER, MERCHANT]);
    expect(reached.state.piles.hands[supportHolder(VILLAGE)]).toBeUndefined();
    expect(reached.state.piles.table).toEqual([VILLAGE]);
    expect(reached.events).toEqual([
      {
        type: 'enchanted-realms.world.reached',
        payload: { worldCardId: VILLAGE, supportCount: 2, leadHandCount: 3, leadReturned: 0 },
        secret: { cardIds: [INNKEEPER, MERCHANT], returned: [] },
        secretFor: null,
      },
    ]);
    expect(assertConserved(reached.state.piles, deck)).toBe(true);
  });

  it('holds the Lead Player to 5 cards: the excess goes to the bottom of the deck, the newest or the ones the Lead Player names', () => {
    const lead = ['item-rope-1', 'item-dagger-1', 'item-bow-1', 'item-lantern-1'];
    const laid = played(layWorld(table([], { erik: ERIK }, { [LEAD_PLAYER]: lead }), { worldCardId: VILLAGE, supportCardIds: [INNKEEPER, MERCHANT, GUARD] }, rng()));
    const newest = played(reachWorld(laid.state, { worldCardId: VILLAGE }, rng()));
    expect(newest.result).toMatchObject({ supportCount: 3, leadHandCount: HAND_SIZE, leadReturned: 2 });
    expect(newest.state.piles.hands[LEAD_PLAYER]).toEqual([...lead, INNKEEPER]);
    expect(newest.state.piles.drawPile.slice(-2)).toEqual([MERCHANT, GUARD]);
    expect(newest.events[0].secret).toEqual({ cardIds: [INNKEEPER, MERCHANT, GUARD], returned: [MERCHANT, GUARD] });

    const chosen = played(reachWorld(laid.state, { worldCardId: VILLAGE, returns: ['item-rope-1', 'item-dagger-1'] }, rng()));
    expect(chosen.state.piles.hands[LEAD_PLAYER]).toEqual(['item-bow-1', 'item-lantern-1', INNKEEPER, MERCHANT, GUARD]);
    expect(reachWorld(laid.state, { worldCardId: VILLAGE, returns: ['item-rope-1'] }, rng())).toMatchObject({ ok: false, violation: { reason: 'WRONG_RETURN' } });
    expect(reachWorld(laid.state, { worldCardId: VILLAGE, returns: ['item-rope-1', 'item-staff-1'] }, rng())).toMatchObject({
      ok: false,
      violation: { reason: 'CARD_NOT_IN_YOUR_HAND' },
    });
  });

  it('moves to a WORLD card with nothing under it, or reached already: nothing goes to the hand', () => {
    const laid = played(layWorld(table([], { erik: ERIK }, { [LEAD_PLAYER]: ['item-rope-1'] }), { worldCardId: VILLAGE, supportCardIds: [] }, rng()));
    const reached = played(reachWorld(laid.state, { worldCardId: VILLAGE }, rng()));
    expect(reached.result).toEqual({ worldCardId: VILLAGE, supportCardIds: [], supportCount: 0, leadHandCount: 1, leadReturned: 0 });
    expect(reached.state.piles).toEqual(laid.state.piles);
    expect(played(reachWorld(reached.state, { worldCardId: VILLAGE }, rng())).result.supportCount).toBe(0);
  });

  it.each<[string, string, string]>([
    ['a WORLD card not on the table', 'world-crevice-1', 'WORLD_NOT_LAID'],
    ['a card that is not a WORLD', 'hero-erik-1', 'NOT_A_WORLD'],
    ['an unknown card', 'nope', 'UNKNOWN_CARD'],
  ])('refuses to move to %s', (_name, worldCardId, reason) => {
    expect(reachWorld(table([], { erik: ERIK }), { worldCardId }, rng())).toMatchObject({ ok: false, violation: { reason } });
  });
});

describe('barter', () => {
  const seats = { erik: ERIK, mira: { cards: ['hero-wizard-1', 'creature-elf-1'], memberId: 'bo' } };
  const hands = { erik: ['item-bow-1'], mira: ['item-dagger-1', 'item-rope-1'], [LEAD_PLAYER]: ['item-long-sword-2', 'item-dagger-2'] };

  it('between characters waits for both sides, then trades and reports the balance', () => {
    const before = table([], seats, hands);
    const offered = played(barter(before, { from: 'erik', to: 'mira', give: ['item-bow-1'], take: ['item-dagger-1'], acceptedBy: ['erik'] }, rng()));
    expect(offered.result).toEqual({ completed: false, withLeadPlayer: false, giveWorth: 3, takeWorth: 1, balance: 2, awaitingCharacterId: 'mira' });
    expect(offered.state.piles).toEqual(before.piles);
    expect(offered.events[0]).toMatchObject({ type: 'enchanted-realms.barter.offered', secretFor: 'mira', payload: { giveCount: 1, takeCount: 1 } });
    expect(barter(offered.state, { from: 'erik', to: 'mira', give: ['item-bow-1'], take: ['item-dagger-1'], acceptedBy: ['erik'] }, rng()))
      .toMatchObject({ ok: false, violation: { reason: 'ALREADY_ACCEPTED' } });

    // Mira accepts the same terms, from her side.
    const traded = played(barter(offered.state, { from: 'mira', to: 'erik', give: ['item-dagger-1'], take: ['item-bow-1'], acceptedBy: ['mira'] }, rng()));
    expect(traded.result).toMatchObject({ completed: true, balance: -2 });
    expect(traded.state.piles.hands.erik).toEqual(['item-dagger-1']);
    expect(traded.state.piles.hands.mira).toEqual(['item-rope-1', 'item-bow-1']);
    expect(traded.state.offers).toEqual([]);
    expect(traded.events[0]).toMatchObject({ type: 'enchanted-realms.barter.traded', secretFor: 'erik', secret: { give: ['item-dagger-1'], take: ['item-bow-1'] } });
  });

  it('an offer does not tell whether the other side holds what is asked; the acceptance does', () => {
    const before = table([], seats, hands);
    const offered = played(barter(before, { from: 'erik', to: 'mira', give: ['item-bow-1'], take: ['item-shield-1'], acceptedBy: ['erik'] }, rng()));
    expect(barter(offered.state, { from: 'erik', to: 'mira', give: ['item-bow-1'], take: ['item-shield-1'], acceptedBy: ['mira'] }, rng()))
      .toMatchObject({ ok: false, violation: { reason: 'CARD_NOT_IN_YOUR_HAND', message: "card 'item-shield-1' is not in your hand to trade" } });
  });

  it('with the Lead Player goes through when the Force offered is at least the Force asked', () => {
    const before = table([], seats, hands);
    expect(barter(before, { from: 'erik', to: null, give: ['item-bow-1'], take: ['item-long-sword-2'], acceptedBy: ['erik'] }, rng()))
      .toMatchObject({ ok: false, violation: { reason: 'OFFER_TOO_LOW' } });
    const traded = played(barter(before, { from: 'erik', to: null, give: ['item-bow-1'], take: ['item-dagger-2'], acceptedBy: ['erik'] }, rng()));
    expect(traded.result).toEqual({ completed: true, withLeadPlayer: true, giveWorth: 3, takeWorth: 1, balance: 2, awaitingCharacterId: null });
    expect(traded.state.piles.hands[LEAD_PLAYER]).toEqual(['item-long-sword-2', 'item-bow-1']);
    expect(traded.events[0]).toMatchObject({ type: 'enchanted-realms.barter.traded', secretFor: 'erik', payload: { withLeadPlayer: true } });
  });
});

describe('reconcile', () => {
  it('deals every player character to 5, in one event each that only its player reads', () => {
    const seats = { erik: ERIK, mira: { cards: ['hero-wizard-1', 'creature-elf-1'], memberId: 'bo' }, orc: ORC };
    const outcome = played(reconcile(table([], seats, { mira: ['item-rope-1'] }), {}, rng()));
    expect(outcome.result.hands).toEqual([
      { characterId: 'erik', count: 5, drawn: 5, returned: 0 },
      { characterId: 'mira', count: 5, drawn: 4, returned: 0 },
    ]);
    expect(outcome.state.piles.hands.orc).toBeUndefined();
    expect(outcome.events.map((event) => [event.type, event.secretFor])).toEqual([
      ['enchanted-realms.hands.reconciled', null],
      ['enchanted-realms.hand.dealt', 'erik'],
      ['enchanted-realms.hand.dealt', 'mira'],
    ]);
    expect(outcome.events[1].secret).toEqual({ cardIds: outcome.state.piles.hands.erik });
    expect(JSON.stringify(outcome.events.map((event) => event.payload))).not.toContain('"item-');
  });
});

describe('the Lead Player\'s starting hand', () => {
  it('is the top 5 cards, or a quarter of a small deck', () => {
    const { piles, cardIds } = dealLeadHand({ drawPile: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u'], discardPile: [], table: [], hands: {} }, rng());
    expect(cardIds).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(piles.hands[LEAD_PLAYER]).toEqual(cardIds);
    expect(dealLeadHand({ drawPile: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], discardPile: [], table: [], hands: {} }, rng()).cardIds).toEqual(['a', 'b']);
  });
});

describe('the 100 cards at the table', () => {
  const player = fc.constantFrom('erik', 'mira');
  const pick = fc.nat({ max: 120 });
  const command = fc.oneof(
    fc.record({ kind: fc.constant('draw' as const), actor: player, versus: fc.constantFrom('character', 'game', 'number') }),
    fc.record({ kind: fc.constant('creatures' as const), draws: fc.integer({ min: 1, max: 6 }) }),
    fc.record({ kind: fc.constant('award' as const), actor: player, card: pick, force: fc.integer({ min: 0, max: 9 }), acquired: fc.boolean() }),
    fc.record({ kind: fc.constant('barter' as const), actor: player, lead: fc.boolean(), give: fc.array(pick, { maxLength: 2 }), take: fc.array(pick, { maxLength: 2 }) }),
    fc.record({ kind: fc.constant('reconcile' as const) }),
    fc.record({ kind: fc.constant('endScene' as const) }),
  );
  const other = (id: string) => (id === 'erik' ? 'mira' : 'erik');

  it('stay in the piles exactly once through any draws, awards, barters, reconciles and scene ends; a refusal changes nothing', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(command, { maxLength: 30 }), (seq, steps) => {
        const stream = new RandomStream(Buffer.alloc(32, 9), seq);
        const seats = { erik: { ...ERIK, health: 100 }, mira: { cards: ['hero-wizard-1', 'creature-elf-1'], memberId: 'bo', health: 100 } };
        let current = table([], seats);
        current = { ...current, piles: dealLeadHand(current.piles, stream).piles };
        const heldBy = (holder: string, index: number) => {
          const hand = current.piles.hands[holder] ?? [];
          return index < 100 && hand.length > 0 ? hand[index % hand.length] : deck[index % deck.length].id;
        };
        for (const step of steps) {
          const before = structuredClone(current);
          let outcome: TableOutcome<unknown>;
          switch (step.kind) {
            case 'draw':
              outcome = makeDraw(current, {
                actorId: step.actor,
                action: 'ATTACK',
                ...(step.versus === 'character' ? { opponent: { characterId: other(step.actor) } } : step.versus === 'game' ? { opponent: { forTheGameCardId: 'world-crevice-1' } } : { challengeNumber: 9 }),
              }, stream);
              break;
            case 'creatures':
              outcome = countCreatures(current, { creatureCardId: 'creature-goblins-1', draws: step.draws }, stream);
              break;
            case 'award':
              outcome = awardReward(current, { characterId: step.actor, cardId: heldBy(step.actor, step.card), challengeSeq: current.overcome[step.force % 2]?.seq ?? 999, acquiredDuringEncounter: step.acquired }, stream);
              break;
            case 'barter': {
              const to = step.lead ? null : other(step.actor);
              outcome = barter(current, {
                from: step.actor, to,
                give: step.give.map((index) => heldBy(step.actor, index)),
                take: step.take.map((index) => heldBy(to ?? LEAD_PLAYER, index)),
                acceptedBy: to === null ? [step.actor] : [step.actor, to],
              }, stream);
              break;
            }
            case 'reconcile':
              outcome = reconcile(current, {}, stream);
              if (outcome.ok) {
                expect(outcome.state.piles.hands.erik).toHaveLength(HAND_SIZE);
                expect((outcome.state.piles.hands[LEAD_PLAYER] ?? []).length).toBeLessThanOrEqual(HAND_SIZE);
              }
              break;
            case 'endScene':
              outcome = { ok: true, state: { ...current, piles: returnDiscards(current.piles, stream) }, events: [], result: null };
              break;
          }
          expect(current).toEqual(before);
          if (outcome.ok) current = { ...outcome.state, nextEventSeq: current.nextEventSeq + Math.max(1, outcome.events.length) };
          expect(assertConserved(current.piles, deck)).toBe(true);
        }
        // The HERO and CREATURE cards never leave their characters.
        expect(current.piles.hands[tableHolder('erik')].slice(0, 2)).toEqual(['hero-erik-1', 'creature-human-1']);
      }),
      { numRuns: 200 },
    );
  });
});
