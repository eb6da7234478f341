import { ArbiterError } from '../../common/errors.js';
import { EnchantedRealmsD20Service } from './enchanted-realms-d20.service.js';

/** settings() reads nothing but its argument: the service's collaborators are not needed. */
const service = new EnchantedRealmsD20Service(null as never, null as never, null as never, null as never, null as never);
const orc = { name: 'Orc', defense: 13, armorWorn: true, skills: ['MELEE_TRAINING', 'STYLE_CLEAVING'], immunities: ['FEAR'] };

/** The BAD_USER_INPUT settings() throws, as a client reads it. */
function refusal(given: Record<string, unknown>): { message: string; extensions: Record<string, unknown> } {
  try {
    service.settings(given);
  } catch (error) {
    if (error instanceof ArbiterError) return { message: error.message, extensions: error.extensions };
    throw error;
  }
  throw new Error('settings() accepted them');
}

describe('campaign settings: the foes a campaign starts with (settings.combatants)', () => {
  it('leaves settings without foes as they are', () => {
    expect(service.settings({})).toEqual({});
    expect(service.settings({ combatants: null, theme: 'dark' })).toEqual({ combatants: null, theme: 'dark' });
  });

  it('keeps each foe with its defaults: no armor value, no immunities', () => {
    const { immunities: _, ...plain } = orc;
    expect(service.settings({ combatants: [orc, plain] })).toEqual({
      combatants: [
        { ...orc, armorValue: null },
        { ...plain, armorValue: null, immunities: [] },
      ],
    });
  });

  it.each<[string, unknown, string]>([
    ['a list', { orc }, 'settings.combatants'],
    ['at most 100 foes', Array.from({ length: 101 }, () => orc), 'settings.combatants'],
    ['foes that are objects', [orc, 'troll'], 'settings.combatants[1]'],
    ['a name that is not blank', [{ ...orc, name: '   ' }], 'settings.combatants[0].name'],
    ['a Defense of 0 to 1000', [orc, { ...orc, defense: -1 }], 'settings.combatants[1].defense'],
    ['a whole Defense', [{ ...orc, defense: 12.5 }], 'settings.combatants[0].defense'],
    ['armorWorn as a flag', [{ ...orc, armorWorn: 'yes' }], 'settings.combatants[0].armorWorn'],
    ['a positive armor value', [{ ...orc, armorValue: -5 }], 'settings.combatants[0].armorValue'],
    ['skills in UPPER_SNAKE', [{ ...orc, skills: ['style slashing'] }], 'settings.combatants[0].skills'],
    ['each skill once', [{ ...orc, skills: ['CHARGING', 'CHARGING'] }], 'settings.combatants[0].skills'],
    ['immunities the table knows', [{ ...orc, immunities: ['FIRE'] }], 'settings.combatants[0].immunities'],
    ['no character: a foe is the GM\'s', [{ ...orc, characterId: 'c-1' }], 'settings.combatants[0].characterId'],
    ['no field a combatant lacks', [{ ...orc, hitPoints: 7 }], 'settings.combatants[0].hitPoints'],
  ])('needs %s, naming the field', (_, combatants, field) => {
    expect(refusal({ combatants }).extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('names the foe at fault and its index', () => {
    expect(refusal({ combatants: [orc, { ...orc, name: 'Troll', defense: 2000 }] })).toEqual({
      message: "settings.combatants[1].defense ('Troll'): defense must not be greater than 1000",
      extensions: { code: 'BAD_USER_INPUT', field: 'settings.combatants[1].defense', index: 1, name: 'Troll' },
    });
  });
});
