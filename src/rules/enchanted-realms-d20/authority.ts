/**
 * Who decides each input of each d20 mutation (src/rules/kernel/authority.ts). ACTING_PLAYER is the
 * player of the character who acts (for a combatant, its `characterId`), or the GM for them; a foe
 * has no player, so the GM decides everything a foe does (seed 004, line 50: "the bad guys can also
 * crit the PCs"). Where the seed is silent the row says **Decision**.
 */
import type { AuthorityRow } from '../kernel/authority.js';

const SPEC = 'enchanted-realms-d20.md';

const rows = (action: string, decided: Array<[input: string, decidedBy: AuthorityRow['decidedBy'], source: string]>): AuthorityRow[] =>
  decided.map(([input, decidedBy, source]) => ({ action, input, decidedBy, source }));

export const AUTHORITY: readonly AuthorityRow[] = [
  ...rows('enchantedRealmsD20CreateCombatant', [
    ['*', 'ACTING_PLAYER', `${SPEC}, "Crits": player characters and foes alike. Decision: a player adds the combatant of their own character, the GM adds foes`],
    ['campaignId', 'ACTING_PLAYER', 'Decision: the campaign the member belongs to'],
    ['name', 'ACTING_PLAYER', 'Decision: the character\'s player names its combatant; the GM names foes'],
    ['characterId', 'ACTING_PLAYER', 'Decision: only the character\'s player (or the GM) links it'],
    ['defense', 'ACTING_PLAYER', `${SPEC}, "Dice pools": Defense is the target's number, read from its sheet`],
    ['armorWorn', 'ACTING_PLAYER', 'seed 004, line 44: whether armor is worn decides Garb Issue and Wardrobe Malfunction; from the sheet'],
    ['armorValue', 'ACTING_PLAYER', 'seed 004, line 44: the armor\'s value prices the repair; from the sheet'],
    ['skills', 'ACTING_PLAYER', `${SPEC}, "Dice pools": the skill tree on the character's sheet`],
    ['immunities', 'GM', 'seed 004, line 50: "some creatures may be immune" — the GM knows a creature\'s nature; a character\'s too (Decision)'],
  ]),
  ...rows('enchantedRealmsD20Attack', [
    ['*', 'ACTING_PLAYER', 'seed 004, line 50: the attacker acts; the GM acts for foes'],
    ['attackerId', 'ACTING_PLAYER', 'the acting combatant'],
    ['targetId', 'ACTING_PLAYER', 'the attacker picks its target (a confused one is held to the drawn target by the rule)'],
    ['kind', 'ACTING_PLAYER', 'the attacker\'s weapon: melee or ranged'],
    ['skills', 'ACTING_PLAYER', `${SPEC}, "Dice pools": one d20 per applicable skill — the attacker says which of its skills apply`],
    ['advantage', 'GM', 'Decision: the GM rules on the circumstances that give advantage (Off Balance is applied by the rule itself)'],
    ['disadvantage', 'GM', 'Decision: the GM rules on the circumstances that give disadvantage (Heavy Blow is applied by the rule itself)'],
    ['modifier', 'ACTING_PLAYER', `${SPEC}, "Dice pools": die + modifiers — the attacker's modifiers from its sheet (Decision)`],
    ['damagePerHit', 'ACTING_PLAYER', `${SPEC}, "Dice pools", Decision: the weapon's damage`],
    ['grantsCrit', 'GM', 'seed 004, line 47: a crit from "the skill, spell or effect" — the GM rules that an effect grants it'],
  ]),
  ...rows('enchantedRealmsD20CallCheck', [
    ['*', 'GM', 'seed 004, line 17: the GM calls for the check and calculates its Target Value'],
    ['combatantId', 'GM', 'the combatant the GM calls on'],
    ['kind', 'GM', 'seed 004, line 17: the GM calls for the check, save or competition'],
    ['targetValue', 'GM', 'seed 004, line 17: "the Target Value has been calculated" — set by the GM'],
    ['advantage', 'GM', 'Decision: the GM rules on the circumstances'],
    ['disadvantage', 'GM', 'Decision: the GM rules on the circumstances (conditions are applied by the rule)'],
    ['subAttribute', 'GM', 'Decision: the GM says which save is made (Beaten and Shocked depend on it)'],
    ['social', 'GM', 'Decision: the GM says whether the roll is a social interaction (Marked depends on it)'],
  ]),
  ...rows('enchantedRealmsD20Check', [
    ['*', 'ACTING_PLAYER', 'the checking combatant rolls; the GM rolls for foes'],
    ['combatantId', 'ACTING_PLAYER', 'the combatant who rolls'],
    ['kind', 'GM', 'seed 004, line 17: the GM calls for the check, save or competition — a player rolls the one called (asCalled)'],
    ['dice', 'ACTING_PLAYER', `${SPEC}, "Dice pools": the roller's applicable skills`],
    ['modifier', 'ACTING_PLAYER', `${SPEC}, "Saves and checks": the roller's score or modifier`],
    ['targetValue', 'GM', 'seed 004, line 17: "the Target Value has been calculated" — set by the GM; a player rolls against the one called (asCalled)'],
    ['advantage', 'GM', 'Decision: the GM rules on the circumstances (a player\'s check takes the call\'s)'],
    ['disadvantage', 'GM', 'Decision: the GM rules on the circumstances (conditions are applied by the rule)'],
    ['subAttribute', 'GM', 'Decision: the GM says which save is made (Beaten and Shocked depend on it)'],
    ['social', 'GM', 'Decision: the GM says whether the roll is a social interaction (Marked depends on it)'],
    ['asCalled', 'ACTING_PLAYER', 'Decision: the roller answers the GM\'s call; a player\'s check is always the one called'],
  ]),
  ...rows('enchantedRealmsD20StartCombat', [
    ['*', 'GM', 'Decision: the GM starts a combat'],
    ['campaignId', 'GM', 'the GM\'s campaign'],
    ['combatantIds', 'GM', 'Decision: the GM gives who fights, in turn order'],
  ]),
  ...rows('enchantedRealmsD20NextTurn', [
    ['*', 'GM', `${SPEC}, after the table: the combat tracker — the GM advances it`],
    ['encounterId', 'GM', 'the combat being tracked'],
  ]),
  ...rows('enchantedRealmsD20EndCombat', [
    ['*', 'GM', 'Decision: the GM ends a combat'],
    ['encounterId', 'GM', 'the combat that ends'],
  ]),
  ...rows('enchantedRealmsD20ShortRest', [
    ['*', 'GM', `${SPEC}, after the table: a short rest ends conditions — the GM says when the party rests (Decision)`],
    ['campaignId', 'GM', 'the GM\'s campaign'],
    ['combatantIds', 'GM', 'Decision: the GM says who rests'],
  ]),
  ...rows('enchantedRealmsD20Treat', [
    ['*', 'ACTING_PLAYER', "seed 004, lines 42–44: bandaged, salved, corrected, repaired or healed. Decision: the treated combatant's player (or the GM, who also treats foes) records it, whoever applies it"],
    ['combatantId', 'ACTING_PLAYER', 'the combatant treated'],
    ['condition', 'ACTING_PLAYER', 'the condition treated'],
    ['treatment', 'ACTING_PLAYER', 'seed 004, line 44: the treatment used'],
    ['spellStrength', 'ACTING_PLAYER', 'seed 004, line 44: the strength of the treatment spell cast'],
  ]),
];
