import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt } from 'class-validator';
import { RollDiceInput } from '../dice/dice.inputs.js';
import type { DiceService } from '../dice/dice.service.js';
import { MAX_EVENTS_PER_PAGE } from '../events/events.service.js';
import { GameEventDto } from './rest-common.dto.js';

/** rollDice's input without the campaign, which is in the path; validated by the same rules. */
export class RollDiceBody extends OmitType(RollDiceInput, ['campaignId'] as const) {
  @ApiProperty({ example: '4d6kh3', description: 'NdM, d%, + and − terms and constants, kh/kl/dh/dl, ! to explode (README, Rolling dice).' })
  override expression!: string;
  @ApiPropertyOptional({ example: 'Strength', description: 'What the roll is for, shown in the log.' })
  override label?: string;
}

class RolledDieDto {
  @ApiProperty() sides!: number;
  @ApiProperty({ description: 'The face the die shows.' }) value!: number;
  @ApiProperty({ description: 'False when a keep/drop rule left it out of the total.' }) kept!: boolean;
  @ApiProperty({ description: 'True for an extra roll caused by an exploding die.' }) exploded!: boolean;
}

export class DiceRollDto {
  @ApiProperty({ example: '4d6kh3', description: 'The expression as understood, normalized.' }) expression!: string;
  @ApiProperty({ type: String, nullable: true }) label!: string | null;
  @ApiProperty() total!: number;
  @ApiProperty({ type: [RolledDieDto], description: 'Every die in roll order.' }) dice!: RolledDieDto[];
  @ApiProperty({ description: "The roll's event in the campaign's log." }) eventSeq!: number;
}

export function diceRollDto(roll: Awaited<ReturnType<DiceService['rollDice']>>): DiceRollDto {
  return {
    expression: roll.expression,
    label: roll.label,
    total: roll.total,
    dice: roll.dice.map(({ sides, value, kept, exploded }) => ({ sides, value, kept, exploded })),
    eventSeq: roll.eventSeq,
  };
}

/** The `events` query's arguments: numbers here, their bounds checked as GraphQL's are (checkEventsPage). */
export class EventsQuery {
  @ApiPropertyOptional({ default: 0, minimum: 0, description: 'Events after this seq: the last one you have; 0 for the whole log.' })
  @Type(() => Number) @IsInt() afterSeq: number = 0;
  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: MAX_EVENTS_PER_PAGE })
  @Type(() => Number) @IsInt() limit: number = 100;
}

export class EventsPageDto {
  @ApiProperty({ type: [GameEventDto], description: 'Oldest first, filtered for the caller as the `events` query filters them.' })
  events!: GameEventDto[];
}
