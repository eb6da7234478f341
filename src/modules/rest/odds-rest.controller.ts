import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length } from 'class-validator';
import { MAX_EXPRESSION_LENGTH } from '../../rules/random/dice.js';
import { Public } from '../auth/auth.guard.js';
import { DiceService } from '../dice/dice.service.js';
import { RestController } from './rest.decorators.js';

export class RollOddsQuery {
  @ApiProperty({ example: '4d6kh3', description: 'Any expression rollDice accepts.' })
  @IsString()
  @Length(1, MAX_EXPRESSION_LENGTH)
  expression!: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Also answer P(total ≥ atLeast).' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  atLeast?: number;
}

class TotalProbabilityDto {
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty() probability!: number;
}

class AtLeastDto {
  @ApiProperty({ type: 'integer' }) value!: number;
  @ApiProperty() probability!: number;
}

export class RollOddsDto {
  @ApiProperty() expression!: string;
  @ApiProperty({ type: [TotalProbabilityDto] }) distribution!: TotalProbabilityDto[];
  @ApiProperty() mean!: number;
  @ApiPropertyOptional({ type: AtLeastDto, nullable: true }) atLeast!: AtLeastDto | null;
  @ApiProperty({ type: 'integer' }) explosionDepth!: number;
  @ApiProperty() probabilityBeyondDepth!: number;
  @ApiProperty() probabilityCapped!: number;
}

/** The odds of a roll before it is made: the `rollOdds` query for plain HTTP callers. */
@RestController('odds', 'odds')
export class OddsRestController {
  constructor(private readonly dice: DiceService) {}

  @Public()
  @Get('roll')
  @ApiOperation({ summary: "A dice expression's odds", description: 'The exact distribution of its total, its mean and P(total ≥ atLeast). Writes nothing; needs no key.' })
  @ApiOkResponse({ type: RollOddsDto })
  rollOdds(@Query() query: RollOddsQuery): RollOddsDto {
    const odds = this.dice.rollOdds(query);
    return { ...odds, atLeast: odds.atLeast ?? null };
  }
}
