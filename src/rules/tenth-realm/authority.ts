/**
 * Who decides each input of each Tenth Realm mutation (src/rules/kernel/authority.ts). The GM sets
 * a roll's difficulty: its DR (seed 002 line 124), the changes to it (line 141: "the group decide",
 * the GM having the final say, lines 159, 167, 179) and a feat's damage die (line 239), and the
 * consequences (line 134). The player picks the attribute (line 123), burns their own cards and
 * plays their own character. Where the seed is silent the row says **Decision**.
 */
import type { AuthorityRow, Decider } from '../kernel/authority.js';

const SEED = 'seed 002';

const rows = (action: string, decidedBy: Decider, source: string, inputs: readonly string[]): AuthorityRow[] =>
  inputs.map((input) => ({ action, input, decidedBy, source }));

/** A conjured Vanori's DR reduction in a roll's burns: an input inside a list, `list.field`. */
export const CONJURING_AMOUNT = 'burns.amount';

/** The campaign setting that lets players set their own rolls' difficulty (a lighter table). */
export const PLAYERS_SET_DIFFICULTY = 'playersSetDifficulty';

/** The inputs of a roll a player may give themself when the campaign allows PLAYERS_SET_DIFFICULTY. */
export const DIFFICULTY_INPUTS: readonly string[] = ['dr', 'drAdjustments', 'featDie', 'fate', CONJURING_AMOUNT];

/** The rolls a player makes by answering the GM's call (callId), unless PLAYERS_SET_DIFFICULTY. */
export const CALLED_ROLLS: readonly string[] = ['tenthRealmTrialRoll', 'tenthRealmAttack', 'tenthRealmDefend', 'tenthRealmResilienceCheck', 'tenthRealmDamageEnemyGear'];

const DIFFICULTY = `${SEED} line 124: the GM sets the DR (a player too when the campaign's ${PLAYERS_SET_DIFFICULTY} is on)`;
const CHANGES = `${SEED} line 141: the group decide by how much, the GM having the final say (lines 159, 167, 179)`;
const FATE = `${SEED} line 145: a fate roll when there is no consequential risk. Decision: the GM judges the risk`;
const ARMOR = `${SEED} line 163: "armor may be ignored or damaged at the GM's discretion"`;
const IN_PLACE = `${SEED} lines 237, 256: the GM may inflict a consequence in place of the damage`;
const CONJURED = `${SEED} line 77: conjure the Vanori to roll with a reduced DR; line 141: the group decide by how much, the GM having the final say`;
const TRAVEL = `${SEED} line 117: a day's travel, hex by hex; line 107: the group describes each hex`;
const CALL = `${SEED} lines 123–126: the player rolls the trial the GM called (the GM may roll it in one call)`;

export const AUTHORITY: readonly AuthorityRow[] = [
  ...rows('tenthRealmCreateCharacter', 'ANY_MEMBER', `${SEED}, character creation: each player makes a character`, ['campaignId', 'name']),
  ...rows('tenthRealmCreateCharacter', 'ACTING_PLAYER', 'Decision: a player creates their own; the GM names the player, or none for an NPC', ['memberId']),
  ...rows('tenthRealmRedrawAttribute', 'ACTING_PLAYER', `${SEED} line 71: "you may try to get a better result"`, ['characterId', 'attribute']),
  ...rows('tenthRealmChooseVanori', 'ACTING_PLAYER', `${SEED}, Vanori: the player chooses or rolls`, ['characterId', 'vanori']),
  ...rows('tenthRealmChooseVanori', 'GM', "tenth-realm.md, Character creation 2: a Vanori invented with the GM's approval", ['custom']),
  ...rows('tenthRealmRerollResilience', 'ACTING_PLAYER', 'tenth-realm.md, Character creation: the player may reroll once', ['characterId']),
  ...rows('tenthRealmFinishCharacter', 'ACTING_PLAYER', 'tenth-realm.md, Character creation: the player names the weapon', ['characterId', 'weaponName']),

  ...rows('tenthRealmRollStartingRegion', 'ANY_MEMBER', `${SEED}, the map: the group rolls where it starts`, ['campaignId']),
  ...rows('tenthRealmEnterRegion', 'ANY_MEMBER', `${SEED} line 107: "as a group, describe the region"`, ['campaignId', 'hex', 'notes']),
  ...rows('tenthRealmTravel', 'ANY_MEMBER', `${TRAVEL}. Decision: any member moves the group, as for entering a hex`, ['campaignId', 'mode', 'hexes']),
  ...rows('tenthRealmTravel', 'GM', `${SEED} line 117: a longship sails four hexes "with favorable winds". Decision: the winds are the GM's call`, ['favourableWinds']),
  ...rows('tenthRealmSetRiskRating', 'GM', 'tenth-realm.md, Regions: the GM may step the rating up or down', ['*', 'campaignId', 'hex', 'riskRating']),

  ...rows('tenthRealmCallTrial', 'GM', CALL, ['*', 'characterId']),
  ...rows('tenthRealmCallTrial', 'GM', `${SEED} line 123: the attribute best suited; the GM may name it or leave it to the player`, ['attribute']),
  ...rows('tenthRealmCallTrial', 'GM', `${SEED} line 124: the GM sets the DR`, ['dr']),
  ...rows('tenthRealmCallTrial', 'GM', CHANGES, ['drAdjustments']),
  ...rows('tenthRealmCallTrial', 'GM', `${SEED} line 239: "the GM assigns a damage die"`, ['featDie']),
  ...rows('tenthRealmCallTrial', 'GM', FATE, ['fate']),
  ...rows('tenthRealmCallTrial', 'GM', CONJURED, ['conjuringAmount']),
  ...rows('tenthRealmCallTrial', 'GM', ARMOR, ['ignoreArmor']),
  ...rows('tenthRealmCallTrial', 'GM', IN_PLACE, ['consequenceInPlaceOfDamage']),
  ...rows('tenthRealmRevealRisk', 'ACTING_PLAYER', `${SEED} line 125: the risk is revealed before the roll. Decision: the called player (or the GM) turns the cards; nobody picks them`, [
    'characterId',
    'callId',
  ]),

  ...rows('tenthRealmTrialRoll', 'ACTING_PLAYER', CALL, ['characterId', 'callId']),
  ...rows('tenthRealmTrialRoll', 'ACTING_PLAYER', `${SEED} line 123: "pick the attribute best suited for your action"`, ['attribute']),
  ...rows('tenthRealmTrialRoll', 'ACTING_PLAYER', `${SEED}, burning cards: from the burner's own hand`, ['burns']),
  ...rows('tenthRealmTrialRoll', 'GM', DIFFICULTY, ['dr']),
  ...rows('tenthRealmTrialRoll', 'GM', CHANGES, ['drAdjustments']),
  ...rows('tenthRealmTrialRoll', 'GM', FATE, ['fate']),
  ...rows('tenthRealmTrialRoll', 'GM', CONJURED, [CONJURING_AMOUNT]),
  ...rows('tenthRealmEndConjuring', 'GM', `${SEED} line 77: the Vanori is conjured "for a short while". Decision: the GM says when it ends`, ['*', 'characterId']),
  ...rows('tenthRealmBurnCard', 'ACTING_PLAYER', `${SEED}, burning cards: from the burner's own hand`, ['characterId', 'cardId', 'effect', 'item', 'targetEnemyId', 'targetCharacterId']),

  ...rows('tenthRealmRest', 'ACTING_PLAYER', 'tenth-realm.md, Rest: the character rests. Decision: the player says how and what it repairs or clears', [
    'characterId',
    'kind',
    'repair',
    'clearCondition',
  ]),
  ...rows('tenthRealmResilienceCheck', 'ACTING_PLAYER', 'tenth-realm.md, Resilience: a trial roll at 0 (willpower unless the group picks another)', [
    'characterId',
    'callId',
    'attribute',
    'burns',
  ]),
  ...rows('tenthRealmResilienceCheck', 'GM', DIFFICULTY, ['dr']),
  ...rows('tenthRealmResilienceCheck', 'GM', CHANGES, ['drAdjustments']),
  ...rows('tenthRealmResilienceCheck', 'GM', CONJURED, [CONJURING_AMOUNT]),
  ...rows('tenthRealmLoseResilience', 'GM', `${SEED} line 134: the GM introduces the consequence (loss of resilience)`, ['*', 'characterId', 'amount']),
  ...rows('tenthRealmTendWounds', 'ACTING_PLAYER', 'tenth-realm.md, Resilience: wounds tended, a new condition', ['characterId', 'condition']),
  ...rows('tenthRealmAddCondition', 'ACTING_PLAYER', 'Decision: a player may mark a condition on their own character; the GM on anyone', ['characterId', 'condition']),
  ...rows('tenthRealmClearCondition', 'GM', `${SEED} line 179: a condition clears when it becomes irrelevant, as the GM rules`, ['*', 'characterId', 'condition']),
  ...rows('tenthRealmGainItem', 'ACTING_PLAYER', `${SEED} line 167: "when you get an item, add it in an inventory slot"`, ['characterId', 'item']),
  ...rows('tenthRealmDropItem', 'ACTING_PLAYER', 'Decision: a player drops their own character\'s item', ['characterId', 'item']),
  ...rows('tenthRealmDamageGear', 'GM', `${SEED} line 163: damaged at the GM's discretion`, ['*', 'characterId', 'gear']),
  ...rows('tenthRealmGainGear', 'GM', `${SEED} lines 163, 167, 169: gear comes with a die rating. Decision: the GM rates it, as the GM assigns a feat's die (line 239)`, [
    '*',
    'characterId',
    'gear',
    'name',
    'die',
  ]),
  ...rows('tenthRealmEquipGear', 'ACTING_PLAYER', "Decision: a player equips their own character's carried armor or weapon", ['characterId', 'gear', 'name']),
  ...rows('tenthRealmDropGear', 'ACTING_PLAYER', "Decision: a player drops their own character's carried armor or weapon", ['characterId', 'gear', 'name']),
  ...rows('tenthRealmRepairGear', 'GM', 'tenth-realm.md, Armor: repairing restores the die. Decision: the GM rules a repair outside a rest', ['*', 'characterId', 'gear']),

  ...rows('tenthRealmReaction', 'GM', `${SEED} line 199: an NPC's reaction, which the GM plays`, ['*', 'campaignId']),
  ...rows('tenthRealmOracle', 'ANY_MEMBER', `${SEED} line 300: anyone at the table may ask the oracle`, ['campaignId', 'question', 'factors']),
  ...rows('tenthRealmBlessing', 'ACTING_PLAYER', "tenth-realm.md, Experience: the character's blessing when its track is full", ['characterId']),
  ...rows('tenthRealmStartSession', 'GM', 'Decision: the GM says when a new session starts', ['*', 'campaignId']),

  ...rows('tenthRealmStartCombat', 'GM', `${SEED} line 209: the GM sets the enemies; initiative is a card`, ['*', 'campaignId', 'characterIds', 'enemies']),
  ...rows('tenthRealmAttack', 'ACTING_PLAYER', `${SEED}, "During your turn": the player chooses the attack and its target`, [
    'encounterId',
    'characterId',
    'callId',
    'enemyId',
    'mode',
    'attribute',
    'burns',
  ]),
  ...rows('tenthRealmAttack', 'GM', DIFFICULTY, ['dr']),
  ...rows('tenthRealmAttack', 'GM', CHANGES, ['drAdjustments']),
  ...rows('tenthRealmAttack', 'GM', CONJURED, [CONJURING_AMOUNT]),
  ...rows('tenthRealmAttack', 'GM', `${SEED} line 239: "the GM assigns a damage die to your action"`, ['featDie']),
  ...rows('tenthRealmAttack', 'GM', ARMOR, ['ignoreArmor']),
  ...rows('tenthRealmAttack', 'GM', IN_PLACE, ['consequenceInPlaceOfDamage']),
  ...rows('tenthRealmDamageEnemyGear', 'ACTING_PLAYER', `${SEED} line 231: during your turn, a trial roll to damage your target's armor/weapon`, [
    'encounterId',
    'characterId',
    'callId',
    'enemyId',
    'gear',
    'attribute',
    'burns',
  ]),
  ...rows('tenthRealmDamageEnemyGear', 'GM', DIFFICULTY, ['dr']),
  ...rows('tenthRealmDamageEnemyGear', 'GM', CHANGES, ['drAdjustments']),
  ...rows('tenthRealmDamageEnemyGear', 'GM', CONJURED, [CONJURING_AMOUNT]),
  ...rows('tenthRealmDefend', 'ACTING_PLAYER', `${SEED} line 252: the targeted player defends. Decision: they name the enemy whose attack they answer`, [
    'encounterId',
    'characterId',
    'callId',
    'enemyId',
    'attribute',
    'burns',
  ]),
  ...rows('tenthRealmDefend', 'GM', DIFFICULTY, ['dr']),
  ...rows('tenthRealmDefend', 'GM', CHANGES, ['drAdjustments']),
  ...rows('tenthRealmDefend', 'GM', CONJURED, [CONJURING_AMOUNT]),
  ...rows('tenthRealmDefend', 'GM', ARMOR, ['ignoreArmor']),
  ...rows('tenthRealmDefend', 'GM', IN_PLACE, ['consequenceInPlaceOfDamage']),
  ...rows('tenthRealmMorale', 'GM', `${SEED} line 260: the enemies' morale, which the GM plays`, ['*', 'encounterId', 'enemyId']),
  ...rows('tenthRealmWithdraw', 'ACTING_PLAYER', `${SEED} line 219: "one side decides to withdraw"; a player of a character in the fight speaks for the players' side`, [
    'encounterId',
    'characterId',
  ]),
  ...rows('tenthRealmEndCombat', 'GM', `${SEED} line 219: a side withdraws, or the GM calls the outcome`, ['*', 'encounterId', 'outcome']),
];
