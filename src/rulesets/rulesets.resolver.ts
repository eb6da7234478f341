import { Field, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Public } from '../modules/auth/auth.guard.js';
import { Rulesets } from './kernel/rulesets.js';

@ObjectType('RulesetAuthority', { description: 'Who decides one input of one mutation, and the rule text that says so.' })
export class AuthorityRowView {
  @Field() action!: string;
  @Field({ description: 'The input field, or `*` for the mutation as a whole.' }) input!: string;
  @Field({ description: 'GM, ACTING_PLAYER, OPPOSING_PLAYER or ANY_MEMBER.' }) decidedBy!: string;
  @Field() source!: string;
}

@ObjectType({ description: 'A rule system a campaign can be played by.' })
export class Ruleset {
  @Field() id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field({ description: 'Always true: only rulesets this server plays are listed.', deprecationReason: 'Every ruleset listed is implemented.' })
  implemented!: boolean;
  @Field(() => [AuthorityRowView], { description: 'Who decides each input of each of its mutations: the GM, the acting player, or any member.' })
  authority!: AuthorityRowView[];
}

@Resolver(() => Ruleset)
export class RulesetsResolver {
  constructor(private readonly registered: Rulesets) {}

  @Public()
  @Query(() => [Ruleset], { description: 'The rule systems this server plays. Needs no key.' })
  rulesets(): Ruleset[] {
    return this.registered.list().map(({ id, name, description, authority }) => ({ id, name, description, implemented: true, authority: [...authority] }));
  }
}
