import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Public } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { RollDiceInput } from './dice.inputs.js';
import { DiceRollPayload, RollOddsPayload } from './dice.model.js';
import { DiceService } from './dice.service.js';

@Resolver()
export class DiceResolver {
  constructor(private readonly service: DiceService) {}

  @Public()
  @Query(() => RollOddsPayload, {
    description: 'The exact odds of an expression rollDice accepts, before it is rolled: its total, its mean, P(total ≥ atLeast). Writes nothing; needs no key.',
  })
  rollOdds(@Args('expression') expression: string, @Args('atLeast', { type: () => Int, nullable: true }) atLeast?: number) {
    const odds = this.service.rollOdds({ expression, atLeast });
    return { ...odds, atLeast: odds.atLeast ?? null };
  }

  @Mutation(() => DiceRollPayload, { description: "Roll a dice expression with the campaign's random stream." })
  rollDice(@CurrentPrincipal() principal: Principal, @Args('input') input: RollDiceInput) {
    return this.service.rollDice(principal, input);
  }
}
