/**
 * Ending conditions outside the combat tracker: a short rest, and the treatments the crit table
 * names (enchanted-realms-d20.md, "Crit-effect table"; seed 004, lines 27, 40–44).
 */
import { rule } from '../kernel/outcome.js';
import { copyData } from '../plain-data.js';
import { requireId } from './combatant.js';
import { endConditions, type ConditionEnded } from './conditions.js';
import { CRIT_EFFECTS, critRowOf, TURN_BOUND, type CritEffect } from './crit-table.js';
import { activeCombatOf, combatantOf, D20_EVENTS, refuse, type Combatant, type D20State } from './state.js';

export interface ShortRestInput {
  campaignId?: string;
  /** The combatants who rest. */
  combatantIds: string[];
}

/**
 * `enchantedRealmsD20ShortRest`: the resting combatants' conditions that last until a short rest
 * end (Beaten, Shocked, Ear-split, Leg Strike). **Decision**: so do their turn-bound ones (a rest
 * outlasts any turn); those that wait for a correction, a repair, a bandage or a spell stay, and a
 * combatant in an active combat cannot rest.
 */
export const shortRest = rule<D20State, ShortRestInput, { ended: ConditionEnded[] }>(D20_EVENTS.shortRest, (play, input) => {
  if (!Array.isArray(input.combatantIds) || input.combatantIds.length === 0) refuse('UNKNOWN_COMBATANT', 'name the combatants who rest');
  const resting = new Set(input.combatantIds.map((id) => combatantOf(play.state, requireId(id, 'combatantIds')).id));
  for (const id of resting) {
    if (activeCombatOf(play.state, id)) refuse('IN_COMBAT', `${play.state.combatants[id].name} is still fighting: end the combat before resting`);
  }
  const ended = endConditions(
    play.state,
    (holderId, condition) => resting.has(holderId) && (condition.lastsUntil === 'UNTIL_SHORT_REST' || TURN_BOUND.includes(condition.lastsUntil)),
  );
  return { ended };
});

export const TREATMENTS = ['BANDAGE', 'SALVE', 'TREATMENT_SPELL', 'CORRECT', 'REPAIR'] as const;
/**
 * BANDAGE and SALVE are items; TREATMENT_SPELL a healing spell of some strength; CORRECT an action
 * spent setting the garb right; REPAIR mending the armor.
 */
export type Treatment = (typeof TREATMENTS)[number];

/** **Decision**: treatment spells come in three strengths; "a moderate treatment spell" means moderate or stronger. */
export const SPELL_STRENGTHS = ['MINOR', 'MODERATE', 'MAJOR'] as const;
export type SpellStrength = (typeof SPELL_STRENGTHS)[number];

/**
 * What ends each treatable condition (seed 004, lines 27, 40–44):
 * - Bleeding, "until bandaged or healed": a bandage, a salve or any treatment spell
 *   (**Decision**: a salve and a spell heal);
 * - Marked: a treatment spell of at least moderate strength; not a salve;
 * - Garb Issue: an action used to correct it;
 * - Wardrobe Malfunction: a repair, costing 10% of the armor's value.
 */
export const CURES: Partial<Record<CritEffect, { treatments: readonly Treatment[]; minimumSpell?: SpellStrength }>> = {
  BLEEDING: { treatments: ['BANDAGE', 'SALVE', 'TREATMENT_SPELL'], minimumSpell: 'MINOR' },
  MARKED: { treatments: ['TREATMENT_SPELL'], minimumSpell: 'MODERATE' },
  GARB_ISSUE: { treatments: ['CORRECT'] },
  WARDROBE_MALFUNCTION: { treatments: ['REPAIR'] },
};

/** Wardrobe Malfunction's repair: 10% of the armor's value, above the normal maintenance fee (seed 004, line 44). */
export const REPAIR_COST_PERCENT = 10;

export interface TreatInput {
  combatantId: string;
  condition: CritEffect;
  treatment: Treatment;
  /** For a TREATMENT_SPELL. */
  spellStrength?: SpellStrength | null;
}

export interface TreatResult {
  /** The repair's cost for Wardrobe Malfunction, when the armor's value is recorded; else null. */
  repairCost: number | null;
  combatant: Combatant;
}

/**
 * `enchantedRealmsD20Treat`: ends one condition with the treatment the table names for it
 * ({@link CURES}); any other treatment is refused with what would work. **Decision**: anyone may
 * treat, in or out of combat; the repair cost is rounded up to a whole coin.
 */
export const treat = rule<D20State, TreatInput, TreatResult>(D20_EVENTS.conditionTreated, (play, input) => {
  const combatant = combatantOf(play.state, requireId(input.combatantId, 'combatantId'));
  if (!CRIT_EFFECTS.includes(input.condition)) refuse('NO_SUCH_CONDITION', `${JSON.stringify(input.condition)} is not a condition of the crit table`);
  if (!TREATMENTS.includes(input.treatment)) refuse('UNKNOWN_TREATMENT', `a treatment is one of ${TREATMENTS.join(', ')}`);
  const row = critRowOf(input.condition);
  const index = combatant.conditions.findIndex((condition) => condition.name === input.condition);
  if (index === -1) refuse('NO_SUCH_CONDITION', `${combatant.name} is not suffering ${row.name}`);
  const cure = CURES[input.condition];
  if (cure === undefined) refuse('NOT_TREATABLE', `${row.name} cannot be treated: it ${lastsUntilText(row.lastsUntil)}`);
  if (!cure.treatments.includes(input.treatment)) {
    refuse('TREATMENT_DOES_NOT_WORK', `${treatmentText(input.treatment)} does not end ${row.name}: ${cure.treatments.map(treatmentText).join(' or ')} does`);
  }
  if (input.treatment === 'TREATMENT_SPELL') {
    const strength = input.spellStrength ?? 'MINOR';
    if (!SPELL_STRENGTHS.includes(strength)) refuse('UNKNOWN_TREATMENT', `a treatment spell is ${SPELL_STRENGTHS.join(', ')}`);
    if (SPELL_STRENGTHS.indexOf(strength) < SPELL_STRENGTHS.indexOf(cure.minimumSpell!)) {
      refuse('TREATMENT_DOES_NOT_WORK', `a ${strength.toLowerCase()} treatment spell does not end ${row.name}: it takes a ${cure.minimumSpell!.toLowerCase()} one`);
    }
  }
  combatant.conditions.splice(index, 1);
  const repairCost =
    input.condition === 'WARDROBE_MALFUNCTION' && combatant.armorValue !== null ? Math.ceil((combatant.armorValue * REPAIR_COST_PERCENT) / 100) : null;
  return { repairCost, combatant: copyData(combatant) };
});

function treatmentText(treatment: Treatment): string {
  return { BANDAGE: 'a bandage', SALVE: 'a salve', TREATMENT_SPELL: 'a treatment spell', CORRECT: 'an action to correct it', REPAIR: 'a repair' }[treatment];
}

function lastsUntilText(lastsUntil: Combatant['conditions'][number]['lastsUntil']): string {
  if (lastsUntil === 'UNTIL_SHORT_REST') return 'lasts until a short rest';
  return 'ends with the turn the combat tracker names';
}
