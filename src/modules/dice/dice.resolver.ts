import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { RollDiceInput } from './dice.inputs.js';
import { DiceRollPayload } from './dice.model.js';
import { DiceService } from './dice.service.js';

@Resolver()
export class DiceResolver {
  constructor(private readonly service: DiceService) {}

  @Mutation(() => DiceRollPayload, { description: "Roll a dice expression with the campaign's random stream." })
  rollDice(@CurrentPrincipal() principal: Principal, @Args('input') input: RollDiceInput) {
    return this.service.rollDice(principal, input);
  }
}
