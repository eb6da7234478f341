import { EnchantedRealmsModule } from './enchanted-realms-cards/enchanted-realms.module.js';
import { TenthRealmModule } from './tenth-realm/tenth-realm.module.js';

/** The modules of the rulesets whose own rules are implemented: one line per ruleset. */
export const RULESET_MODULES = [TenthRealmModule, EnchantedRealmsModule];
