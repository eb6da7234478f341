import { standingOf, turnOf, type Combatant, type D20Combat } from '../../rules/enchanted-realms-d20/state.js';
import type { EnchantedRealmsD20Campaign, EnchantedRealmsD20Combat, EnchantedRealmsD20Combatant } from './enchanted-realms-d20.model.js';
import type { CombatRecord, D20CampaignState } from './enchanted-realms-d20.repository.js';

/** A combatant as the API shows it: its record and what its conditions mean now. Nothing of it is hidden. */
export function combatantView(campaignId: string, combatant: Combatant): EnchantedRealmsD20Combatant {
  return {
    id: combatant.id,
    campaignId,
    name: combatant.name,
    characterId: combatant.characterId,
    defense: combatant.defense,
    armorWorn: combatant.armorWorn,
    armorValue: combatant.armorValue,
    skills: combatant.skills,
    immunities: combatant.immunities,
    conditions: combatant.conditions,
    damageTaken: combatant.damageTaken,
    pain: combatant.pain,
    anxiety: combatant.anxiety,
    spite: combatant.spite,
    calledCheck: combatant.calledCheck,
    standing: standingOf(combatant),
  };
}

/** A combat tracker with its combatants in turn order, as they stand in `combatants`. */
export function combatView(campaignId: string, combat: D20Combat, combatants: Record<string, Combatant>): EnchantedRealmsD20Combat {
  return {
    id: combat.id,
    campaignId,
    status: combat.status,
    round: combat.round,
    turnOf: turnOf(combat),
    combatants: combat.order.map((id) => combatantView(campaignId, combatants[id])),
  };
}

export function campaignView(campaignId: string, state: D20CampaignState, combats: readonly CombatRecord[]): EnchantedRealmsD20Campaign {
  return {
    // jsonb keeps no key order: by name, then id, so that a list reads the same every time.
    combatants: Object.values(state.combatants)
      .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1))
      .map((combatant) => combatantView(campaignId, combatant)),
    combats: combats.map((record) => combatView(campaignId, record.combat, state.combatants)),
    activeCombatIds: combats.filter((record) => record.combat.status === 'ACTIVE').map((record) => record.id),
  };
}
