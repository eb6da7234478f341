/**
 * Every ruleset's replayers, by event type: what the verifier re-derives outcomes with. A new
 * ruleset adds its REPLAYERS here (README, "Adding a ruleset").
 */
import type { Replayer } from '../kernel/replay.js';
import { REPLAYERS as ENCHANTED_REALMS_CARDS } from '../enchanted-realms-cards/replay.js';
import { REPLAYERS as ENCHANTED_REALMS_D20 } from '../enchanted-realms-d20/replay.js';
import { REPLAYERS as TENTH_REALM } from '../tenth-realm/replay.js';
import { REPLAYERS as YTTERDORREN } from '../ytterdorren/replay.js';
import { REPLAYERS as YUMMELL } from '../yummell/replay.js';

export const REPLAYERS: Readonly<Record<string, Replayer>> = { ...YTTERDORREN, ...YUMMELL, ...ENCHANTED_REALMS_D20, ...TENTH_REALM, ...ENCHANTED_REALMS_CARDS };
