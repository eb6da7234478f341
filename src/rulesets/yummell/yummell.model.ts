import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Character } from '../../modules/characters/character.model.js';

export enum YummellCharacteristic {
  STRENGTH = 'STRENGTH',
  CHARM = 'CHARM',
  AGILITY = 'AGILITY',
  MAGIC = 'MAGIC',
}
export enum YummellCardType {
  CREATURE = 'CREATURE',
  ARTEFACT = 'ARTEFACT',
  EVENT = 'EVENT',
}
export enum YummellEffectKind {
  BACKTRACK = 'BACKTRACK',
  ADVANCE = 'ADVANCE',
  MOVEMENT_BONUS = 'MOVEMENT_BONUS',
  CHALLENGE_BONUS = 'CHALLENGE_BONUS',
}
export enum YummellAbility {
  CLEPTOMANIA = 'CLEPTOMANIA',
}
export enum YummellTurnAction {
  NONE = 'NONE',
  MOVED = 'MOVED',
  RESTED = 'RESTED',
}
export enum YummellStopReason {
  FINISH = 'FINISH',
  CHOSE_TO_STOP = 'CHOSE_TO_STOP',
  SQUARE_FULL = 'SQUARE_FULL',
  OUT_OF_POINTS = 'OUT_OF_POINTS',
}
export enum YummellNoEncounterReason {
  DID_NOT_ADVANCE = 'DID_NOT_ADVANCE',
  ARRIVED = 'ARRIVED',
}
export enum YummellNoEffectReason {
  MOVEMENT_OVER = 'MOVEMENT_OVER',
  NO_CHALLENGE = 'NO_CHALLENGE',
  NO_ARROW = 'NO_ARROW',
  CONDITION_NOT_MET = 'CONDITION_NOT_MET',
  NOT_POSSIBLE = 'NOT_POSSIBLE',
}
export enum YummellChallengeMove {
  ADVANCED = 'ADVANCED',
  STAYED = 'STAYED',
  BACKTRACKED = 'BACKTRACKED',
}
export enum YummellAbilityTiming {
  BEFORE_ENCOUNTER = 'BEFORE_ENCOUNTER',
  AFTER_ENCOUNTER = 'AFTER_ENCOUNTER',
}

registerEnumType(YummellCharacteristic, { name: 'YummellCharacteristic' });
registerEnumType(YummellCardType, { name: 'YummellCardType', description: 'A Creature is challenged; an Artefact joins the active Artefacts; an Event acts on its drawer (with the arrow).' });
registerEnumType(YummellEffectKind, {
  name: 'YummellEffectKind',
  description: 'BACKTRACK and ADVANCE move one square; MOVEMENT_BONUS lowers a terrain’s cost; CHALLENGE_BONUS adds to a Characteristic in challenges.',
});
registerEnumType(YummellAbility, { name: 'YummellAbility', description: 'CLEPTOMANIA: at the end of the movement, take an active Artefact of a character in the same square.' });
registerEnumType(YummellTurnAction, { name: 'YummellTurnAction', description: 'What the current character has done this turn: a turn is a move or a rest.' });
registerEnumType(YummellStopReason, { name: 'YummellStopReason' });
registerEnumType(YummellNoEncounterReason, { name: 'YummellNoEncounterReason' });
registerEnumType(YummellNoEffectReason, {
  name: 'YummellNoEffectReason',
  description:
    'Why an Event drawn as an encounter did nothing: a movement bonus once movement is over, a challenge bonus with no challenge, ' +
    'no arrow, its condition not met, or a square that cannot host the pawn.',
});
registerEnumType(YummellChallengeMove, { name: 'YummellChallengeMove', description: 'Won: ADVANCED one square, or STAYED when it cannot host the pawn. Lost: BACKTRACKED.' });
registerEnumType(YummellAbilityTiming, { name: 'YummellAbilityTiming' });

@ObjectType({ description: 'The four Characteristics of a character.' })
export class YummellCharacteristics {
  @Field(() => Int) strength!: number;
  @Field(() => Int) charm!: number;
  @Field(() => Int) agility!: number;
  @Field(() => Int) magic!: number;
}

@ObjectType({ description: 'What a card does, as data.' })
export class YummellEffect {
  @Field(() => YummellEffectKind) kind!: string;
  @Field(() => String, { nullable: true, description: 'MOVEMENT_BONUS: the terrain whose squares cost less.' }) terrain!: string | null;
  @Field(() => String, { nullable: true, description: 'CHALLENGE_BONUS: STRENGTH, CHARM, AGILITY, MAGIC or ANY.' }) characteristic!: string | null;
  @Field(() => Int, { nullable: true, description: 'MOVEMENT_BONUS and CHALLENGE_BONUS: by how much.' }) amount!: number | null;
}

@ObjectType({ description: 'A card of the encounter deck: its value (1–8) is the movement or challenge points it gives from a hand.' })
export class YummellCard {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => YummellCardType) type!: string;
  @Field(() => Int) value!: number;
  @Field(() => String, { nullable: true }) text!: string | null;
  @Field(() => YummellCharacteristic, { nullable: true, description: 'CREATURE: the Characteristic it is challenged on.' }) characteristic!: string | null;
  @Field(() => Int, { nullable: true, description: 'CREATURE: the number a challenge must beat (strictly).' }) number!: number | null;
  @Field(() => Boolean, { nullable: true, description: 'EVENT: the arrow — it acts on the character who draws it as an encounter.' }) arrow!: boolean | null;
  @Field(() => String, { nullable: true, description: 'EVENT: it acts only on a square of this terrain.' }) conditionTerrain!: string | null;
  @Field(() => YummellEffect, { nullable: true, description: 'ARTEFACT and EVENT.' }) effect!: YummellEffect | null;
}

@ObjectType({ description: 'A square of the track; square 1 is the first, the last is the finish.' })
export class YummellSquare {
  @Field(() => Int, { description: 'Its position: 1 for the first square.' }) square!: number;
  @Field() terrain!: string;
  @Field(() => Int, { description: 'What entering it costs before pawns: PLAIN 1, HILLS or WOOD 2, SWAMP 3, or the board’s own terrain.' }) cost!: number;
  @Field(() => Int, { nullable: true, description: 'Most pawns it holds; null for no limit.' }) capacity!: number | null;
  @Field({ description: 'No pawn enters it: pawns pass over it for free.' }) impassable!: boolean;
  @Field(() => String, { nullable: true }) name!: string | null;
}

@ObjectType()
export class YummellTerrain {
  @Field() terrain!: string;
  @Field(() => Int) cost!: number;
}

@ObjectType({ description: 'The track, squares in order from start to finish; every pawn starts before square 1 (position 0).' })
export class YummellBoard {
  @Field() name!: string;
  @Field(() => [YummellSquare]) squares!: YummellSquare[];
  @Field(() => [YummellTerrain], { description: 'Terrains the board adds to the rules’ four, with their costs.' }) extraTerrains!: YummellTerrain[];
}

@ObjectType({ description: 'An Advantage: its bonus is added in a challenge on one of its Characteristics when the player uses it.' })
export class YummellAdvantage {
  @Field() name!: string;
  @Field(() => Int) bonus!: number;
  @Field(() => [YummellCharacteristic]) characteristics!: string[];
  @Field({ description: 'Whether using it discards it.' }) discardOnUse!: boolean;
  @Field(() => String, { nullable: true }) text!: string | null;
}

@ObjectType({ description: 'A Yummell character: its pawn, its printed cards, its active Artefacts and its hand.' })
export class YummellCharacter {
  @Field(() => Int, { description: '0 before the first square; n on square n.' }) position!: number;
  @Field(() => YummellCharacteristics) characteristics!: YummellCharacteristics;
  @Field(() => [YummellAbility]) abilities!: string[];
  @Field(() => [YummellAdvantage]) advantages!: YummellAdvantage[];
  @Field(() => [YummellCard], { description: 'The active Artefacts, in the order they came.' }) artefacts!: YummellCard[];
  @Field(() => Int) handCount!: number;
  @Field(() => [YummellCard], { nullable: true, description: "The hand: for the character's player and the GM; null for everyone else." }) hand!: YummellCard[] | null;
}

@ObjectType({ description: 'What the current character has done this turn.' })
export class YummellTurn {
  @Field(() => YummellTurnAction) action!: string;
  @Field(() => Int, { nullable: true, description: 'Where this turn’s movement ended: the square Abilities “at the end of the movement” act in.' })
  movementEndedAt!: number | null;
  @Field(() => [YummellAbility]) abilitiesUsed!: string[];
}

@ObjectType({ description: 'A Creature drawn as an encounter and not yet fought: it must be resolved before anything else.' })
export class YummellPendingChallenge {
  @Field(() => ID) characterId!: string;
  @Field(() => YummellCard) creature!: YummellCard;
  @Field(() => YummellCharacteristic) characteristic!: string;
  @Field(() => Int) number!: number;
}

@ObjectType({ description: 'The race: the board, whose turn it is, the order of arrival. Never the order of the draw pile.' })
export class YummellCampaign {
  @Field(() => ID, { description: 'The encounter deck (see `deck`).' }) deckId!: string;
  @Field(() => YummellBoard) board!: YummellBoard;
  @Field(() => [YummellCard], { description: 'The deck list: every card of the encounter deck.' }) cards!: YummellCard[];
  @Field(() => [ID], { description: 'Characters in the order they play: the order they joined.' }) turnOrder!: string[];
  @Field(() => ID, { nullable: true, description: 'Whose turn it is; null before anyone joined and once everyone arrived.' }) currentCharacterId!: string | null;
  @Field(() => [ID], { description: 'The order of arrival on the last square: the first won.' }) finishOrder!: string[];
  @Field(() => YummellTurn) turn!: YummellTurn;
  @Field(() => YummellPendingChallenge, { nullable: true }) pendingChallenge!: YummellPendingChallenge | null;
  @Field(() => Int) drawPileCount!: number;
  @Field(() => [YummellCard], { description: 'Face up, top first.' }) discardPile!: YummellCard[];
}

@ObjectType()
export class YummellBoardPreset {
  @Field() id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field(() => YummellBoard) board!: YummellBoard;
}

@ObjectType()
export class YummellDeckPreset {
  @Field() id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field(() => [YummellCard]) cards!: YummellCard[];
}

@ObjectType({ description: 'The boards and decks a campaign may start from (settings `boardPreset`, `deckPreset`).' })
export class YummellPresets {
  @Field(() => [YummellBoardPreset]) boards!: YummellBoardPreset[];
  @Field(() => [YummellDeckPreset]) decks!: YummellDeckPreset[];
}

// ---- payloads ---------------------------------------------------------------------------------

@ObjectType()
export class YummellSetUpPayload {
  @Field(() => ID, { description: 'The encounter deck: a new one when the deck list changed.' }) deckId!: string;
  @Field(() => YummellBoard) board!: YummellBoard;
  @Field(() => Int) cardCount!: number;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class YummellCharacterPayload {
  @Field(() => Character, { description: 'Its `yummell` shows the hand of 4 to its player and the GM.' }) character!: object;
  @Field(() => ID, { nullable: true }) currentCharacterId!: string | null;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType({ description: 'A square entered on a move, with what entering it cost.' })
export class YummellPathStep {
  @Field(() => Int) square!: number;
  @Field() terrain!: string;
  @Field(() => Int) terrainCost!: number;
  @Field(() => Int, { description: 'What the active Artefacts take off in this terrain.' }) bonus!: number;
  @Field(() => Int, { description: 'Other characters’ pawns in the square: +1 each.' }) pawns!: number;
  @Field(() => Int, { description: 'max(1, terrainCost − bonus) + pawns.' }) cost!: number;
}

@ObjectType({ description: 'What an Event drawn as an encounter did to its drawer.' })
export class YummellEventOutcome {
  @Field() applied!: boolean;
  @Field(() => YummellNoEffectReason, { nullable: true }) noEffectReason!: string | null;
  @Field(() => String, { nullable: true, description: 'Why it had no effect, in a sentence.' }) noEffectMessage!: string | null;
  @Field(() => Int) from!: number;
  @Field(() => Int) to!: number;
}

@ObjectType({ description: 'The card drawn as an encounter and what came of it.' })
export class YummellEncounter {
  @Field(() => YummellCard) card!: YummellCard;
  @Field({ description: 'What came of it, in a sentence.' }) result!: string;
  @Field(() => YummellEventOutcome, { nullable: true, description: 'EVENT only.' }) eventOutcome!: YummellEventOutcome | null;
}

@ObjectType({ description: 'A use of an Ability: the Artefact that changed hands.' })
export class YummellAbilityResult {
  @Field(() => YummellAbility) ability!: string;
  @Field(() => YummellAbilityTiming) when!: string;
  @Field(() => Int) square!: number;
  @Field(() => ID) targetCharacterId!: string;
  @Field(() => YummellCard) artefact!: YummellCard;
}

@ObjectType({ description: 'A character reached the last square: its place in the order of arrival.' })
export class YummellArrival {
  @Field(() => Int) place!: number;
  @Field({ description: 'The first to arrive wins.' }) winner!: boolean;
  @Field(() => ID, { nullable: true, description: 'Arriving ends the turn: whose it is now.' }) nextCharacterId!: string | null;
}

@ObjectType()
export class YummellMovePayload {
  @Field(() => YummellCard, { description: 'The card played: its value is the movement points.' }) card!: YummellCard;
  @Field(() => Int) from!: number;
  @Field(() => [YummellPathStep]) path!: YummellPathStep[];
  @Field(() => Int) pointsUsed!: number;
  @Field(() => Int, { description: 'Points the move did not use: they are lost.' }) pointsLeft!: number;
  @Field(() => Int) position!: number;
  @Field(() => Int, { description: 'Squares entered.' }) advanced!: number;
  @Field(() => YummellStopReason) stoppedBecause!: string;
  @Field(() => Int, { nullable: true, description: 'The square it could not enter or pay for.' }) stoppedBefore!: number | null;
  @Field(() => [YummellAbilityResult], { description: 'Abilities used before the encounter.' }) abilities!: YummellAbilityResult[];
  @Field(() => YummellEncounter, { nullable: true }) encounter!: YummellEncounter | null;
  @Field(() => YummellNoEncounterReason, { nullable: true }) noEncounterBecause!: string | null;
  @Field(() => YummellArrival, { nullable: true }) arrival!: YummellArrival | null;
  @Field({ description: 'A Creature was drawn: yummellResolveChallenge comes next.' }) challengePending!: boolean;
  @Field(() => Int) handCount!: number;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class YummellBonus {
  @Field() name!: string;
  @Field(() => Int) bonus!: number;
  @Field(() => ID, { nullable: true, description: 'An Artefact’s card.' }) cardId!: string | null;
}

@ObjectType({ description: 'One card of the hand, played against the Creature.' })
export class YummellCardOdds {
  @Field(() => YummellCard) card!: YummellCard;
  @Field(() => Int) value!: number;
  @Field(() => Int, { description: 'Characteristic + this card + Advantages + Artefacts.' }) total!: number;
  @Field() wins!: boolean;
}

@ObjectType({ description: 'A pending challenge before it is resolved: which cards of the hand win, from the player’s view alone.' })
export class YummellChallengeOdds {
  @Field(() => YummellCard) creature!: YummellCard;
  @Field(() => YummellCharacteristic) characteristic!: string;
  @Field(() => Int, { description: 'The total must be strictly higher.' }) number!: number;
  @Field(() => Int) characteristicValue!: number;
  @Field(() => [YummellBonus]) advantages!: YummellBonus[];
  @Field(() => [YummellBonus]) artefacts!: YummellBonus[];
  @Field(() => Int, { description: 'Characteristic + Advantages + Artefacts: what a card’s value is added to.' }) base!: number;
  @Field(() => Int, { description: 'The lowest card value that wins (1 or less: any card; above 8: none).' }) lowestWinningValue!: number;
  @Field(() => [YummellCardOdds], { description: 'Every card of the hand, in hand order.' }) cards!: YummellCardOdds[];
  @Field(() => [ID]) winningCardIds!: string[];
  @Field({ description: 'With no card in hand the challenge is lost.' }) noCardToPlay!: boolean;
}

@ObjectType()
export class YummellChallengePayload {
  @Field(() => YummellCard) creature!: YummellCard;
  @Field(() => YummellCharacteristic) characteristic!: string;
  @Field(() => Int, { description: 'The Creature’s number: the total must be strictly higher.' }) number!: number;
  @Field(() => YummellCard, { nullable: true, description: 'The card played; null with an empty hand (the challenge is then lost).' }) card!: YummellCard | null;
  @Field(() => Int) characteristicValue!: number;
  @Field(() => Int, { nullable: true }) cardValue!: number | null;
  @Field(() => [YummellBonus]) advantages!: YummellBonus[];
  @Field(() => [YummellBonus], { description: 'Active Artefacts’ bonuses on this Characteristic: always used.' }) artefacts!: YummellBonus[];
  @Field(() => Int, { description: 'Characteristic + card value + Advantages + Artefacts.' }) total!: number;
  @Field() won!: boolean;
  @Field(() => [String], { description: 'Advantages discarded because their card says so.' }) discardedAdvantages!: string[];
  @Field(() => Int) from!: number;
  @Field(() => Int) position!: number;
  @Field(() => YummellChallengeMove) moved!: string;
  @Field(() => YummellArrival, { nullable: true }) arrival!: YummellArrival | null;
  @Field(() => Int) handCount!: number;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class YummellRestPayload {
  @Field(() => Int) position!: number;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class YummellAbilityPayload extends YummellAbilityResult {
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class YummellEndTurnPayload {
  @Field(() => [YummellCard], { description: 'The cards drawn into the hand (the caller plays the character, or is the GM).' }) drawn!: YummellCard[];
  @Field(() => Int) handCount!: number;
  @Field(() => ID, { nullable: true, description: 'Whose turn it is now; null once everyone arrived.' }) nextCharacterId!: string | null;
  @Field(() => Int) eventSeq!: number;
}
