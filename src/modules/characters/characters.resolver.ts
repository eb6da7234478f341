import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { Campaign } from '../campaigns/campaign.model.js';
import { CreateCharacterInput } from './character.inputs.js';
import { Character } from './character.model.js';
import { CharactersService } from './characters.service.js';

@Resolver(() => Character)
export class CharactersResolver {
  constructor(private readonly service: CharactersService) {}

  @Query(() => Character)
  character(@CurrentPrincipal() principal: Principal, @Args('id', { type: () => ID }, new ParseIdPipe('id')) id: string) {
    return this.service.findCharacter(principal, id);
  }

  @Mutation(() => Character, { description: 'GM: any character or NPC; PLAYER: a character of their own.' })
  createCharacter(@CurrentPrincipal() principal: Principal, @Args('input') input: CreateCharacterInput) {
    return this.service.createCharacter(principal, input);
  }
}

@Resolver(() => Campaign)
export class CampaignCharactersResolver {
  constructor(private readonly service: CharactersService) {}

  @ResolveField(() => [Character])
  characters(@CurrentPrincipal() principal: Principal, @Parent() campaign: Campaign) {
    return this.service.listCharacters(principal, campaign.id);
  }
}
