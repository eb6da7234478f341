import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum EnchantedRealmsD20AttackKind {
  MELEE = 'MELEE',
  RANGED = 'RANGED',
}
export enum EnchantedRealmsD20CheckKind {
  SKILL = 'SKILL',
  ATTRIBUTE = 'ATTRIBUTE',
  AWARENESS = 'AWARENESS',
  PRESERVATION_SAVE = 'PRESERVATION_SAVE',
  FEAT_SAVE = 'FEAT_SAVE',
  COMPETITION = 'COMPETITION',
}
export enum EnchantedRealmsD20CritEffect {
  HARD_HIT = 'HARD_HIT',
  AGONY = 'AGONY',
  UNNERVED = 'UNNERVED',
  SMOTE = 'SMOTE',
  OFF_BALANCE = 'OFF_BALANCE',
  REELING = 'REELING',
  GARB_ISSUE = 'GARB_ISSUE',
  STUCK = 'STUCK',
  ROCKED = 'ROCKED',
  ROLLED = 'ROLLED',
  MY_EYES = 'MY_EYES',
  CONFUSION = 'CONFUSION',
  HEAVY_BLOW = 'HEAVY_BLOW',
  AWE_STRUCK = 'AWE_STRUCK',
  CRUSHED = 'CRUSHED',
  BEATEN = 'BEATEN',
  SHOCKED = 'SHOCKED',
  EAR_SPLIT = 'EAR_SPLIT',
  LEG_STRIKE = 'LEG_STRIKE',
  MARKED = 'MARKED',
  WARDROBE_MALFUNCTION = 'WARDROBE_MALFUNCTION',
  BLEEDING = 'BLEEDING',
}
export enum EnchantedRealmsD20LastsUntil {
  INSTANT = 'INSTANT',
  ATTACKERS_NEXT_TURN = 'ATTACKERS_NEXT_TURN',
  END_OF_ITS_NEXT_TURN = 'END_OF_ITS_NEXT_TURN',
  ITS_NEXT_TURN = 'ITS_NEXT_TURN',
  UNTIL_CORRECTED = 'UNTIL_CORRECTED',
  UNTIL_SHORT_REST = 'UNTIL_SHORT_REST',
  PERMANENT = 'PERMANENT',
  UNTIL_REPAIRED = 'UNTIL_REPAIRED',
  UNTIL_BANDAGED_OR_HEALED = 'UNTIL_BANDAGED_OR_HEALED',
}
export enum EnchantedRealmsD20Immunity {
  PAIN = 'PAIN',
  ANXIETY = 'ANXIETY',
  SPITE = 'SPITE',
  OFF_BALANCE = 'OFF_BALANCE',
  PUSH = 'PUSH',
  RESTRAIN = 'RESTRAIN',
  PRONE = 'PRONE',
  BLIND = 'BLIND',
  CONFUSION = 'CONFUSION',
  DISADVANTAGE = 'DISADVANTAGE',
  FEAR = 'FEAR',
  STUN = 'STUN',
  DEAFEN = 'DEAFEN',
  SLOW = 'SLOW',
  SCAR = 'SCAR',
  BLEED = 'BLEED',
}
export enum EnchantedRealmsD20Treatment {
  BANDAGE = 'BANDAGE',
  SALVE = 'SALVE',
  TREATMENT_SPELL = 'TREATMENT_SPELL',
  CORRECT = 'CORRECT',
  REPAIR = 'REPAIR',
}
export enum EnchantedRealmsD20SpellStrength {
  MINOR = 'MINOR',
  MODERATE = 'MODERATE',
  MAJOR = 'MAJOR',
}

registerEnumType(EnchantedRealmsD20AttackKind, { name: 'EnchantedRealmsD20AttackKind', description: 'Ranged attacks never crit.' });
registerEnumType(EnchantedRealmsD20CheckKind, {
  name: 'EnchantedRealmsD20CheckKind',
  description:
    'A natural 20 succeeds and a natural 1 fails only for AWARENESS (a 1 is "quite distracted") and the saves; SKILL and ATTRIBUTE checks go by the total alone; COMPETITION is a d12 + modifier, by the total.',
});
registerEnumType(EnchantedRealmsD20CritEffect, { name: 'EnchantedRealmsD20CritEffect', description: 'A row of the d100 crit-effect table, in table order (01–10 HARD_HIT … 99–00 BLEEDING).' });
registerEnumType(EnchantedRealmsD20LastsUntil, {
  name: 'EnchantedRealmsD20LastsUntil',
  description:
    "How long a crit effect lasts: the three turn-bound ones end with the turn the combat tracker names (the target's, or the attacker's for ATTACKERS_NEXT_TURN).",
});
registerEnumType(EnchantedRealmsD20Immunity, { name: 'EnchantedRealmsD20Immunity', description: 'What a creature can be immune to: a crit effect of that kind lands without it.' });
registerEnumType(EnchantedRealmsD20Treatment, {
  name: 'EnchantedRealmsD20Treatment',
  description: 'BLEEDING: BANDAGE, SALVE or TREATMENT_SPELL; MARKED: a TREATMENT_SPELL of MODERATE strength or more; GARB_ISSUE: CORRECT; WARDROBE_MALFUNCTION: REPAIR.',
});
registerEnumType(EnchantedRealmsD20SpellStrength, { name: 'EnchantedRealmsD20SpellStrength' });

@ObjectType({ description: 'A crit effect that stays on a combatant until its duration ends.' })
export class EnchantedRealmsD20Condition {
  @Field(() => EnchantedRealmsD20CritEffect) name!: string;
  @Field(() => EnchantedRealmsD20LastsUntil) lastsUntil!: string;
  @Field(() => ID, { description: 'The combatant whose crit set it.' }) inflictedBy!: string;
  @Field(() => Int, { description: "A turn-bound condition: how many turns of its clock have begun since it was set; it ends at the end of that clock's turn once this is 1." })
  turnsBegun!: number;
  @Field(() => ID, { nullable: true, description: 'CONFUSION: the combatant it must attack this turn, drawn when its turn began.' })
  randomTarget!: string | null;
}

@ObjectType({ description: 'What the conditions mean right now.' })
export class EnchantedRealmsD20Standing {
  @Field(() => Int, { description: 'Defense with GARB_ISSUE and WARDROBE_MALFUNCTION (−2 each while armor is worn): what attack dice are read against.' })
  defense!: number;
  @Field({ description: 'HEAVY_BLOW: every roll at disadvantage.' }) disadvantageOnAllRolls!: boolean;
  @Field({ description: 'BEATEN.' }) disadvantageOnResilienceSaves!: boolean;
  @Field({ description: 'SHOCKED.' }) disadvantageOnJudgmentSaves!: boolean;
  @Field({ description: 'MARKED: social interactions at disadvantage.' }) disadvantageOnSocial!: boolean;
  @Field({ description: 'False while STUCK.' }) canMove!: boolean;
  @Field({ description: 'False while STUCK: no dodge reaction.' }) canDodge!: boolean;
  @Field(() => Int, { description: 'LEG_STRIKE: 10.' }) movementPenaltyFeet!: number;
  @Field() blind!: boolean;
  @Field() deafened!: boolean;
  @Field() frightened!: boolean;
  @Field() stunned!: boolean;
  @Field() scarred!: boolean;
  @Field() bleeding!: boolean;
  @Field(() => ID, { nullable: true, description: 'CONFUSION, on its turn: the only combatant it may attack.' }) mustAttack!: string | null;
  @Field(() => [ID], { description: 'OFF_BALANCE: the attackers that have advantage against it on their turn now.' }) offBalanceAgainst!: string[];
}

@ObjectType({ description: 'A check the GM called for a combatant; its player rolls it with `asCalled`.' })
export class EnchantedRealmsD20CheckCall {
  @Field(() => EnchantedRealmsD20CheckKind) kind!: string;
  @Field(() => Int) targetValue!: number;
  @Field() advantage!: boolean;
  @Field() disadvantage!: boolean;
  @Field(() => String, { nullable: true }) subAttribute!: string | null;
  @Field() social!: boolean;
}

@ObjectType({ description: 'A player character or a foe: both crit and are critted by the same rules.' })
export class EnchantedRealmsD20Combatant {
  @Field(() => ID) id!: string;
  @Field(() => ID) campaignId!: string;
  @Field() name!: string;
  @Field(() => ID, { nullable: true, description: 'The character it is; null for a foe of the GM\'s.' }) characterId!: string | null;
  @Field(() => Int, { description: 'Defense without the conditions (see `standing.defense`).' }) defense!: number;
  @Field() armorWorn!: boolean;
  @Field(() => Int, { nullable: true, description: "The armor's value: WARDROBE_MALFUNCTION's repair costs 10% of it." }) armorValue!: number | null;
  @Field(() => [String], { description: 'UPPER_SNAKE names; an attack rolls one d20 for each skill it uses.' }) skills!: string[];
  @Field(() => [EnchantedRealmsD20Immunity]) immunities!: string[];
  @Field(() => [EnchantedRealmsD20Condition]) conditions!: EnchantedRealmsD20Condition[];
  @Field(() => Int, { description: 'Damage taken from hits, Hard Hits and Bleeding, in all.' }) damageTaken!: number;
  @Field(() => Int, { description: 'Raised by AGONY.' }) pain!: number;
  @Field(() => Int, { description: 'Raised by UNNERVED.' }) anxiety!: number;
  @Field(() => Int, { description: 'Raised by SMOTE.' }) spite!: number;
  @Field(() => EnchantedRealmsD20CheckCall, { nullable: true, description: 'The check the GM called for it, not rolled yet.' }) calledCheck!: EnchantedRealmsD20CheckCall | null;
  @Field(() => EnchantedRealmsD20Standing) standing!: EnchantedRealmsD20Standing;
}

@ObjectType({ description: 'A combat tracker: the turn order, whose turn it is, the round.' })
export class EnchantedRealmsD20Combat {
  @Field(() => ID, { description: 'Its encounter id.' }) id!: string;
  @Field(() => ID) campaignId!: string;
  @Field({ description: 'ACTIVE or ENDED.' }) status!: string;
  @Field(() => Int, { description: '1 for the first pass through the order.' }) round!: number;
  @Field(() => ID, { description: 'Whose turn it is.' }) turnOf!: string;
  @Field(() => [EnchantedRealmsD20Combatant], { description: 'In turn order.' }) combatants!: EnchantedRealmsD20Combatant[];
}

@ObjectType({ description: "An Enchanted Realms d20 campaign's combatants and combats." })
export class EnchantedRealmsD20Campaign {
  @Field(() => [EnchantedRealmsD20Combatant], { description: 'By name, then id.' }) combatants!: EnchantedRealmsD20Combatant[];
  @Field(() => [EnchantedRealmsD20Combat], { description: 'Oldest first.' }) combats!: EnchantedRealmsD20Combat[];
  @Field(() => [ID], { description: 'The combats under way.' }) activeCombatIds!: string[];
}

@ObjectType()
export class EnchantedRealmsD20CombatantPayload {
  @Field(() => EnchantedRealmsD20Combatant) combatant!: EnchantedRealmsD20Combatant;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType({ description: 'One d20 of an attack, read on its own.' })
export class EnchantedRealmsD20AttackDie {
  @Field(() => Int, { description: 'The natural face (for the untrained roll, the lower of its two).' }) value!: number;
  @Field(() => Int, { description: 'value + modifier.' }) total!: number;
  @Field({ description: 'A natural 20 always hits, a natural 1 always misses; otherwise total ≥ Defense.' }) hit!: boolean;
  @Field() natural20!: boolean;
  @Field() natural1!: boolean;
  @Field({ description: "This die's natural 20 is a crit: melee, two dice in the pool, a style or an effect that grants crits." }) crit!: boolean;
  @Field({ description: 'An award of the crit chain, not a die of the pool.' }) awarded!: boolean;
  @Field(() => [Int], { nullable: true, description: 'The untrained melee roll: both faces of the 2d20 whose lower one is kept.' }) keptLowerOf!: number[] | null;
}

@ObjectType({ description: 'One roll on the d100 crit-effect table, applied to the target without a save.' })
export class EnchantedRealmsD20Crit {
  @Field(() => Int, { description: 'The index in `dice` of the die whose natural 20 was this crit.' }) dieIndex!: number;
  @Field(() => Int, { description: 'The d100; 00 reads 100.' }) roll!: number;
  @Field(() => EnchantedRealmsD20CritEffect) effect!: string;
  @Field({ description: "The rulebook's name, e.g. `My eyes!`." }) name!: string;
  @Field(() => EnchantedRealmsD20LastsUntil) lastsUntil!: string;
  @Field({ description: 'False when the target ignored the whole effect.' }) applied!: boolean;
  @Field(() => String, { nullable: true, description: 'IMMUNE_TO_<kind> or NO_ARMOR_WORN; null when it landed whole.' }) ignoredBecause!: string | null;
  @Field(() => [EnchantedRealmsD20Immunity]) ignoredKinds!: string[];
  @Field(() => Int, { nullable: true, description: "Hard Hit's extra damage or Agony's Pain (a d3), 1 Anxiety or Spite; else null." }) amount!: number | null;
}

@ObjectType({ description: 'The numbers an attack was rolled with.' })
export class EnchantedRealmsD20AttackSetup {
  @Field(() => EnchantedRealmsD20AttackKind) kind!: string;
  @Field(() => Int, { description: 'One d20 per skill used, at most 5.' }) skillDice!: number;
  @Field({ description: 'From the input or OFF_BALANCE.' }) advantage!: boolean;
  @Field({ description: 'From the input or HEAVY_BLOW.' }) disadvantage!: boolean;
  @Field(() => Int) modifier!: number;
  @Field(() => Int, { description: "The target's Defense with its armor effects." }) defense!: number;
  @Field(() => Int) damagePerHit!: number;
  @Field() critEnabled!: boolean;
}

@ObjectType()
export class EnchantedRealmsD20AttackPayload {
  @Field(() => Int, { description: 'Dice in the primary pool: one per skill (at most 5), +1 advantage, −1 disadvantage; the untrained 2d20-keep-lower counts as one.' })
  poolSize!: number;
  @Field({ description: 'A melee pool of 0: 2d20, the lower kept as a single die.' }) untrainedRoll!: boolean;
  @Field(() => [EnchantedRealmsD20AttackDie], { description: 'The pool in roll order, then the awarded dice of the crit chain.' }) dice!: EnchantedRealmsD20AttackDie[];
  @Field(() => Int) hits!: number;
  @Field(() => Int, { description: 'hits × damagePerHit.' }) hitDamage!: number;
  @Field(() => Int, { description: 'What Hard Hits added.' }) critDamage!: number;
  @Field(() => Int) damage!: number;
  @Field(() => [EnchantedRealmsD20Crit], { description: 'One per crit, in the order of the dice.' }) crits!: EnchantedRealmsD20Crit[];
  @Field(() => [String], { description: 'INPUT, OFF_BALANCE.' }) advantageFrom!: string[];
  @Field(() => [String], { description: 'INPUT, HEAVY_BLOW.' }) disadvantageFrom!: string[];
  @Field(() => EnchantedRealmsD20AttackSetup) setup!: EnchantedRealmsD20AttackSetup;
  @Field(() => EnchantedRealmsD20Combatant, { description: 'The target after the damage and the crits.' }) target!: EnchantedRealmsD20Combatant;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType({ description: 'The numbers a check was rolled with.' })
export class EnchantedRealmsD20CheckSetup {
  @Field(() => EnchantedRealmsD20CheckKind) kind!: string;
  @Field(() => Int, { description: '20, or 12 for COMPETITION.' }) sides!: number;
  @Field(() => Int, { description: 'dice, +1 advantage, −1 disadvantage.' }) poolSize!: number;
  @Field(() => Int) modifier!: number;
  @Field(() => Int) targetValue!: number;
}

@ObjectType({ description: 'One die of a check, read on its own.' })
export class EnchantedRealmsD20CheckDie {
  @Field(() => Int) value!: number;
  @Field(() => Int) total!: number;
  @Field() success!: boolean;
  @Field() natural20!: boolean;
  @Field() natural1!: boolean;
  @Field({ description: 'AWARENESS: this die is a natural 1.' }) quiteDistracted!: boolean;
}

@ObjectType()
export class EnchantedRealmsD20CheckPayload {
  @Field(() => EnchantedRealmsD20CheckSetup) setup!: EnchantedRealmsD20CheckSetup;
  @Field(() => [EnchantedRealmsD20CheckDie]) rolled!: EnchantedRealmsD20CheckDie[];
  @Field(() => Int, { description: 'Each die that succeeds is one success.' }) successes!: number;
  @Field() success!: boolean;
  @Field({ description: 'AWARENESS without a success, with a natural 1 among the dice.' }) quiteDistracted!: boolean;
  @Field(() => [String], { description: 'INPUT.' }) advantageFrom!: string[];
  @Field(() => [String], { description: 'INPUT, HEAVY_BLOW, BEATEN, SHOCKED, MARKED.' }) disadvantageFrom!: string[];
  @Field(() => EnchantedRealmsD20CheckCall, { nullable: true, description: 'The call this check answered.' }) answeredCall!: EnchantedRealmsD20CheckCall | null;
  @Field(() => EnchantedRealmsD20Combatant) combatant!: EnchantedRealmsD20Combatant;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsD20Confusion {
  @Field(() => [ID], { description: 'The others of the combat, in turn order.' }) candidates!: string[];
  @Field(() => ID, { description: 'The one drawn: it must attack this one on this turn.' }) target!: string;
}

@ObjectType({ description: 'What happened when a turn began.' })
export class EnchantedRealmsD20TurnStart {
  @Field(() => ID) combatantId!: string;
  @Field(() => Int) round!: number;
  @Field(() => Int, { description: 'BLEEDING: 1 damage as its turn starts.' }) bleedingDamage!: number;
  @Field(() => EnchantedRealmsD20Confusion, { nullable: true }) confusion!: EnchantedRealmsD20Confusion | null;
}

@ObjectType({ description: 'A condition that ended, and on whom.' })
export class EnchantedRealmsD20ConditionEnded {
  @Field(() => ID) combatantId!: string;
  @Field(() => EnchantedRealmsD20CritEffect) condition!: string;
  @Field(() => ID) inflictedBy!: string;
}

@ObjectType()
export class EnchantedRealmsD20StartCombatPayload {
  @Field(() => EnchantedRealmsD20Combat) combat!: EnchantedRealmsD20Combat;
  @Field(() => EnchantedRealmsD20TurnStart, { description: 'The first turn, begun at once.' }) started!: EnchantedRealmsD20TurnStart;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsD20NextTurnPayload {
  @Field(() => ID, { description: 'Whose turn ended.' }) endedTurnOf!: string;
  @Field(() => [EnchantedRealmsD20ConditionEnded], { description: 'The conditions that ended with it.' }) expired!: EnchantedRealmsD20ConditionEnded[];
  @Field(() => EnchantedRealmsD20TurnStart) started!: EnchantedRealmsD20TurnStart;
  @Field(() => EnchantedRealmsD20Combat) combat!: EnchantedRealmsD20Combat;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsD20EndCombatPayload {
  @Field(() => [EnchantedRealmsD20ConditionEnded], { description: "The turn-bound conditions its combatants' turns timed." }) expired!: EnchantedRealmsD20ConditionEnded[];
  @Field(() => EnchantedRealmsD20Combat) combat!: EnchantedRealmsD20Combat;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsD20ShortRestPayload {
  @Field(() => [EnchantedRealmsD20ConditionEnded]) ended!: EnchantedRealmsD20ConditionEnded[];
  @Field(() => [EnchantedRealmsD20Combatant], { description: 'The combatants who rested, after it.' }) combatants!: EnchantedRealmsD20Combatant[];
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsD20TreatPayload {
  @Field(() => Int, { nullable: true, description: "WARDROBE_MALFUNCTION: the repair's cost, 10% of the armor's value (rounded up), when it is recorded." })
  repairCost!: number | null;
  @Field(() => EnchantedRealmsD20Combatant) combatant!: EnchantedRealmsD20Combatant;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsD20ExpectedEffect {
  @Field(() => EnchantedRealmsD20CritEffect) effect!: string;
  @Field({ description: 'The expected number of crits landing this effect on the target (immunities and armor counted).' }) expected!: number;
}

@ObjectType({ description: "An attack's chances before it is rolled: the same pool, Defense and immunities the attack would roll with." })
export class EnchantedRealmsD20AttackOdds {
  @Field(() => Int) poolSize!: number;
  @Field() untrainedRoll!: boolean;
  @Field({ description: 'Whether a natural 20 of the pool crits.' }) canCrit!: boolean;
  @Field({ description: 'P(one die of the pool hits).' }) hitChancePerDie!: number;
  @Field(() => [Number], { description: 'hits[k]: P(exactly k hitting dice), awarded dice included, chains up to chainDepth.' }) hits!: number[];
  @Field(() => [Number], { description: 'crits[k]: P(exactly k crits).' }) crits!: number[];
  @Field(() => Int) chainDepth!: number;
  @Field({ description: 'P(a crit chain longer than chainDepth), left out of hits and crits.' }) beyondDepth!: number;
  @Field() atLeastOneCrit!: number;
  @Field() expectedHits!: number;
  @Field() expectedCrits!: number;
  @Field() expectedHitDamage!: number;
  @Field({ description: "Hard Hits' d3 for the crits that roll it." }) expectedCritDamage!: number;
  @Field({ description: 'Expected damage, the crit chain included (Bleeding over later turns not).' }) expectedDamage!: number;
  @Field(() => [EnchantedRealmsD20ExpectedEffect]) expectedEffects!: EnchantedRealmsD20ExpectedEffect[];
  @Field() expectedPain!: number;
  @Field() expectedAnxiety!: number;
  @Field() expectedSpite!: number;
}
