import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Character } from '../../modules/characters/character.model.js';

export enum TenthRealmAttribute {
  STRENGTH = 'STRENGTH',
  DEXTERITY = 'DEXTERITY',
  WILLPOWER = 'WILLPOWER',
  HEART = 'HEART',
}
export enum TenthRealmVanoriName {
  BEAR = 'BEAR',
  WOLF = 'WOLF',
  RAVEN = 'RAVEN',
  ELK = 'ELK',
  OX = 'OX',
  OWL = 'OWL',
  CUSTOM = 'CUSTOM',
}
export enum TenthRealmVanoriChoice {
  BEAR = 'BEAR',
  WOLF = 'WOLF',
  RAVEN = 'RAVEN',
  ELK = 'ELK',
  OX = 'OX',
  OWL = 'OWL',
  ROLL = 'ROLL',
  CUSTOM = 'CUSTOM',
}
export enum TenthRealmStatus {
  DRAFT = 'DRAFT',
  ACTIVE = 'ACTIVE',
  INCAPACITATED = 'INCAPACITATED',
}
export enum TenthRealmRollBurnEffect {
  CALL_THE_GODS = 'CALL_THE_GODS',
  AID_AN_ALLY = 'AID_AN_ALLY',
  TURN_THE_TABLE = 'TURN_THE_TABLE',
  VANORI = 'VANORI',
}
export enum TenthRealmVanoriForm {
  CONJURED = 'CONJURED',
  TAKEN_FORM = 'TAKEN_FORM',
}
export enum TenthRealmTravelMode {
  WALK = 'WALK',
  MOUNT = 'MOUNT',
  ROW = 'ROW',
  SAIL = 'SAIL',
}
export enum TenthRealmBurnEffect {
  COME_PREPARED = 'COME_PREPARED',
  AID_AN_ALLY = 'AID_AN_ALLY',
  VANORI = 'VANORI',
}
export enum TenthRealmRestKind {
  SHORT = 'SHORT',
  LONG = 'LONG',
  FULL = 'FULL',
}
export enum TenthRealmGearSlot {
  ARMOR = 'ARMOR',
  WEAPON = 'WEAPON',
}
export enum TenthRealmAttackMode {
  WEAPON = 'WEAPON',
  FEAT = 'FEAT',
}
export enum TenthRealmCombatEnding {
  PLAYERS_WITHDREW = 'PLAYERS_WITHDREW',
  ENEMIES_WITHDREW = 'ENEMIES_WITHDREW',
  WON = 'WON',
  LOST = 'LOST',
}

registerEnumType(TenthRealmAttribute, { name: 'TenthRealmAttribute' });
registerEnumType(TenthRealmVanoriName, { name: 'TenthRealmVanoriName' });
registerEnumType(TenthRealmVanoriChoice, { name: 'TenthRealmVanoriChoice', description: 'A Vanori of the table, ROLL a d6 for it, or CUSTOM (GM only).' });
registerEnumType(TenthRealmStatus, { name: 'TenthRealmStatus' });
registerEnumType(TenthRealmRollBurnEffect, { name: 'TenthRealmRollBurnEffect' });
registerEnumType(TenthRealmVanoriForm, { name: 'TenthRealmVanoriForm', description: 'The Vanori conjured beside the character, or its physical appearance taken.' });
registerEnumType(TenthRealmTravelMode, { name: 'TenthRealmTravelMode', description: 'Hexes a day: WALK 1, MOUNT 2, ROW (a longship) 3, SAIL (with favourable winds) 4.' });
registerEnumType(TenthRealmBurnEffect, { name: 'TenthRealmBurnEffect' });
registerEnumType(TenthRealmRestKind, { name: 'TenthRealmRestKind' });
registerEnumType(TenthRealmGearSlot, { name: 'TenthRealmGearSlot' });
registerEnumType(TenthRealmAttackMode, { name: 'TenthRealmAttackMode' });
registerEnumType(TenthRealmCombatEnding, { name: 'TenthRealmCombatEnding' });

@ObjectType({ description: 'A card revealed face up.' })
export class TenthRealmCard {
  @Field({ description: 'e.g. `QH`, `10S`.' }) code!: string;
  @Field({ description: 'RED (♥ ♦) or BLACK (♣ ♠).' }) color!: string;
}

@ObjectType()
export class TenthRealmAttributes {
  @Field(() => Int) strength!: number;
  @Field(() => Int) dexterity!: number;
  @Field(() => Int) willpower!: number;
  @Field(() => Int) heart!: number;
}

@ObjectType()
export class TenthRealmAttributeCard {
  @Field(() => TenthRealmAttribute) attribute!: TenthRealmAttribute;
  @Field(() => TenthRealmCard) card!: TenthRealmCard;
  @Field(() => Int, { description: '♥ +2, ♦ +1, ♣ 0, ♠ −1.' }) value!: number;
}

@ObjectType()
export class TenthRealmVanori {
  @Field(() => TenthRealmVanoriName) name!: string;
  @Field(() => String, { nullable: true }) customName!: string | null;
  @Field() ability!: string;
  @Field(() => Int) resilienceDie!: number;
}

@ObjectType({ description: 'Armor or a weapon. A broken item has no die until it is repaired.' })
export class TenthRealmGear {
  @Field() name!: string;
  @Field(() => Int, { nullable: true }) die!: number | null;
  @Field(() => Int) originalDie!: number;
  @Field() broken!: boolean;
}

@ObjectType({ description: 'Armor or a weapon carried but not equipped; it takes an inventory slot.' })
export class TenthRealmCarriedGear extends TenthRealmGear {
  @Field(() => TenthRealmGearSlot) slot!: string;
}

@ObjectType({ description: 'Items, the weapon and conditions each take a slot.' })
export class TenthRealmInventory {
  @Field(() => Int) slots!: number;
  @Field(() => Int) usedSlots!: number;
  @Field(() => [String]) items!: string[];
  @Field(() => [String]) conditions!: string[];
}

@ObjectType({ description: "What waits for the character's next roll, check or rest." })
export class TenthRealmPending {
  @Field() resilienceCheckDue!: boolean;
  @Field() woundsToTend!: boolean;
  @Field() blessingDue!: boolean;
  @Field(() => Int) nextRollDrReduction!: number;
  @Field({ description: 'BEAR burn: a d4 on the next armor roll.' }) bearArmorD4!: boolean;
  @Field({ description: 'OX burn: the next short rest counts as a long one.' }) oxLongRest!: boolean;
  @Field({ description: 'OWL burn: the next setback marks XP twice.' }) owlDoubleXp!: boolean;
  @Field(() => Int, { description: 'AID_AN_ALLY burned ahead by allies: added to the next roll.' }) allyAid!: number;
}

@ObjectType({ description: 'A conjured Vanori, or its form taken: it lasts until the GM ends it (tenthRealmEndConjuring).' })
export class TenthRealmConjuring {
  @Field(() => Int, { description: "By how much it lowers the DR of each of the character's rolls." }) amount!: number;
  @Field(() => TenthRealmVanoriForm) form!: TenthRealmVanoriForm;
}

@ObjectType({ description: 'A character sheet of the Tenth Realm.' })
export class TenthRealmSheet {
  @Field(() => TenthRealmStatus) status!: string;
  @Field(() => TenthRealmAttributes) attributes!: TenthRealmAttributes;
  @Field(() => [TenthRealmAttributeCard], { description: 'The cards revealed for the attributes (after any redraw).' })
  attributeCards!: TenthRealmAttributeCard[];
  @Field(() => [TenthRealmAttribute]) redrawnAttributes!: string[];
  @Field(() => TenthRealmVanori, { nullable: true }) vanori!: TenthRealmVanori | null;
  @Field(() => Int) resilience!: number;
  @Field(() => Int) maxResilience!: number;
  @Field() resilienceRerolled!: boolean;
  @Field(() => TenthRealmGear, { nullable: true }) armor!: TenthRealmGear | null;
  @Field(() => TenthRealmGear, { nullable: true }) weapon!: TenthRealmGear | null;
  @Field(() => [TenthRealmCarriedGear], { description: 'Spare armor and weapons, one slot each.' }) carriedGear!: TenthRealmCarriedGear[];
  @Field(() => TenthRealmInventory) inventory!: TenthRealmInventory;
  @Field(() => Int, { description: '0–8 boxes.' }) xp!: number;
  @Field(() => TenthRealmPending) pending!: TenthRealmPending;
  @Field({ description: 'Whether the OWL burn was used in the current session.' }) owlUsedThisSession!: boolean;
  @Field(() => TenthRealmConjuring, { nullable: true, description: 'The Vanori conjured (a VANORI burn for a roll) until the GM ends it, or null.' })
  conjuring!: TenthRealmConjuring | null;
}

@ObjectType()
export class TenthRealmRegion {
  @Field({ description: "The hex, in the group's own coordinates." }) hex!: string;
  @Field(() => Int, { description: '0–5: how many cards a trial roll reveals here.' }) riskRating!: number;
  @Field() descriptor!: string;
  @Field(() => TenthRealmCard) riskCard!: TenthRealmCard;
  @Field(() => [String]) notes!: string[];
}

@ObjectType({ description: "The GM's call for a trial: the called character's player rolls it with their own burns (tenthRealmTrialRoll with callId)." })
export class TenthRealmTrialCall {
  @Field(() => ID) id!: string;
  @Field(() => ID) characterId!: string;
  @Field(() => TenthRealmAttribute, { nullable: true, description: 'Null: the player picks it when rolling.' }) attribute!: TenthRealmAttribute | null;
  @Field(() => Int) dr!: number;
  @Field(() => [TenthRealmDrAdjustment]) drAdjustments!: TenthRealmDrAdjustment[];
  @Field(() => Int, { nullable: true, description: 'FEAT: the damage die the GM assigns.' }) featDie!: number | null;
  @Field() fate!: boolean;
  @Field(() => [TenthRealmCard], { nullable: true, description: 'The risk cards revealed ahead of the roll, or null until they are.' }) revealed!: TenthRealmCard[] | null;
  @Field(() => Int, { nullable: true, description: 'The DR once the revealed risk and the changes count, before burns; null until revealed.' })
  drAfterRisk!: number | null;
  @Field({ description: 'A blow answering the call ignores armor.' }) ignoreArmor!: boolean;
  @Field(() => String, { nullable: true, description: 'On a setback, this consequence in place of the damage.' }) consequenceInPlaceOfDamage!: string | null;
  @Field(() => Int, { nullable: true, description: 'If the player conjures their Vanori for the roll (a VANORI burn): by how much it lowers the DR, from then on.' })
  conjuringAmount!: number | null;
}

@ObjectType()
export class TenthRealmDrAdjustment {
  @Field(() => Int) amount!: number;
  @Field() reason!: string;
}

@ObjectType()
export class TenthRealmCallPayload {
  @Field(() => TenthRealmTrialCall) call!: TenthRealmTrialCall;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType({ description: "A Tenth Realm campaign's shared deck, sessions and map." })
export class TenthRealmCampaign {
  @Field(() => ID) deckId!: string;
  @Field(() => [TenthRealmTrialCall], { description: "The GM's calls for a trial not yet rolled." }) calls!: TenthRealmTrialCall[];
  @Field(() => Int) session!: number;
  @Field(() => String, { nullable: true, description: 'Where the group is: the starting hex, then the last one entered.' }) currentHex!: string | null;
  @Field(() => TenthRealmRegion, { nullable: true, description: 'The current hex, once described (entered); null before.' }) currentRegion!: TenthRealmRegion | null;
  @Field(() => [TenthRealmRegion]) regions!: TenthRealmRegion[];
  @Field(() => ID, { nullable: true, description: 'The combat under way, if any.' }) activeEncounterId!: string | null;
}

@ObjectType()
export class TenthRealmEnemy {
  @Field(() => ID, { description: '`e1`, `e2`, … within its encounter.' }) id!: string;
  @Field() name!: string;
  @Field(() => Int) resilience!: number;
  @Field(() => Int) maxResilience!: number;
  @Field(() => Int, { nullable: true }) armorDie!: number | null;
  @Field(() => Int) weaponDie!: number;
  @Field({ description: 'RAVEN burn: its next damage die steps down.' }) damageStepDownPending!: boolean;
  @Field({ description: 'FIGHTING, DOWN, FLED or SURRENDERED.' }) status!: string;
  @Field(() => String, { nullable: true, description: 'The last morale result.' }) morale!: string | null;
}

@ObjectType()
export class EncounterTurn {
  @Field(() => Int) turn!: number;
  @Field({ description: 'ATTACK, DEFEND, MORALE, BURN or END.' }) kind!: string;
  @Field(() => ID, { nullable: true }) characterId!: string | null;
  @Field(() => ID, { nullable: true }) enemyId!: string | null;
  @Field() summary!: string;
}

@ObjectType({ description: 'A combat: initiative, enemies, status and the log of its turns.' })
export class Encounter {
  @Field(() => ID) id!: string;
  @Field(() => ID) campaignId!: string;
  @Field({ description: 'e.g. `tenth-realm.combat`.' }) kind!: string;
  @Field({ description: 'ACTIVE, WON, LOST, PLAYERS_WITHDREW or ENEMIES_WITHDREW.' }) status!: string;
  @Field({ description: 'PLAYERS or ENEMIES: the side that goes first.' }) initiative!: string;
  @Field(() => TenthRealmCard) initiativeCard!: TenthRealmCard;
  @Field(() => [ID]) characterIds!: string[];
  @Field(() => [TenthRealmEnemy]) enemies!: TenthRealmEnemy[];
  @Field(() => [EncounterTurn]) turns!: EncounterTurn[];
  @Field() createdAt!: Date;
}

@ObjectType()
export class TenthRealmBlackCardsChance {
  @Field(() => Int) black!: number;
  @Field() probability!: number;
}

@ObjectType({ description: "A trial or fate roll's chances before it is made, from the asker's view alone." })
export class TenthRealmTrialOdds {
  @Field(() => Int, { description: 'How many cards the roll reveals: the risk rating (0 for a fate roll).' }) revealed!: number;
  @Field({ description: 'Whether the draw pile runs out during the reveal and the discard pile is shuffled back.' }) reshuffles!: boolean;
  @Field(() => Int) attributeModifier!: number;
  @Field(() => Int, { description: "What the burns and allies' aid add to the score." }) bonus!: number;
  @Field(() => Int) baseDr!: number;
  @Field(() => Int, { description: 'The DR before black cards: base, adjustments, conjuring, a pending reduction.' }) drBeforeCards!: number;
  @Field(() => [TenthRealmBlackCardsChance], { description: 'The distribution of black cards revealed (+2 DR each).' }) blackCards!: TenthRealmBlackCardsChance[];
  @Field({ description: 'P(success), a turned table included.' }) success!: number;
  @Field() setback!: number;
  @Field({ description: 'P(the card burned to turn the table is spent).' }) turnedTheTable!: number;
  @Field() natural20!: number;
  @Field() natural1!: number;
  @Field({ description: "P(a revealed card goes to the roller's hand)." }) cardToHand!: number;
  @Field({ description: 'P(that card is red).' }) redCardToHand!: number;
}

@ObjectType({ description: 'A trial or fate roll.' })
export class TenthRealmTrialRoll {
  @Field(() => Int) d20!: number;
  @Field(() => Int) attributeModifier!: number;
  @Field(() => Int, { description: 'What cards burned for the roll added.' }) bonus!: number;
  @Field(() => Int) score!: number;
  @Field(() => Int) baseDr!: number;
  @Field(() => Int, { description: 'The DR after black reveals (+2 each), adjustments and conjuring.' }) effectiveDr!: number;
  @Field(() => Int, { description: "What the character's conjured Vanori took off the DR (it lasts until the GM ends it)." }) conjured!: number;
  @Field(() => [TenthRealmCard]) revealed!: TenthRealmCard[];
  @Field({ description: 'score > effectiveDr, or the table was turned.' }) success!: boolean;
  @Field() natural20!: boolean;
  @Field() natural1!: boolean;
  @Field() turnedTheTable!: boolean;
  @Field(() => TenthRealmCard, { nullable: true }) cardKept!: TenthRealmCard | null;
  @Field(() => [String], { description: 'The codes of the cards burned for the roll.' }) burned!: string[];
  @Field(() => Int) xpMarked!: number;
  @Field({ description: 'The GM narrates a consequence.' }) consequenceDue!: boolean;
  @Field() blessingDue!: boolean;
  @Field(() => Int) eventSeq!: number;
  @Field(() => Character) character!: Character;
}

@ObjectType()
export class TenthRealmCharacterPayload {
  @Field(() => Character) character!: Character;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class TenthRealmCreatedCharacter extends TenthRealmCharacterPayload {
  @Field(() => [TenthRealmAttributeCard]) attributeCards!: TenthRealmAttributeCard[];
}

@ObjectType()
export class TenthRealmRedrawnAttribute extends TenthRealmCharacterPayload {
  @Field(() => TenthRealmCard) card!: TenthRealmCard;
  @Field(() => Int) value!: number;
}

@ObjectType()
export class TenthRealmResilienceRoll extends TenthRealmCharacterPayload {
  @Field(() => Int, { nullable: true, description: 'The d6 that picked the Vanori, when rolled.' }) d6!: number | null;
  @Field(() => Int) resilienceRoll!: number;
  @Field(() => Int) maxResilience!: number;
}

@ObjectType()
export class TenthRealmStartingRegion {
  @Field(() => Int, { description: 'The d20: the hex is where it lands on the map.' }) d20!: number;
  @Field({ description: "The current region's hex: the die's face (describe it with tenthRealmEnterRegion, which reveals its risk)." }) hex!: string;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class TenthRealmRegionPayload {
  @Field(() => TenthRealmRegion) region!: TenthRealmRegion;
  @Field({ description: 'True when this entry revealed the risk card.' }) firstVisit!: boolean;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType({ description: 'A hex passed on a day of travel.' })
export class TenthRealmHexEntered {
  @Field(() => TenthRealmRegion) region!: TenthRealmRegion;
  @Field({ description: 'True when entering it revealed its risk card.' }) firstVisit!: boolean;
}

@ObjectType()
export class TenthRealmTravelPayload {
  @Field(() => TenthRealmTravelMode) mode!: TenthRealmTravelMode;
  @Field(() => String, { nullable: true, description: 'Where the group set out from.' }) from!: string | null;
  @Field(() => [TenthRealmHexEntered], { description: 'The hexes passed, in order.' }) entered!: TenthRealmHexEntered[];
  @Field({ description: 'The last hex passed: where the group is now.' }) currentHex!: string;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class TenthRealmBurnPayload extends TenthRealmCharacterPayload {
  @Field({ description: 'What the burn set up: ITEM_ADDED, AID_AN_ALLY, BEAR, OX, OWL, MORALE_CHECK, DAMAGE_STEP_DOWN, CUSTOM.' }) setUp!: string;
  @Field(() => Int, { description: "AID_AN_ALLY: what the ally's next roll gets (+2, +3 from an ELK)." }) aid!: number;
  @Field(() => TenthRealmMoralePayload, { nullable: true }) morale!: TenthRealmMoralePayload | null;
}

@ObjectType()
export class TenthRealmRestPayload extends TenthRealmCharacterPayload {
  @Field(() => TenthRealmCard, { nullable: true }) card!: TenthRealmCard | null;
  @Field(() => String, { nullable: true, description: 'SERENE, CALM, TROUBLE_IS_AHEAD or TROUBLE_IS_HERE.' }) omen!: string | null;
  @Field(() => Int) recovered!: number;
}

@ObjectType()
export class TenthRealmResilienceCheck extends TenthRealmCharacterPayload {
  @Field(() => TenthRealmTrialRoll) roll!: TenthRealmTrialRoll;
  @Field() incapacitated!: boolean;
}

@ObjectType()
export class TenthRealmBlessingAttribute {
  @Field(() => TenthRealmAttribute) attribute!: string;
  @Field(() => TenthRealmCard) card!: TenthRealmCard;
  @Field({ description: 'PLUS_2, PLUS_1, UNCHANGED or BAD_OMEN.' }) omen!: string;
  @Field(() => Int) increase!: number;
  @Field(() => Int) value!: number;
}

@ObjectType()
export class TenthRealmBlessing extends TenthRealmCharacterPayload {
  @Field(() => [TenthRealmBlessingAttribute]) attributes!: TenthRealmBlessingAttribute[];
  @Field(() => Int, { description: 'How many ♠ among the attribute cards: more than one, the omen grows more menacing.' })
  badOmens!: number;
  @Field(() => TenthRealmCard) resilienceCard!: TenthRealmCard;
  @Field({ description: 'PLUS_2, PLUS_1, UNCHANGED or VISION.' }) resilienceOmen!: string;
  @Field(() => Int) maxResilience!: number;
}

@ObjectType()
export class TenthRealmReactionPayload {
  @Field(() => TenthRealmCard) card!: TenthRealmCard;
  @Field({ description: 'HELPFUL, CURIOUS, WARY or HOSTILE.' }) reaction!: string;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class TenthRealmOraclePayload {
  @Field({ description: 'STRONG_YES (≥ 2 red), WEAK_YES (1 red) or NO.' }) answer!: string;
  @Field(() => [TenthRealmCard]) cards!: TenthRealmCard[];
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class TenthRealmSessionPayload {
  @Field(() => Int) session!: number;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class TenthRealmEncounterPayload {
  @Field(() => Encounter) encounter!: Encounter;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class TenthRealmMoralePayload {
  @Field(() => TenthRealmCard) card!: TenthRealmCard;
  @Field({ description: 'PANIC_AND_FLEE, SURRENDER_OR_NEGOTIATE, STAY_IN_THE_FIGHT or DOUBLE_DOWN.' }) morale!: string;
  @Field(() => [ID]) enemyIds!: string[];
}

@ObjectType()
export class TenthRealmMoraleCheck extends TenthRealmEncounterPayload {
  @Field(() => TenthRealmCard) card!: TenthRealmCard;
  @Field() morale!: string;
  @Field(() => [ID]) enemyIds!: string[];
}

@ObjectType()
export class TenthRealmAttackPayload extends TenthRealmEncounterPayload {
  @Field(() => TenthRealmTrialRoll) roll!: TenthRealmTrialRoll;
  @Field(() => Int, { description: 'The damage die after steps.' }) damageDie!: number;
  @Field(() => Int) damageRoll!: number;
  @Field(() => Int) armorRoll!: number;
  @Field(() => Int, { description: 'damageRoll − armorRoll, at least 0.' }) damage!: number;
  @Field(() => String, { nullable: true, description: "The GM's consequence in place of the damage (a setback): no damage rolled." }) consequence!: string | null;
  @Field(() => TenthRealmEnemy) enemy!: TenthRealmEnemy;
}

@ObjectType()
export class TenthRealmDamageEnemyGearPayload extends TenthRealmEncounterPayload {
  @Field(() => TenthRealmTrialRoll) roll!: TenthRealmTrialRoll;
  @Field(() => TenthRealmGearSlot) gear!: string;
  @Field(() => Int, { nullable: true }) dieBefore!: number | null;
  @Field(() => Int, { nullable: true, description: 'The die after the turn; null: the armor broke.' }) dieAfter!: number | null;
  @Field(() => TenthRealmEnemy) enemy!: TenthRealmEnemy;
}

@ObjectType()
export class TenthRealmHit {
  @Field(() => Int) damageDie!: number;
  @Field(() => Int) damageRoll!: number;
  @Field(() => Int) armorRoll!: number;
  @Field(() => Int) damage!: number;
}

@ObjectType()
export class TenthRealmDefendPayload extends TenthRealmEncounterPayload {
  @Field(() => TenthRealmTrialRoll) roll!: TenthRealmTrialRoll;
  @Field(() => TenthRealmHit, { nullable: true, description: 'Null when the attack missed, or its damage was replaced by a consequence.' }) hit!: TenthRealmHit | null;
  @Field(() => String, { nullable: true, description: "The GM's consequence in place of the damage (a setback)." }) consequence!: string | null;
  @Field(() => Character) character!: Character;
}
