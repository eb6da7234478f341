import { EnchantedRealmsModule } from './enchanted-realms-cards/enchanted-realms.module.js';
import { EnchantedRealmsD20Module } from './enchanted-realms-d20/enchanted-realms-d20.module.js';
import { TenthRealmModule } from './tenth-realm/tenth-realm.module.js';
import { YtterdorrenModule } from './ytterdorren/ytterdorren.module.js';
import { YummellModule } from './yummell/yummell.module.js';

/**
 * The rule systems this server plays: one module per ruleset, one line each. A ruleset's module
 * registers its definition (kernel/rulesets.ts) and serves its GraphQL and REST; README.md,
 * "Adding a ruleset", says how to write one.
 */
export const RULESET_MODULES = [TenthRealmModule, EnchantedRealmsModule, YtterdorrenModule, YummellModule, EnchantedRealmsD20Module];
