import { type UseAbilityInput, yummellUseAbility } from './abilities.js';
import { yummellMove } from './move.js';
import { accepted, artefact, noRandom, raceWith, refused, run, WIND, type RaceOptions } from './testing.js';

const SWORD = artefact('sword', { kind: 'CHALLENGE_BONUS', characteristic: 'STRENGTH', amount: 2 }, 5, 'Sword of Embers');
const CLOAK = artefact('cloak', { kind: 'CHALLENGE_BONUS', characteristic: 'AGILITY', amount: 2 }, 1, 'Elven Cloak');

/**
 * Fulmergh, the caretaker elf with Cleptomania, at the start with a 3 in hand; Grimla on square 3
 * with the Sword of Embers; the top of the deck is `top` (a card of no effect unless said).
 */
function fulmerghsRace(options: RaceOptions & { top?: string } = {}) {
  return raceWith({
    cards: [SWORD, CLOAK, WIND],
    characters: options.characters ?? {
      fulmergh: { name: 'Fulmergh', abilities: ['CLEPTOMANIA'] },
      grimla: { name: 'Grimla', position: 3, artefacts: ['sword'] },
    },
    hands: { fulmergh: ['m4'], grimla: [] },
    drawPile: [options.top ?? 'm1'],
    turn: options.turn,
  });
}

const steal = (extra: Partial<UseAbilityInput> = {}): UseAbilityInput => ({ characterId: 'fulmergh', ability: 'CLEPTOMANIA', targetCharacterId: 'grimla', ...extra });

describe("Fulmergh's Cleptomania, before or after the encounter (seed 003, Encounter)", () => {
  it('before the encounter: he ends his move in Grimla\'s square and takes her Artefact first', () => {
    // 1 + 1 + (1 + Grimla's pawn) = 4.
    const input = { characterId: 'fulmergh', cardId: 'm4', abilitiesBeforeEncounter: [{ ability: 'CLEPTOMANIA' as const, targetCharacterId: 'grimla' }] };
    const outcome = accepted(run(yummellMove, fulmerghsRace(), input, noRandom()));
    expect(outcome.result.position).toBe(3);
    expect(outcome.result.abilities).toEqual([
      { ability: 'CLEPTOMANIA', when: 'BEFORE_ENCOUNTER', square: 3, targetCharacterId: 'grimla', artefact: { cardId: 'sword', name: 'Sword of Embers' } },
    ]);
    expect(outcome.state.characters.fulmergh.artefacts).toEqual(['sword']);
    expect(outcome.state.characters.grimla.artefacts).toEqual([]);
    expect(outcome.events.map((event) => event.type)).toEqual(['yummell.character.moved', 'yummell.ability.used', 'yummell.encounter.drawn']);
    expect(outcome.events[1].payload).toEqual({
      characterId: 'fulmergh',
      ability: 'CLEPTOMANIA',
      when: 'BEFORE_ENCOUNTER',
      square: 3,
      targetCharacterId: 'grimla',
      artefactCardId: 'sword',
      artefactName: 'Sword of Embers',
    });
  });

  it('after the encounter: he did not use it before, and still stands in her square', () => {
    const moved = accepted(run(yummellMove, fulmerghsRace(), { characterId: 'fulmergh', cardId: 'm4' }, noRandom()));
    const outcome = accepted(run(yummellUseAbility, moved.state, steal()));
    expect(outcome.result).toMatchObject({ when: 'AFTER_ENCOUNTER', artefact: { cardId: 'sword' } });
    expect(outcome.state.characters.fulmergh.artefacts).toEqual(['sword']);
  });

  it('after an encounter that moved him out of her square: no longer possible', () => {
    const moved = accepted(run(yummellMove, fulmerghsRace({ top: 'wind' }), { characterId: 'fulmergh', cardId: 'm4' }, noRandom()));
    expect(moved.state.characters.fulmergh.position).toBe(2);
    expect(refused(run(yummellUseAbility, moved.state, steal()))).toEqual({
      reason: 'LEFT_THE_SQUARE',
      message: 'Fulmergh is no longer on the square where the movement ended, where Cleptomania acts',
    });
  });

  it('he picks which Artefact when she has several', () => {
    const state = fulmerghsRace({
      characters: { fulmergh: { name: 'Fulmergh', abilities: ['CLEPTOMANIA'], position: 3 }, grimla: { name: 'Grimla', position: 3, artefacts: ['sword', 'cloak'] } },
      turn: { action: 'MOVED', movementEndedAt: 3 },
    });
    const outcome = accepted(run(yummellUseAbility, state, steal({ artefactCardId: 'cloak' })));
    expect(outcome.state.characters.grimla.artefacts).toEqual(['sword']);
    expect(outcome.state.characters.fulmergh.artefacts).toEqual(['cloak']);
  });
});

describe('when Cleptomania is refused', () => {
  /** Fulmergh has moved to square 3, where Grimla stands; Bo is on square 5. */
  const afterMove = (overrides: RaceOptions['characters'] = {}, turn: RaceOptions['turn'] = { action: 'MOVED', movementEndedAt: 3 }) =>
    fulmerghsRace({
      characters: {
        fulmergh: { name: 'Fulmergh', abilities: ['CLEPTOMANIA'], position: 3 },
        grimla: { name: 'Grimla', position: 3, artefacts: ['sword', 'cloak'] },
        bo: { name: 'Bo', position: 5, artefacts: [] },
        ...overrides,
      },
      turn,
    });

  it.each<[string, ReturnType<typeof afterMove>, Partial<UseAbilityInput>, string, string]>([
    ['before moving', afterMove({}, {}), { artefactCardId: 'sword' }, 'NOT_AFTER_MOVEMENT', "Cleptomania is used at the end of Fulmergh's movement: move first"],
    ['after resting', afterMove({}, { action: 'RESTED' }), { artefactCardId: 'sword' }, 'NOT_AFTER_MOVEMENT', "Cleptomania is used at the end of Fulmergh's movement: move first"],
    ['a second time in the turn', afterMove({}, { action: 'MOVED', movementEndedAt: 3, abilitiesUsed: ['CLEPTOMANIA'] }), { artefactCardId: 'sword' },
      'ABILITY_USED', 'Fulmergh has already used Cleptomania this turn'],
    ['at the start, which is not a square', afterMove({ fulmergh: { name: 'Fulmergh', abilities: ['CLEPTOMANIA'] }, grimla: { name: 'Grimla', artefacts: ['sword'] } }, { action: 'MOVED', movementEndedAt: 0 }),
      {}, 'NOT_ON_A_SQUARE', 'Fulmergh is still at the start, which is not a square: Cleptomania needs a companion in the same square'],
    ['on himself', afterMove(), { targetCharacterId: 'fulmergh' }, 'TARGET_IS_YOU', 'Fulmergh cannot take an Artefact from themself'],
    ['on a character in another square', afterMove(), { targetCharacterId: 'bo' }, 'NOT_IN_YOUR_SQUARE', "Bo is not in Fulmergh's square"],
    ['on a character not in the race', afterMove(), { targetCharacterId: 'zed' }, 'UNKNOWN_CHARACTER', "there is no character 'zed' in this race"],
    ['on a character without Artefacts', afterMove({ bo: { name: 'Bo', position: 3 } }), { targetCharacterId: 'bo' }, 'NO_ARTEFACT', 'Bo has no active Artefact to take'],
    ['without saying which of several', afterMove(), {}, 'CHOOSE_ARTEFACT', 'Grimla has 2 active Artefacts: say which one to take'],
    ['naming an Artefact she does not have', afterMove(), { artefactCardId: 'm1' }, 'NOT_THEIR_ARTEFACT', "card 'm1' is not one of Grimla's active Artefacts"],
    ['by a character without the Ability', afterMove({ fulmergh: { name: 'Fulmergh', position: 3 } }), {}, 'ABILITY_NOT_YOURS', 'Fulmergh does not have the Ability Cleptomania'],
    ['an Ability that does not exist', afterMove(), { ability: 'FLIGHT' as never }, 'UNKNOWN_ABILITY', "there is no Ability 'FLIGHT': the Abilities are CLEPTOMANIA"],
    ['out of turn', afterMove(), { characterId: 'grimla', targetCharacterId: 'fulmergh' }, 'NOT_YOUR_TURN', "it is Fulmergh's turn, not Grimla's"],
  ])('%s', (_, state, extra, reason, message) => {
    expect(refused(run(yummellUseAbility, state, steal(extra)))).toEqual({ reason, message });
  });
});
