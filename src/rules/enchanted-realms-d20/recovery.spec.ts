import type { CritEffect, LastsUntil } from './crit-table.js';
import { shortRest, treat, type SpellStrength, type Treatment, type TreatInput } from './recovery.js';
import type { Condition } from './state.js';
import { accepted, combatant, combatOf, condition, refused, run, stateWith } from './testing.js';

/** Every condition a crit leaves, on the orc (armor value 200). */
const EVERY_CONDITION: Array<[CritEffect, LastsUntil]> = [
  ['OFF_BALANCE', 'ATTACKERS_NEXT_TURN'],
  ['GARB_ISSUE', 'UNTIL_CORRECTED'],
  ['STUCK', 'END_OF_ITS_NEXT_TURN'],
  ['MY_EYES', 'END_OF_ITS_NEXT_TURN'],
  ['CONFUSION', 'ITS_NEXT_TURN'],
  ['HEAVY_BLOW', 'END_OF_ITS_NEXT_TURN'],
  ['AWE_STRUCK', 'END_OF_ITS_NEXT_TURN'],
  ['CRUSHED', 'END_OF_ITS_NEXT_TURN'],
  ['BEATEN', 'UNTIL_SHORT_REST'],
  ['SHOCKED', 'UNTIL_SHORT_REST'],
  ['EAR_SPLIT', 'UNTIL_SHORT_REST'],
  ['LEG_STRIKE', 'UNTIL_SHORT_REST'],
  ['MARKED', 'PERMANENT'],
  ['WARDROBE_MALFUNCTION', 'UNTIL_REPAIRED'],
  ['BLEEDING', 'UNTIL_BANDAGED_OR_HEALED'],
];
const everything = (): Condition[] => EVERY_CONDITION.map(([name, lastsUntil]) => condition(name, lastsUntil, 'ana'));

describe('a short rest ends what lasts until a short rest (enchanted-realms-d20.md, after the table)', () => {
  it('ends Beaten, Shocked, Ear-split, Leg Strike and what is left of turn-bound conditions; the rest stays', () => {
    const state = stateWith([combatant('orc', { conditions: everything() }), combatant('bo', { conditions: [condition('BEATEN', 'UNTIL_SHORT_REST', 'ana')] })]);
    const outcome = accepted(run(shortRest, state, { campaignId: 'camp', combatantIds: ['orc'] }));
    expect(outcome.result.ended.map((one) => one.condition)).toEqual([
      'OFF_BALANCE', 'STUCK', 'MY_EYES', 'CONFUSION', 'HEAVY_BLOW', 'AWE_STRUCK', 'CRUSHED', 'BEATEN', 'SHOCKED', 'EAR_SPLIT', 'LEG_STRIKE',
    ]);
    expect(outcome.state.combatants.orc.conditions.map((one) => one.name)).toEqual(['GARB_ISSUE', 'MARKED', 'WARDROBE_MALFUNCTION', 'BLEEDING']);
    expect(outcome.state.combatants.bo.conditions).toHaveLength(1);
  });

  it.each<[string, string[], string]>([
    ['no one', [], 'UNKNOWN_COMBATANT'],
    ['an unknown combatant', ['zed'], 'UNKNOWN_COMBATANT'],
    ['a combatant still fighting', ['orc'], 'IN_COMBAT'],
  ])('refuses a rest for %s', (_, combatantIds, reason) => {
    const state = stateWith([combatant('orc'), combatant('ana')], [combatOf(['orc', 'ana'])]);
    expect(refused(run(shortRest, state, { combatantIds }))).toMatchObject({ reason, message: expect.any(String) });
  });
});

describe('treatments, as the table says (seed 004, lines 27, 40–44)', () => {
  const treating = (name: CritEffect, treatment: Treatment, spellStrength?: SpellStrength): TreatInput => ({
    combatantId: 'orc',
    condition: name,
    treatment,
    spellStrength,
  });

  it.each<[string, CritEffect, Treatment, SpellStrength | undefined, number | null]>([
    ['Bleeding ends when bandaged', 'BLEEDING', 'BANDAGE', undefined, null],
    ['Bleeding ends when healed by a salve (Decision)', 'BLEEDING', 'SALVE', undefined, null],
    ['Bleeding ends when healed by a minor treatment spell (Decision)', 'BLEEDING', 'TREATMENT_SPELL', 'MINOR', null],
    ['Marked: a moderate treatment spell removes the scar', 'MARKED', 'TREATMENT_SPELL', 'MODERATE', null],
    ['Marked: a major one too (Decision)', 'MARKED', 'TREATMENT_SPELL', 'MAJOR', null],
    ['Garb Issue: an action corrects it', 'GARB_ISSUE', 'CORRECT', undefined, null],
    ['Wardrobe Malfunction: a repair at 10% of the armor value of 200', 'WARDROBE_MALFUNCTION', 'REPAIR', undefined, 20],
  ])('%s', (_, name, treatment, spellStrength, repairCost) => {
    const outcome = accepted(run(treat, stateWith([combatant('orc', { conditions: everything() })]), treating(name, treatment, spellStrength)));
    expect(outcome.result.repairCost).toBe(repairCost);
    expect(outcome.state.combatants.orc.conditions.map((one) => one.name)).toEqual(EVERY_CONDITION.map(([one]) => one).filter((one) => one !== name));
  });

  it.each<[number | null, number | null]>([
    [205, 21],
    [0, 0],
    [null, null],
  ])('a repair of armor worth %p costs %p (rounded up to a whole coin; unknown when the value is not recorded)', (armorValue, repairCost) => {
    const state = stateWith([combatant('orc', { armorValue, conditions: [condition('WARDROBE_MALFUNCTION', 'UNTIL_REPAIRED', 'ana')] })]);
    expect(accepted(run(treat, state, { combatantId: 'orc', condition: 'WARDROBE_MALFUNCTION', treatment: 'REPAIR' })).result.repairCost).toBe(repairCost);
  });

  it.each<[string, CritEffect, Treatment, SpellStrength | undefined, string]>([
    ['a salve does not remove a scar', 'MARKED', 'SALVE', undefined, 'TREATMENT_DOES_NOT_WORK'],
    ['a minor treatment spell does not remove a scar', 'MARKED', 'TREATMENT_SPELL', 'MINOR', 'TREATMENT_DOES_NOT_WORK'],
    ['a bandage does not mend armor', 'WARDROBE_MALFUNCTION', 'BANDAGE', undefined, 'TREATMENT_DOES_NOT_WORK'],
    ['a repair does not stop bleeding', 'BLEEDING', 'REPAIR', undefined, 'TREATMENT_DOES_NOT_WORK'],
    ['Beaten waits for a short rest', 'BEATEN', 'TREATMENT_SPELL', 'MAJOR', 'NOT_TREATABLE'],
    ['Stuck waits for the end of its turn', 'STUCK', 'BANDAGE', undefined, 'NOT_TREATABLE'],
    ['a Hard Hit is not a condition that stays', 'HARD_HIT', 'BANDAGE', undefined, 'NO_SUCH_CONDITION'],
    ['an unknown treatment', 'BLEEDING', 'PRAYER' as Treatment, undefined, 'UNKNOWN_TREATMENT'],
    ['an unknown spell strength', 'BLEEDING', 'TREATMENT_SPELL', 'LEGENDARY' as SpellStrength, 'UNKNOWN_TREATMENT'],
  ])('refuses: %s', (_, name, treatment, spellStrength, reason) => {
    expect(refused(run(treat, stateWith([combatant('orc', { conditions: everything() })]), treating(name, treatment, spellStrength)))).toMatchObject({ reason, message: expect.any(String) });
  });

  it('refuses to treat a condition the combatant does not have, or an unknown combatant', () => {
    expect(refused(run(treat, stateWith([combatant('orc')]), { combatantId: 'orc', condition: 'BLEEDING', treatment: 'BANDAGE' }))).toMatchObject({
      reason: 'NO_SUCH_CONDITION',
      message: 'Orc is not suffering Bleeding',
    });
    expect(refused(run(treat, stateWith([]), { combatantId: 'orc', condition: 'BLEEDING', treatment: 'BANDAGE' }))).toMatchObject({ reason: 'UNKNOWN_COMBATANT' });
  });

  it('says what would work', () => {
    const state = stateWith([combatant('orc', { conditions: everything() })]);
    expect(refused(run(treat, state, { combatantId: 'orc', condition: 'MARKED', treatment: 'SALVE' })).message).toBe(
      'a salve does not end Marked: a treatment spell does',
    );
    expect(refused(run(treat, state, { combatantId: 'orc', condition: 'MARKED', treatment: 'TREATMENT_SPELL', spellStrength: 'MINOR' })).message).toBe(
      'a minor treatment spell does not end Marked: it takes a moderate one',
    );
  });
});
