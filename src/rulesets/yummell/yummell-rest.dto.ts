import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Length } from 'class-validator';
import { queryList } from '../../modules/rest/rest-common.dto.js';
import { YummellAbility, YummellCardType, YummellChallengeMove, YummellCharacteristic, YummellEffectKind, YummellNoEffectReason, YummellStopReason } from './yummell.model.js';
import type * as models from './yummell.model.js';
import { YummellAbilityUseInput, YummellMoveInput, YummellResolveChallengeInput } from './yummell.inputs.js';

class AbilityUseDto {
  @ApiProperty({ enum: YummellAbility, enumName: 'YummellAbility' }) ability!: YummellAbility;
  @ApiProperty({ format: 'uuid', description: 'The character in the same square whose Artefact is taken.' }) targetCharacterId!: string;
  @ApiPropertyOptional({ description: 'Which Artefact, when the target has several.' }) artefactCardId?: string;
}

/** yummellMove's input without the character, which is in the path; validated by the same rules. */
export class YummellMoveBody extends OmitType(YummellMoveInput, ['characterId'] as const) {
  @ApiProperty({ example: 'wind-2', description: 'A card of the hand: its value is the movement points.' }) override cardId!: string;
  @ApiPropertyOptional({ minimum: 1, description: 'Stop after entering this many squares, even with points left.' }) override stopAfter?: number;
  @ApiPropertyOptional({ type: [AbilityUseDto], default: [], description: 'Abilities used at the end of the movement, before the encounter.' })
  override abilitiesBeforeEncounter: YummellAbilityUseInput[] = [];
}

/** yummellResolveChallenge's input without the character, which is in the path. */
export class YummellResolveChallengeBody extends OmitType(YummellResolveChallengeInput, ['characterId'] as const) {
  @ApiPropertyOptional({ example: 'hex-imp-3', description: 'A card of the hand: required while the hand holds any.' }) override cardId?: string;
  @ApiPropertyOptional({ type: [String], default: [], description: 'Names of the character’s Advantages to use (e.g. Heroism).' }) override advantages: string[] = [];
}

class EffectDto {
  @ApiProperty({ enum: YummellEffectKind, enumName: 'YummellEffectKind' }) kind!: string;
  @ApiProperty({ type: String, nullable: true }) terrain!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'STRENGTH, CHARM, AGILITY, MAGIC or ANY.' }) characteristic!: string | null;
  @ApiProperty({ type: Number, nullable: true }) amount!: number | null;
}

class CardDto {
  @ApiProperty({ example: 'salamander-of-mount-ohrk-1' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: YummellCardType, enumName: 'YummellCardType' }) type!: string;
  @ApiProperty({ minimum: 1, maximum: 8 }) value!: number;
  @ApiProperty({ type: String, nullable: true }) text!: string | null;
  @ApiProperty({ enum: YummellCharacteristic, enumName: 'YummellCharacteristic', nullable: true, description: 'CREATURE.' }) characteristic!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'CREATURE: the number to beat.' }) number!: number | null;
  @ApiProperty({ type: Boolean, nullable: true, description: 'EVENT: the arrow.' }) arrow!: boolean | null;
  @ApiProperty({ type: String, nullable: true, description: 'EVENT: it acts only on a square of this terrain.' }) conditionTerrain!: string | null;
  @ApiProperty({ type: EffectDto, nullable: true, description: 'ARTEFACT and EVENT.' }) effect!: EffectDto | null;
}

const cardDto = (card: models.YummellCard): CardDto => ({
  id: card.id,
  name: card.name,
  type: card.type,
  value: card.value,
  text: card.text,
  characteristic: card.characteristic,
  number: card.number,
  arrow: card.arrow,
  conditionTerrain: card.conditionTerrain,
  effect: card.effect && { kind: card.effect.kind, terrain: card.effect.terrain, characteristic: card.effect.characteristic, amount: card.effect.amount },
});

class PathStepDto {
  @ApiProperty() square!: number;
  @ApiProperty() terrain!: string;
  @ApiProperty() terrainCost!: number;
  @ApiProperty({ description: 'What the active Artefacts take off in this terrain.' }) bonus!: number;
  @ApiProperty({ description: 'Other characters’ pawns in the square: +1 each.' }) pawns!: number;
  @ApiProperty({ description: 'max(1, terrainCost − bonus) + pawns.' }) cost!: number;
}

class EventOutcomeDto {
  @ApiProperty() applied!: boolean;
  @ApiProperty({ enum: YummellNoEffectReason, enumName: 'YummellNoEffectReason', nullable: true }) noEffectReason!: string | null;
  @ApiProperty({ type: String, nullable: true }) noEffectMessage!: string | null;
  @ApiProperty() from!: number;
  @ApiProperty() to!: number;
}

class EncounterDto {
  @ApiProperty({ type: CardDto }) card!: CardDto;
  @ApiProperty({ description: 'What came of it, in a sentence.' }) result!: string;
  @ApiProperty({ type: EventOutcomeDto, nullable: true, description: 'EVENT only.' }) eventOutcome!: EventOutcomeDto | null;
}

class AbilityResultDto {
  @ApiProperty({ enum: YummellAbility, enumName: 'YummellAbility' }) ability!: string;
  @ApiProperty({ enum: ['BEFORE_ENCOUNTER', 'AFTER_ENCOUNTER'] }) when!: string;
  @ApiProperty() square!: number;
  @ApiProperty({ format: 'uuid' }) targetCharacterId!: string;
  @ApiProperty({ type: CardDto }) artefact!: CardDto;
}

class ArrivalDto {
  @ApiProperty() place!: number;
  @ApiProperty({ description: 'The first to arrive wins.' }) winner!: boolean;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) nextCharacterId!: string | null;
}

const arrivalDto = (arrival: models.YummellArrival | null): ArrivalDto | null =>
  arrival && { place: arrival.place, winner: arrival.winner, nextCharacterId: arrival.nextCharacterId };

export class YummellMoveDto {
  @ApiProperty({ type: CardDto, description: 'The card played.' }) card!: CardDto;
  @ApiProperty() from!: number;
  @ApiProperty({ type: [PathStepDto] }) path!: PathStepDto[];
  @ApiProperty() pointsUsed!: number;
  @ApiProperty({ description: 'Lost.' }) pointsLeft!: number;
  @ApiProperty() position!: number;
  @ApiProperty() advanced!: number;
  @ApiProperty({ enum: YummellStopReason, enumName: 'YummellStopReason' }) stoppedBecause!: string;
  @ApiProperty({ type: Number, nullable: true }) stoppedBefore!: number | null;
  @ApiProperty({ type: [AbilityResultDto] }) abilities!: AbilityResultDto[];
  @ApiProperty({ type: EncounterDto, nullable: true }) encounter!: EncounterDto | null;
  @ApiProperty({ enum: ['DID_NOT_ADVANCE', 'ARRIVED'], nullable: true }) noEncounterBecause!: string | null;
  @ApiProperty({ type: ArrivalDto, nullable: true }) arrival!: ArrivalDto | null;
  @ApiProperty({ description: 'A Creature was drawn: resolve-challenge comes next.' }) challengePending!: boolean;
  @ApiProperty() handCount!: number;
  @ApiProperty() eventSeq!: number;
}

export function yummellMoveDto(move: models.YummellMovePayload): YummellMoveDto {
  return {
    card: cardDto(move.card),
    from: move.from,
    path: move.path.map(({ square, terrain, terrainCost, bonus, pawns, cost }) => ({ square, terrain, terrainCost, bonus, pawns, cost })),
    pointsUsed: move.pointsUsed,
    pointsLeft: move.pointsLeft,
    position: move.position,
    advanced: move.advanced,
    stoppedBecause: move.stoppedBecause,
    stoppedBefore: move.stoppedBefore,
    abilities: move.abilities.map((use) => ({ ability: use.ability, when: use.when, square: use.square, targetCharacterId: use.targetCharacterId, artefact: cardDto(use.artefact) })),
    encounter: move.encounter && {
      card: cardDto(move.encounter.card),
      result: move.encounter.result,
      eventOutcome: move.encounter.eventOutcome && { ...move.encounter.eventOutcome },
    },
    noEncounterBecause: move.noEncounterBecause,
    arrival: arrivalDto(move.arrival),
    challengePending: move.challengePending,
    handCount: move.handCount,
    eventSeq: move.eventSeq,
  };
}

class BonusDto {
  @ApiProperty() name!: string;
  @ApiProperty() bonus!: number;
  @ApiProperty({ type: String, nullable: true, description: 'An Artefact’s card.' }) cardId!: string | null;
}

export class YummellChallengeDto {
  @ApiProperty({ type: CardDto }) creature!: CardDto;
  @ApiProperty({ enum: YummellCharacteristic, enumName: 'YummellCharacteristic' }) characteristic!: string;
  @ApiProperty({ description: 'The total must be strictly higher.' }) number!: number;
  @ApiProperty({ type: CardDto, nullable: true, description: 'The card played; null with an empty hand (lost).' }) card!: CardDto | null;
  @ApiProperty() characteristicValue!: number;
  @ApiProperty({ type: Number, nullable: true }) cardValue!: number | null;
  @ApiProperty({ type: [BonusDto] }) advantages!: BonusDto[];
  @ApiProperty({ type: [BonusDto] }) artefacts!: BonusDto[];
  @ApiProperty() total!: number;
  @ApiProperty() won!: boolean;
  @ApiProperty({ type: [String] }) discardedAdvantages!: string[];
  @ApiProperty() from!: number;
  @ApiProperty() position!: number;
  @ApiProperty({ enum: YummellChallengeMove, enumName: 'YummellChallengeMove' }) moved!: string;
  @ApiProperty({ type: ArrivalDto, nullable: true }) arrival!: ArrivalDto | null;
  @ApiProperty() handCount!: number;
  @ApiProperty() eventSeq!: number;
}

export function yummellChallengeDto(challenge: models.YummellChallengePayload): YummellChallengeDto {
  const bonus = ({ name, bonus: value, cardId }: models.YummellBonus): BonusDto => ({ name, bonus: value, cardId });
  return {
    creature: cardDto(challenge.creature),
    characteristic: challenge.characteristic,
    number: challenge.number,
    card: challenge.card && cardDto(challenge.card),
    characteristicValue: challenge.characteristicValue,
    cardValue: challenge.cardValue,
    advantages: challenge.advantages.map(bonus),
    artefacts: challenge.artefacts.map(bonus),
    total: challenge.total,
    won: challenge.won,
    discardedAdvantages: [...challenge.discardedAdvantages],
    from: challenge.from,
    position: challenge.position,
    moved: challenge.moved,
    arrival: arrivalDto(challenge.arrival),
    handCount: challenge.handCount,
    eventSeq: challenge.eventSeq,
  };
}

export class YummellRestDto {
  @ApiProperty() position!: number;
  @ApiProperty() eventSeq!: number;
}

export class YummellEndTurnDto {
  @ApiProperty({ type: [CardDto], description: 'The cards drawn into the hand (the caller plays the character, or is the GM).' }) drawn!: CardDto[];
  @ApiProperty() handCount!: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Whose turn it is now; null once everyone arrived.' }) nextCharacterId!: string | null;
  @ApiProperty() eventSeq!: number;
}

export function yummellEndTurnDto(ended: models.YummellEndTurnPayload): YummellEndTurnDto {
  return { drawn: ended.drawn.map(cardDto), handCount: ended.handCount, nextCharacterId: ended.nextCharacterId, eventSeq: ended.eventSeq };
}

/** The Advantages the player would use, in the query string: `advantages` repeated, or a JSON list. */
export class YummellChallengeOddsQuery {
  @ApiPropertyOptional({ type: [String], description: 'Names of the character’s Advantages to use: repeat the parameter, or give a JSON list.' })
  @IsOptional() @Transform(queryList) @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @Length(1, 60, { each: true })
  advantages?: string[];
}

class CardOddsDto {
  @ApiProperty({ type: CardDto }) card!: CardDto;
  @ApiProperty() value!: number;
  @ApiProperty({ description: 'Characteristic + this card + Advantages + Artefacts.' }) total!: number;
  @ApiProperty() wins!: boolean;
}

export class YummellChallengeOddsDto {
  @ApiProperty({ type: CardDto }) creature!: CardDto;
  @ApiProperty({ enum: YummellCharacteristic, enumName: 'YummellCharacteristic' }) characteristic!: string;
  @ApiProperty({ description: 'The total must be strictly higher.' }) number!: number;
  @ApiProperty() characteristicValue!: number;
  @ApiProperty({ type: [BonusDto] }) advantages!: BonusDto[];
  @ApiProperty({ type: [BonusDto] }) artefacts!: BonusDto[];
  @ApiProperty() base!: number;
  @ApiProperty({ description: 'The lowest card value that wins.' }) lowestWinningValue!: number;
  @ApiProperty({ type: [CardOddsDto] }) cards!: CardOddsDto[];
  @ApiProperty({ type: [String] }) winningCardIds!: string[];
  @ApiProperty() noCardToPlay!: boolean;
}

export function yummellChallengeOddsDto(odds: models.YummellChallengeOdds): YummellChallengeOddsDto {
  const bonus = ({ name, bonus: value, cardId }: models.YummellBonus): BonusDto => ({ name, bonus: value, cardId });
  return {
    ...odds,
    creature: cardDto(odds.creature),
    advantages: odds.advantages.map(bonus),
    artefacts: odds.artefacts.map(bonus),
    cards: odds.cards.map((each) => ({ card: cardDto(each.card), value: each.value, total: each.total, wins: each.wins })),
    winningCardIds: [...odds.winningCardIds],
  };
}
