import { Field, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Public } from '../modules/auth/auth.guard.js';
import { RulesetHooks } from './ruleset-hooks.js';
import { RULESETS } from './ruleset-registry.js';

@ObjectType({ description: 'A rule system a campaign can be played by.' })
export class Ruleset {
  @Field() id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field({ description: "Whether the ruleset's own rules are available; every ruleset has the platform's decks, dice and events." })
  implemented!: boolean;
}

@Resolver(() => Ruleset)
export class RulesetsResolver {
  constructor(private readonly hooks: RulesetHooks) {}

  @Public()
  @Query(() => [Ruleset], { description: 'The rule systems Arbiter knows. Needs no key.' })
  rulesets(): Ruleset[] {
    return RULESETS.map((ruleset) => ({ ...ruleset, implemented: this.hooks.isImplemented(ruleset.id) }));
  }
}
