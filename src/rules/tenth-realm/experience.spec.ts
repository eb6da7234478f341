import { blessing, markXp, type AttributeOmen, type ResilienceOmen } from './experience.js';
import type { TenthRealmSheet } from './sheet.js';
import { Play } from './table.js';
import { accepted, activeCharacter, dice, refused, run, tableWith, vanoriOf } from './testing.js';

describe('markXp (tenth-realm.md, "Experience": a setback marks 1, an OWL burn 2; 8 boxes)', () => {
  it.each<[number, boolean, number, number, boolean]>([
    [0, false, 1, 1, false],
    [6, false, 1, 7, false],
    [7, false, 1, 8, true],
    [8, false, 0, 8, true],
    [0, true, 2, 2, false],
    [6, true, 2, 8, true],
    [7, true, 1, 8, true],
  ])('%i boxes, OWL waiting %p: marks %i, track at %i, blessing due %p', (xp, owlDoubleXp, marked, after, blessingDue) => {
    const state = tableWith({ characters: { ana: activeCharacter({ vanori: vanoriOf('OWL'), xp, pending: { owlDoubleXp } }) } });
    const play = new Play(state, dice());
    expect(markXp(play, 'ana')).toBe(marked);
    expect(play.state.characters.ana.xp).toBe(after);
    expect(play.state.characters.ana.pending).toMatchObject({ blessingDue, owlDoubleXp: false });
    // The working copy changes; the state it was made from does not.
    expect(state.characters.ana.xp).toBe(xp);
  });
});

describe("blessing (the Vanori's blessing when the 8 boxes are full)", () => {
  /** Strength +2, dexterity +1, willpower 0, heart −1; resilience 6 of 8; a full track. */
  const ready = (overrides: Parameters<typeof activeCharacter>[0] = {}): TenthRealmSheet =>
    activeCharacter({
      attributes: { STRENGTH: 2, DEXTERITY: 1, WILLPOWER: 0, HEART: -1 },
      resilience: 6,
      maxResilience: 8,
      xp: 8,
      pending: { blessingDue: true },
      ...overrides,
    });

  it.each([0, 1, 7])('is refused with %i boxes: "the XP track is not full (… of 8)"', (xp) => {
    const state = tableWith({ characters: { ana: ready({ xp, pending: { blessingDue: false } }) } });
    expect(refused(run(blessing, state, { characterId: 'ana' }))).toEqual({
      reason: 'XP_TRACK_NOT_FULL',
      message: `the XP track is not full (${xp} of 8)`,
    });
  });

  it('clears the track, then reveals a card per attribute and one for max resilience', () => {
    const state = tableWith({ drawPile: ['QH', '7D', 'AC', '10S', 'KH'], characters: { ana: ready() } });
    const outcome = accepted(run(blessing, state, { characterId: 'ana' }));
    expect(outcome.result).toEqual({
      attributes: [
        { attribute: 'STRENGTH', card: 'QH', omen: 'PLUS_2', increase: 2, value: 4 },
        { attribute: 'DEXTERITY', card: '7D', omen: 'PLUS_1', increase: 1, value: 2 },
        { attribute: 'WILLPOWER', card: 'AC', omen: 'UNCHANGED', increase: 0, value: 0 },
        { attribute: 'HEART', card: '10S', omen: 'BAD_OMEN', increase: 0, value: -1 },
      ],
      badOmens: 1,
      resilienceCard: 'KH',
      resilienceOmen: 'PLUS_2',
      resilienceIncrease: 2,
      maxResilience: 10,
    });
    const sheet = outcome.state.characters.ana;
    expect(sheet.xp).toBe(0);
    expect(sheet.pending.blessingDue).toBe(false);
    expect(sheet.attributes).toEqual({ STRENGTH: 4, DEXTERITY: 2, WILLPOWER: 0, HEART: -1 });
    expect(sheet.maxResilience).toBe(10);
    // Only max resilience changes; current resilience stays where it was.
    expect(sheet.resilience).toBe(6);
    expect(outcome.state.piles.discardPile).toEqual(['KH', '10S', 'AC', '7D', 'QH']);
    expect(outcome.state.piles.hands).toEqual({});
    expect(outcome.events[0].type).toBe('tenth-realm.blessing');
  });

  it.each<[string, AttributeOmen, number]>([
    ['2H', 'PLUS_2', 2],
    ['2D', 'PLUS_1', 1],
    ['2C', 'UNCHANGED', 0],
    ['2S', 'BAD_OMEN', 0],
  ])('an attribute card %s: %s, +%i', (card, omen, increase) => {
    const state = tableWith({ drawPile: [card, '3C', '4C', '5C', '6C'], characters: { ana: ready() } });
    const [strength] = accepted(run(blessing, state, { characterId: 'ana' })).result.attributes;
    expect(strength).toEqual({ attribute: 'STRENGTH', card, omen, increase, value: 2 + increase });
  });

  it.each<[string, ResilienceOmen, number]>([
    ['9H', 'PLUS_2', 2],
    ['9D', 'PLUS_1', 1],
    ['9C', 'UNCHANGED', 0],
    ['9S', 'VISION', 0],
  ])('the resilience card %s: %s, max +%i', (card, resilienceOmen, resilienceIncrease) => {
    const state = tableWith({ drawPile: ['3C', '4C', '5C', '6C', card], characters: { ana: ready() } });
    const outcome = accepted(run(blessing, state, { characterId: 'ana' }));
    expect(outcome.result).toMatchObject({ resilienceCard: card, resilienceOmen, resilienceIncrease, maxResilience: 8 + resilienceIncrease, badOmens: 0 });
  });

  it.each<[string[], number]>([
    [['2S', '3C', '4C', '5C', '6S'], 1],
    [['2S', '3S', '4C', '5C', '6C'], 2],
    [['2S', '3S', '4S', '5H', '6C'], 3],
    [['2S', '3S', '4S', '5S', '6S'], 4],
  ])('more than one ♠ makes the omen grow: %p reports %i bad omens (the resilience ♠ is a vision, not an omen)', (cards, badOmens) => {
    const state = tableWith({ drawPile: cards, characters: { ana: ready() } });
    expect(accepted(run(blessing, state, { characterId: 'ana' })).result.badOmens).toBe(badOmens);
  });

  it.each<[string, TenthRealmSheet]>([
    ['a draft', ready({ status: 'DRAFT' })],
    ['an incapacitated character', ready({ status: 'INCAPACITATED', resilience: 0 })],
  ])('is refused for %s', (_, sheet) => {
    expect(refused(run(blessing, tableWith({ characters: { ana: sheet } }), { characterId: 'ana' })).reason).toBe('NOT_ACTIVE');
  });
});
