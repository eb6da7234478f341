/**
 * The Enchanted Realms d20 ruleset (`enchanted-realms-d20`, enchanted-realms-d20.md, seed 004):
 * its state, its rules by mutation, who decides their inputs, how their events replay, and the
 * odds of an attack. The platform registers this folder through this file.
 */
import { attack } from './attack.js';
import { callCheck, check } from './check.js';
import { endCombat, nextTurn, startCombat } from './combat.js';
import { createCombatant } from './combatant.js';
import { shortRest, treat } from './recovery.js';

export * from './attack-roll.js';
export * from './attack.js';
export * from './authority.js';
export * from './check.js';
export * from './combat.js';
export * from './combatant.js';
export * from './conditions.js';
export * from './crit-table.js';
export * from './odds.js';
export * from './recovery.js';
export * from './replay.js';
export * from './state.js';

/** Each rule under the name of its mutation. */
export const D20_RULES = {
  enchantedRealmsD20CreateCombatant: createCombatant,
  enchantedRealmsD20Attack: attack,
  enchantedRealmsD20CallCheck: callCheck,
  enchantedRealmsD20Check: check,
  enchantedRealmsD20StartCombat: startCombat,
  enchantedRealmsD20NextTurn: nextTurn,
  enchantedRealmsD20EndCombat: endCombat,
  enchantedRealmsD20ShortRest: shortRest,
  enchantedRealmsD20Treat: treat,
} as const;
