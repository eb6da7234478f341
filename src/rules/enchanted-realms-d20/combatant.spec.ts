import { createCombatant, type CreateCombatantInput } from './combatant.js';
import { D20_EVENTS } from './state.js';
import { accepted, combatant, refused, run, stateWith } from './testing.js';

const orc = (extra: Partial<CreateCombatantInput> = {}): CreateCombatantInput => ({
  campaignId: 'camp',
  combatantId: 'orc-1',
  name: 'Orc',
  defense: 12,
  armorWorn: true,
  skills: ['MELEE_TRAINING', 'STYLE_CLEAVING'],
  immunities: ['FEAR'],
  ...extra,
});

describe('creating a combatant: player characters and foes alike (seed 004, line 50)', () => {
  it('adds a foe with no conditions and nothing taken, and records it', () => {
    const outcome = accepted(run(createCombatant, stateWith([]), orc()));
    const expected = {
      id: 'orc-1',
      name: 'Orc',
      characterId: null,
      defense: 12,
      armorWorn: true,
      armorValue: null,
      skills: ['MELEE_TRAINING', 'STYLE_CLEAVING'],
      immunities: ['FEAR'],
      conditions: [],
      damageTaken: 0,
      pain: 0,
      anxiety: 0,
      spite: 0,
      calledCheck: null,
    };
    expect(outcome.result.combatant).toEqual(expected);
    expect(outcome.state.combatants['orc-1']).toEqual(expected);
    expect(outcome.events).toEqual([{ type: D20_EVENTS.combatantCreated, payload: expect.objectContaining({ combatantId: 'orc-1', combatant: expected }) }]);
  });

  it('links a player character and keeps its armor value; immunities in the table order', () => {
    const outcome = accepted(run(createCombatant, stateWith([]), orc({ characterId: 'char-ana', name: '  Ana ', armorValue: 150, immunities: ['STUN', 'FEAR'] })));
    expect(outcome.result.combatant).toMatchObject({ name: 'Ana', characterId: 'char-ana', armorValue: 150, immunities: ['FEAR', 'STUN'] });
  });

  it.each<[string, Partial<CreateCombatantInput>, string]>([
    ['an id already used', { combatantId: 'bo' }, 'COMBATANT_EXISTS'],
    ['an empty id', { combatantId: '' }, 'INVALID_ID'],
    ["the id '__proto__'", { combatantId: '__proto__' }, 'INVALID_ID'],
    ['a blank name', { name: '   ' }, 'INVALID_NAME'],
    ['a character that already fights', { characterId: 'char-bo' }, 'CHARACTER_ALREADY_COMBATANT'],
    ['a negative Defense', { defense: -1 }, 'INVALID_NUMBER'],
    ['a fractional Defense', { defense: 12.5 }, 'INVALID_NUMBER'],
    ['armor worn that is not a flag', { armorWorn: 'yes' as never }, 'INVALID_NUMBER'],
    ['a negative armor value', { armorValue: -5 }, 'INVALID_NUMBER'],
    ['a skill in lower case', { skills: ['melee_training'] }, 'INVALID_SKILL'],
    ['a skill twice', { skills: ['CHARGING', 'CHARGING'] }, 'DUPLICATE_SKILL'],
    ['an immunity the table does not know', { immunities: ['FIRE' as never] }, 'UNKNOWN_IMMUNITY'],
  ])('refuses %s', (_, input, reason) => {
    const state = stateWith([combatant('bo', { characterId: 'char-bo' })]);
    expect(refused(run(createCombatant, state, orc(input)))).toMatchObject({ reason, message: expect.any(String) });
  });
});
