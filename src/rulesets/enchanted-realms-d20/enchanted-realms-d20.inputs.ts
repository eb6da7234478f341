import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { IsDisplayName } from '../../common/display-name.js';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsBoolean, IsEnum, IsInt, IsOptional, IsString, IsUUID, Matches, Max, Min } from 'class-validator';
import { MAX_SKILL_DICE } from '../../rules/enchanted-realms-d20/attack-roll.js';
import { MAX_DAMAGE_PER_HIT } from '../../rules/enchanted-realms-d20/attack.js';
import { MAX_COMBATANTS } from '../../rules/enchanted-realms-d20/combat.js';
import { MAX_ARMOR_VALUE, MAX_SKILLS } from '../../rules/enchanted-realms-d20/combatant.js';
import { IMMUNITY_KINDS } from '../../rules/enchanted-realms-d20/crit-table.js';
import { MAX_SCORE } from '../../rules/enchanted-realms-d20/state.js';
import {
  EnchantedRealmsD20AttackKind,
  EnchantedRealmsD20CheckKind,
  EnchantedRealmsD20CritEffect,
  EnchantedRealmsD20Immunity,
  EnchantedRealmsD20SpellStrength,
  EnchantedRealmsD20Treatment,
} from './enchanted-realms-d20.model.js';

const NAME = { min: 1, max: 100 };
/** Skills are UPPER_SNAKE names, so that the crit-enabling styles are recognised exactly (combatant.ts). */
export const SKILL = /^[A-Z][A-Z0-9_]{0,59}$/;
export const SKILL_MESSAGE = 'each skill is an UPPER_SNAKE name, such as STYLE_SLASHING';
const SUB_ATTRIBUTE = /^[A-Za-z][A-Za-z_]{0,39}$/;

/** What a combatant is, as the GM or its player gives it; also a campaign setting's foe (`settings.combatants`). */
@InputType({ isAbstract: true })
export class EnchantedRealmsD20CombatantFields {
  @Field() @IsDisplayName(NAME.min, NAME.max) name!: string;
  @Field(() => Int, { description: 'What attack dice are read against.' }) @IsInt() @Min(0) @Max(MAX_SCORE) defense!: number;
  @Field({ description: 'Without armor, GARB_ISSUE and WARDROBE_MALFUNCTION have no effect.' }) @IsBoolean() armorWorn!: boolean;
  @Field(() => Int, { nullable: true, description: "The armor's value: WARDROBE_MALFUNCTION's repair costs 10% of it." })
  @IsOptional() @IsInt() @Min(0) @Max(MAX_ARMOR_VALUE) armorValue?: number;
  @Field(() => [String], {
    description:
      'Its skills, UPPER_SNAKE: the melee tree is MELEE_TRAINING, STYLE_BLUDGEONING, STYLE_CLEAVING, STYLE_SLASHING, STYLE_POLEARMS, WEAPON_FORTE, CHARGING, HEAVY_BLOW, MASSIVE_BLOW; the styles enable crits. Any other name is taken as given.',
  })
  @ArrayMaxSize(MAX_SKILLS) @ArrayUnique({ message: 'each skill is listed once: each adds one die' }) @IsString({ each: true }) @Matches(SKILL, { each: true, message: SKILL_MESSAGE })
  skills!: string[];
  @Field(() => [EnchantedRealmsD20Immunity], { defaultValue: [], description: "The GM's: what its crit effects cannot do to it." })
  @ArrayMaxSize(IMMUNITY_KINDS.length) @IsEnum(EnchantedRealmsD20Immunity, { each: true }) immunities!: EnchantedRealmsD20Immunity[];
}

@InputType({ description: 'A player character (`characterId`, by its player or the GM) or a foe (no `characterId`, by the GM).' })
export class EnchantedRealmsD20CreateCombatantInput extends EnchantedRealmsD20CombatantFields {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => ID, { nullable: true, description: 'The character it is; a character fights as one combatant.' }) @IsOptional() @IsUUID() characterId?: string;
}

@InputType({ description: 'One d20 per skill used (at most 5 from skills); each die is read on its own against the target\'s Defense.' })
export class EnchantedRealmsD20AttackInput {
  @Field(() => ID) @IsUUID() attackerId!: string;
  @Field(() => ID) @IsUUID() targetId!: string;
  @Field(() => EnchantedRealmsD20AttackKind) @IsEnum(EnchantedRealmsD20AttackKind) kind!: EnchantedRealmsD20AttackKind;
  @Field(() => [String], { description: "The attacker's skills that apply: one d20 each. None in melee: the untrained 2d20, keep the lower." })
  @ArrayMaxSize(MAX_SKILLS) @ArrayUnique({ message: 'each skill is listed once: each adds one die' }) @IsString({ each: true }) @Matches(SKILL, { each: true, message: SKILL_MESSAGE })
  skills!: string[];
  @Field({ defaultValue: false, description: "GM: +1 d20 (OFF_BALANCE gives it by itself)." }) @IsBoolean() advantage!: boolean;
  @Field({ defaultValue: false, description: 'GM: −1 d20 (HEAVY_BLOW takes it by itself).' }) @IsBoolean() disadvantage!: boolean;
  @Field(() => Int, { defaultValue: 0, description: 'Added to every die.' }) @IsInt() @Min(-MAX_SCORE) @Max(MAX_SCORE) modifier!: number;
  @Field(() => Int, { defaultValue: 1, description: "The weapon's damage for each hitting die." }) @IsInt() @Min(0) @Max(MAX_DAMAGE_PER_HIT) damagePerHit!: number;
  @Field({ defaultValue: false, description: 'GM: a skill, spell or effect grants crits without a style.' }) @IsBoolean() grantsCrit!: boolean;
}

@InputType({ description: 'An attack as it would be rolled: nothing is rolled, written or drawn.' })
export class EnchantedRealmsD20AttackOddsInput extends EnchantedRealmsD20AttackInput {}

/** The circumstances of a check, which the GM rules on. */
@InputType({ isAbstract: true })
export class EnchantedRealmsD20CheckCircumstances {
  @Field(() => ID) @IsUUID() combatantId!: string;
  @Field(() => EnchantedRealmsD20CheckKind) @IsEnum(EnchantedRealmsD20CheckKind) kind!: EnchantedRealmsD20CheckKind;
  @Field(() => Int, { description: "What each die's total must meet; for COMPETITION, the opposing total." })
  @IsInt() @Min(-MAX_SCORE) @Max(MAX_SCORE) targetValue!: number;
  @Field({ defaultValue: false }) @IsBoolean() advantage!: boolean;
  @Field({ defaultValue: false, description: 'HEAVY_BLOW, BEATEN, SHOCKED and MARKED give it by themselves.' }) @IsBoolean() disadvantage!: boolean;
  @Field(() => String, { nullable: true, description: 'The sub-attribute of a save: RESILIENCE (BEATEN), JUDGMENT (SHOCKED), …' })
  @IsOptional() @IsString() @Matches(SUB_ATTRIBUTE, { message: 'subAttribute is a name of letters and _, such as RESILIENCE' }) subAttribute?: string;
  @Field({ defaultValue: false, description: 'A social interaction (MARKED gives it disadvantage).' }) @IsBoolean() social!: boolean;
}

@InputType({ description: 'GM: calls for a check of a combatant, which its player then rolls (`enchantedRealmsD20Check` with `asCalled`).' })
export class EnchantedRealmsD20CallCheckInput extends EnchantedRealmsD20CheckCircumstances {}

@InputType({
  description:
    "A check, save or competition roll. The GM rolls any; a player rolls their own combatant's check as the GM called it: kind and targetValue the call's, the circumstances left out.",
})
export class EnchantedRealmsD20CheckInput extends EnchantedRealmsD20CheckCircumstances {
  @Field(() => Int, { description: 'Dice from applicable skills, 0 to 5 (an attribute check rolls 1).' }) @IsInt() @Min(0) @Max(MAX_SKILL_DICE) dice!: number;
  @Field(() => Int, { description: 'Added to every die: a Preservation save adds the sub-attribute score, a Feat save its modifier.' })
  @IsInt() @Min(-MAX_SCORE) @Max(MAX_SCORE) modifier!: number;
  @Field({ defaultValue: false, description: "Roll the check the GM called (always, for a player): the call's circumstances apply." }) @IsBoolean() asCalled!: boolean;
}

@InputType({ description: 'GM: a combat tracker for these combatants, in turn order; the first one\'s turn begins at once.' })
export class EnchantedRealmsD20StartCombatInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => [ID], { description: 'In turn order: at least 2.' })
  @ArrayMinSize(2) @ArrayMaxSize(MAX_COMBATANTS) @ArrayUnique({ message: 'each combatant is listed once' }) @IsUUID(undefined, { each: true }) combatantIds!: string[];
}

@InputType()
export class EnchantedRealmsD20CombatInput {
  @Field(() => ID) @IsUUID() encounterId!: string;
}

@InputType({ description: 'GM: the party rests: conditions that last until a short rest (and turn-bound ones) end.' })
export class EnchantedRealmsD20ShortRestInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => [ID], { description: 'Who rests; none of them in a combat under way.' })
  @ArrayMinSize(1) @ArrayMaxSize(MAX_COMBATANTS) @ArrayUnique({ message: 'each combatant is listed once' }) @IsUUID(undefined, { each: true }) combatantIds!: string[];
}

@InputType({ description: 'Ends one condition with the treatment the crit table names for it.' })
export class EnchantedRealmsD20TreatInput {
  @Field(() => ID) @IsUUID() combatantId!: string;
  @Field(() => EnchantedRealmsD20CritEffect) @IsEnum(EnchantedRealmsD20CritEffect) condition!: EnchantedRealmsD20CritEffect;
  @Field(() => EnchantedRealmsD20Treatment) @IsEnum(EnchantedRealmsD20Treatment) treatment!: EnchantedRealmsD20Treatment;
  @Field(() => EnchantedRealmsD20SpellStrength, { nullable: true, description: 'For TREATMENT_SPELL: MINOR when left out.' })
  @IsOptional() @IsEnum(EnchantedRealmsD20SpellStrength) spellStrength?: EnchantedRealmsD20SpellStrength;
}
