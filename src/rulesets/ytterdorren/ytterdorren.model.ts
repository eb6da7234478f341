import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Character } from '../../modules/characters/character.model.js';

export enum YtterdorrenStance {
  ATTACK = 'ATTACK',
  DEFEND = 'DEFEND',
}
export enum YtterdorrenSkirmishStatus {
  ONGOING = 'ONGOING',
  VICTORY = 'VICTORY',
  DEFEAT = 'DEFEAT',
}
export enum YtterdorrenEncounterStatus {
  ONGOING = 'ONGOING',
  VICTORY = 'VICTORY',
  ENDED = 'ENDED',
}
export enum YtterdorrenFoeStatus {
  ACTIVE = 'ACTIVE',
  DEFEATED = 'DEFEATED',
}
export enum YtterdorrenCombatType {
  MELEE = 'MELEE',
  RANGED = 'RANGED',
}

registerEnumType(YtterdorrenStance, { name: 'YtterdorrenStance', description: 'DEFEND: +10 Defense and −10 to the attack roll for the round.' });
registerEnumType(YtterdorrenSkirmishStatus, { name: 'YtterdorrenSkirmishStatus', description: 'VICTORY when the counter reaches 0; DEFEAT when no character stands.' });
registerEnumType(YtterdorrenEncounterStatus, { name: 'YtterdorrenEncounterStatus', description: 'VICTORY when every foe is defeated; ENDED when the GM ends it.' });
registerEnumType(YtterdorrenFoeStatus, { name: 'YtterdorrenFoeStatus' });
registerEnumType(YtterdorrenCombatType, { name: 'YtterdorrenCombatType' });

// ---- characters and creature cards ---------------------------------------------------------------

@ObjectType({ description: 'A character sheet of Ytterdörren.' })
export class YtterdorrenSheet {
  @Field(() => Int) vita!: number;
  @Field(() => Int) maxVita!: number;
  @Field(() => Int) defense!: number;
  @Field(() => Int, { description: 'Added to the character’s d100 attack rolls.' }) might!: number;
  @Field(() => Int) coins!: number;
  @Field(() => Int) lore!: number;
  @Field(() => [String], { description: 'One entry per item held; the equipped weapon is among them.' }) items!: string[];
  @Field(() => String, { nullable: true }) equippedWeapon!: string | null;
  @Field({ description: 'At 0 Vita.' }) defeated!: boolean;
}

@ObjectType()
export class YtterdorrenStrengthDice {
  @Field(() => Int) players!: number;
  @Field({ description: 'A dice expression, e.g. 2d6+2.' }) dice!: string;
}

@ObjectType()
export class YtterdorrenReward {
  @Field(() => Int) coins!: number;
  @Field(() => Int) lore!: number;
  @Field() text!: string;
}

@ObjectType({ description: 'The skirmish side of a creature card.' })
export class YtterdorrenSkirmishSide {
  @Field(() => [YtterdorrenStrengthDice], { description: 'The strength dice for each number of players the card gives.' }) strength!: YtterdorrenStrengthDice[];
  @Field(() => Int) defense!: number;
  @Field(() => Int) attackModifier!: number;
  @Field(() => Int, { description: 'The Vita a hit removes (1 unless the card says).' }) damage!: number;
  @Field(() => YtterdorrenReward) reward!: YtterdorrenReward;
}

@ObjectType()
export class YtterdorrenVitaByPlayers {
  @Field(() => Int) players!: number;
  @Field(() => Int) vita!: number;
}

@ObjectType()
export class YtterdorrenMightByDifficulty {
  @Field() difficulty!: string;
  @Field(() => Int) might!: number;
}

@ObjectType({ description: 'Lore and Coins each player character receives when the foe is defeated.' })
export class YtterdorrenAwards {
  @Field(() => Int) lore!: number;
  @Field(() => Int) coins!: number;
}

@ObjectType({ description: 'The encounter side of a creature card.' })
export class YtterdorrenEncounterSide {
  @Field(() => [YtterdorrenVitaByPlayers]) vita!: YtterdorrenVitaByPlayers[];
  @Field(() => [YtterdorrenMightByDifficulty]) might!: YtterdorrenMightByDifficulty[];
  @Field(() => YtterdorrenCombatType) combatType!: string;
  @Field(() => Int) defense!: number;
  @Field(() => Int) stride!: number;
  @Field(() => YtterdorrenAwards) awards!: YtterdorrenAwards;
  @Field() specialPower!: string;
  @Field(() => [String], { description: 'Entry N is the power the foe uses when the white die shows N (0–9).' }) powers!: string[];
  @Field() type!: string;
}

@ObjectType({ description: 'A creature card: a skirmish side and an encounter side.' })
export class YtterdorrenCreatureCard {
  @Field() id!: string;
  @Field() name!: string;
  @Field(() => YtterdorrenSkirmishSide) skirmish!: YtterdorrenSkirmishSide;
  @Field(() => YtterdorrenEncounterSide) encounter!: YtterdorrenEncounterSide;
}

@ObjectType({ description: "A Ytterdörren campaign's creature cards and the fights under way." })
export class YtterdorrenCampaign {
  @Field(() => [YtterdorrenCreatureCard]) creatures!: YtterdorrenCreatureCard[];
  @Field(() => [ID], { description: 'The skirmishes under way, oldest first.' }) activeSkirmishIds!: string[];
  @Field(() => [ID], { description: 'The encounters under way, oldest first.' }) activeEncounterIds!: string[];
}

// ---- skirmishes ---------------------------------------------------------------------------------

@ObjectType({ description: "One creature's strength roll: the card's dice for the number of players." })
export class YtterdorrenStrengthRoll {
  @Field() creatureId!: string;
  @Field() expression!: string;
  @Field(() => [Int]) dice!: number[];
  @Field(() => Int) total!: number;
}

@ObjectType({ description: 'A creature of a skirmish: its card’s skirmish side when the skirmish started.' })
export class YtterdorrenSkirmishCreature {
  @Field() creatureId!: string;
  @Field() name!: string;
  @Field(() => Int) defense!: number;
  @Field(() => Int) attackModifier!: number;
  @Field(() => Int) damage!: number;
  @Field(() => YtterdorrenReward) reward!: YtterdorrenReward;
}

@ObjectType()
export class YtterdorrenStanceChoice {
  @Field(() => ID) characterId!: string;
  @Field(() => YtterdorrenStance) stance!: string;
  @Field({ description: 'The creature whose Defense the attack roll must meet.' }) targetCreatureId!: string;
}

@ObjectType()
export class YtterdorrenLootReward {
  @Field() creatureId!: string;
  @Field(() => Int) coins!: number;
  @Field(() => Int) lore!: number;
  @Field() text!: string;
}

@ObjectType({ description: 'One d10 item search: a 10 finds an item.' })
export class YtterdorrenItemSearch {
  @Field() creatureId!: string;
  @Field(() => Int) d10!: number;
  @Field() found!: boolean;
}

@ObjectType({ description: "One character's spoils: each unique creature's reward and item search." })
export class YtterdorrenLoot {
  @Field(() => ID) characterId!: string;
  @Field(() => Int) coins!: number;
  @Field(() => Int) lore!: number;
  @Field(() => [YtterdorrenLootReward]) rewards!: YtterdorrenLootReward[];
  @Field(() => [YtterdorrenItemSearch]) searches!: YtterdorrenItemSearch[];
  @Field(() => [String]) itemsFound!: string[];
}

@ObjectType({ description: 'A skirmish: quick abstract combat around a Skirmish Counter.' })
export class YtterdorrenSkirmish {
  @Field(() => ID) id!: string;
  @Field(() => ID) campaignId!: string;
  @Field(() => YtterdorrenSkirmishStatus) status!: string;
  @Field(() => Int, { description: 'The round under way; after the end, the last round played.' }) round!: number;
  @Field(() => Int) counter!: number;
  @Field(() => Int, { description: "The sum of the creatures' strength rolls." }) startingCounter!: number;
  @Field(() => [YtterdorrenStrengthRoll]) strength!: YtterdorrenStrengthRoll[];
  @Field(() => [ID], { description: 'In the order they act; their number is the number of players.' }) characterIds!: string[];
  @Field(() => [YtterdorrenSkirmishCreature], { description: 'A creature listed twice fights twice.' }) creatures!: YtterdorrenSkirmishCreature[];
  @Field(() => [YtterdorrenStanceChoice], { description: 'The choices made for the round under way.' }) stances!: YtterdorrenStanceChoice[];
  @Field(() => [ID], { description: 'Standing characters who have not chosen yet: the round waits for them.' }) waitingFor!: string[];
  @Field(() => [ID]) defeatedCharacterIds!: string[];
  @Field(() => [YtterdorrenLoot], { nullable: true, description: 'The spoils, once the skirmish is won.' }) loot!: YtterdorrenLoot[] | null;
  @Field() createdAt!: Date;
}

@ObjectType()
export class YtterdorrenSkirmishPayload {
  @Field(() => YtterdorrenSkirmish) skirmish!: YtterdorrenSkirmish;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class YtterdorrenStancePayload extends YtterdorrenSkirmishPayload {
  @Field(() => Int) round!: number;
  @Field(() => YtterdorrenStance) stance!: string;
  @Field() targetCreatureId!: string;
  @Field(() => [ID], { description: 'Standing characters who have not chosen yet.' }) waitingFor!: string[];
}

@ObjectType({ description: "A creature's attack on a character: d100 + its modifier against the character's Defense." })
export class YtterdorrenCreatureAttack {
  @Field() creatureId!: string;
  @Field(() => ID) characterId!: string;
  @Field(() => Int, { description: 'The black tens die: 0, 10, … 90.' }) black!: number;
  @Field(() => Int, { description: 'The white units die: 0–9.' }) white!: number;
  @Field(() => Int, { description: 'What the dice read, 1–100 (00 + 0 reads 100).' }) d100!: number;
  @Field(() => Int) modifier!: number;
  @Field(() => Int) total!: number;
  @Field(() => Int, { description: 'The Defense it faced: +10 when the character defends.' }) defense!: number;
  @Field() hit!: boolean;
  @Field(() => Int) damage!: number;
  @Field(() => Int) vitaAfter!: number;
}

@ObjectType({ description: "A character's attack: d100 + Might (−10 when defending) against the target creature's Defense." })
export class YtterdorrenCharacterAttack {
  @Field(() => ID) characterId!: string;
  @Field(() => YtterdorrenStance) stance!: string;
  @Field() targetCreatureId!: string;
  @Field(() => Int) black!: number;
  @Field(() => Int) white!: number;
  @Field(() => Int) d100!: number;
  @Field(() => Int) might!: number;
  @Field(() => Int, { description: '−10 when defending, else 0.' }) stanceModifier!: number;
  @Field(() => Int) total!: number;
  @Field(() => Int) defense!: number;
  @Field() hit!: boolean;
}

@ObjectType({ description: 'A character as the round found it and left it.' })
export class YtterdorrenRoundCharacter {
  @Field(() => ID) characterId!: string;
  @Field({ description: 'False for a character defeated before the round: not attacked, does not attack.' }) standing!: boolean;
  @Field(() => YtterdorrenStance, { nullable: true }) stance!: string | null;
  @Field(() => Int, { description: 'The sheet’s Defense, before the stance.' }) defense!: number;
  @Field(() => Int) vitaBefore!: number;
  @Field(() => Int) vitaAfter!: number;
  @Field() defeated!: boolean;
}

@ObjectType({ description: "One round: the creatures' turn, the characters' turn, the counter, and on victory the loot." })
export class YtterdorrenRound {
  @Field(() => Int) round!: number;
  @Field(() => [YtterdorrenCreatureAttack], { description: 'Each creature on every character still standing, in order.' }) creatureAttacks!: YtterdorrenCreatureAttack[];
  @Field(() => [YtterdorrenCharacterAttack]) characterAttacks!: YtterdorrenCharacterAttack[];
  @Field(() => [YtterdorrenRoundCharacter]) characters!: YtterdorrenRoundCharacter[];
  @Field(() => Int, { description: 'The hits of the characters: what the counter falls by.' }) hits!: number;
  @Field(() => Int) counterBefore!: number;
  @Field(() => Int) counterAfter!: number;
  @Field(() => YtterdorrenSkirmishStatus) status!: string;
  @Field(() => [YtterdorrenLoot], { nullable: true, description: 'On victory: each character’s rewards and item searches.' }) loot!: YtterdorrenLoot[] | null;
  @Field(() => YtterdorrenSkirmish) skirmish!: YtterdorrenSkirmish;
  @Field(() => Int) eventSeq!: number;
}

// ---- encounters ---------------------------------------------------------------------------------

@ObjectType({ description: 'A foe: the encounter side of its card, scaled to the players and the difficulty.' })
export class YtterdorrenFoe {
  @Field(() => ID, { description: '`f1`, `f2`, … within its encounter.' }) id!: string;
  @Field() creatureId!: string;
  @Field() name!: string;
  @Field() difficulty!: string;
  @Field(() => Int) vita!: number;
  @Field(() => Int) maxVita!: number;
  @Field(() => Int, { description: 'The card’s Might for the difficulty, added to its attack rolls.' }) might!: number;
  @Field(() => YtterdorrenCombatType) combatType!: string;
  @Field(() => Int) defense!: number;
  @Field(() => Int) stride!: number;
  @Field(() => YtterdorrenAwards) awards!: YtterdorrenAwards;
  @Field() specialPower!: string;
  @Field(() => [String]) powers!: string[];
  @Field() type!: string;
  @Field(() => YtterdorrenFoeStatus) status!: string;
}

@ObjectType({ description: 'An encounter: the map stays with the client, the numbers are the server’s.' })
export class YtterdorrenEncounter {
  @Field(() => ID) id!: string;
  @Field(() => ID) campaignId!: string;
  @Field(() => YtterdorrenEncounterStatus) status!: string;
  @Field(() => [ID]) characterIds!: string[];
  @Field(() => [YtterdorrenFoe]) foes!: YtterdorrenFoe[];
  @Field() createdAt!: Date;
}

@ObjectType()
export class YtterdorrenEncounterPayload {
  @Field(() => YtterdorrenEncounter) encounter!: YtterdorrenEncounter;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType({ description: "A foe's attack roll: the black and white dice, the power the white die picks, and the hit." })
export class YtterdorrenFoeAttack {
  @Field(() => ID) foeId!: string;
  @Field(() => ID) targetCharacterId!: string;
  @Field(() => Int, { description: 'The black tens die: 0, 10, … 90.' }) black!: number;
  @Field(() => Int, { description: 'The white units die, 0–9: it also picks the power.' }) white!: number;
  @Field(() => Int, { description: 'What the dice read, 1–100: black + white, 00 + 0 reads 100.' }) d100!: number;
  @Field(() => Int, { description: "The foe's Might." }) might!: number;
  @Field(() => Int, { description: 'd100 + Might.' }) total!: number;
  @Field(() => Int, { description: "The target's Defense." }) defense!: number;
  @Field({ description: 'total ≥ defense.' }) hit!: boolean;
  @Field({ description: "The entry of the foe's power table for the white die." }) power!: string;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType({ description: "A character's attack roll on a foe: d100 + Might against the foe's Defense." })
export class YtterdorrenAttackRoll {
  @Field(() => ID) characterId!: string;
  @Field(() => ID) foeId!: string;
  @Field(() => Int) black!: number;
  @Field(() => Int) white!: number;
  @Field(() => Int) d100!: number;
  @Field(() => Int) might!: number;
  @Field(() => Int) total!: number;
  @Field(() => Int) defense!: number;
  @Field() hit!: boolean;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class YtterdorrenAward {
  @Field(() => ID) characterId!: string;
  @Field(() => Int) lore!: number;
  @Field(() => Int) coins!: number;
}

@ObjectType()
export class YtterdorrenFoeDamage {
  @Field(() => YtterdorrenFoe) foe!: YtterdorrenFoe;
  @Field(() => Int) vitaBefore!: number;
  @Field(() => Int) vita!: number;
  @Field() defeated!: boolean;
  @Field(() => [YtterdorrenAward], { description: "A defeated foe's Lore and Coins, given to each character of the encounter." }) awards!: YtterdorrenAward[];
  @Field(() => YtterdorrenEncounter) encounter!: YtterdorrenEncounter;
  @Field(() => Int) eventSeq!: number;
}

// ---- characters -----------------------------------------------------------------------------------

@ObjectType()
export class YtterdorrenCharacterPayload {
  @Field(() => Character) character!: Character;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class YtterdorrenVitaPayload extends YtterdorrenCharacterPayload {
  @Field(() => Int) vitaBefore!: number;
  @Field(() => Int) vita!: number;
}

@ObjectType()
export class YtterdorrenWeaponPayload extends YtterdorrenCharacterPayload {
  @Field(() => String, { nullable: true }) previous!: string | null;
  @Field(() => String, { nullable: true }) equippedWeapon!: string | null;
}

@ObjectType()
export class YtterdorrenTradePayload {
  @Field(() => Character) from!: Character;
  @Field(() => Character) to!: Character;
  @Field(() => [String]) items!: string[];
  @Field(() => Int) coins!: number;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class YtterdorrenCreaturesPayload {
  @Field(() => [YtterdorrenCreatureCard], { description: 'Every creature card of the campaign now.' }) creatures!: YtterdorrenCreatureCard[];
  @Field(() => [String]) added!: string[];
  @Field(() => [String]) replaced!: string[];
  @Field(() => Int) eventSeq!: number;
}

@ObjectType({ description: 'The chance of each stance against one kind of creature.' })
export class YtterdorrenStanceChances {
  @Field() creatureId!: string;
  @Field(() => Int, { description: 'How many of this creature fight in the skirmish.' }) count!: number;
  @Field({ name: 'attack', description: 'Standing in ATTACK.' }) ATTACK!: number;
  @Field({ name: 'defend', description: 'Standing in DEFEND.' }) DEFEND!: number;
}

@ObjectType()
export class YtterdorrenAssumedStance {
  @Field(() => YtterdorrenStance) stance!: string;
  @Field() targetCreatureId!: string;
}

@ObjectType()
export class YtterdorrenCharacterOdds {
  @Field(() => ID) characterId!: string;
  @Field(() => Int) vita!: number;
  @Field() standing!: boolean;
  @Field(() => YtterdorrenStance, { nullable: true, description: 'The stance chosen for the round under way.' }) chosenStance!: string | null;
  @Field(() => YtterdorrenAssumedStance, { nullable: true, description: 'What the victory odds assume the character does every round.' })
  assumed!: YtterdorrenAssumedStance | null;
  @Field(() => [YtterdorrenStanceChances], { description: "P(one attack of the creature hits this character)." }) hitBy!: YtterdorrenStanceChances[];
  @Field(() => [YtterdorrenStanceChances], { description: "P(this character's attack roll hits the creature)." }) toHit!: YtterdorrenStanceChances[];
}

@ObjectType()
export class YtterdorrenSkirmishOutcomeOdds {
  @Field() victory!: number;
  @Field() defeat!: number;
  @Field({ description: 'P(the skirmish never ends: no one left standing can hit or be hit).' }) unending!: number;
  @Field({ description: 'SETTLED (over), EXACT, or ESTIMATE (played out with a generator that is not the campaign\'s).' }) method!: string;
  @Field({ description: 'The standard error of victory and defeat: 0 unless estimated.' }) standardError!: number;
  @Field(() => Int, { nullable: true }) samples!: number | null;
  @Field(() => Int) unfinishedSamples!: number;
}

@ObjectType({ description: "A skirmish's odds from where it stands: to hit and be hit, and P(victory)." })
export class YtterdorrenSkirmishOdds {
  @Field(() => ID) skirmishId!: string;
  @Field(() => YtterdorrenSkirmishStatus) status!: string;
  @Field(() => Int) round!: number;
  @Field(() => Int) counter!: number;
  @Field(() => [YtterdorrenCharacterOdds]) characters!: YtterdorrenCharacterOdds[];
  @Field(() => YtterdorrenSkirmishOutcomeOdds) outcome!: YtterdorrenSkirmishOutcomeOdds;
}
