import { Module } from '@nestjs/common';
import { DecksModule } from '../decks/decks.module.js';
import { DiceModule } from '../dice/dice.module.js';
import { CampaignsRestController } from './campaigns-rest.controller.js';
import { DecksRestController } from './decks-rest.controller.js';
import { OddsRestController } from './odds-rest.controller.js';
import { RestNotFoundController } from './rest-not-found.controller.js';
import { RestRateLimitGuard } from './rest.decorators.js';

/**
 * REST under /v1 for callers without a GraphQL client (VTT macros, scripts): the same services as
 * the GraphQL resolvers, the same auth, Idempotency-Key, errors and log. Each ruleset's module
 * serves its own routes (src/rulesets/<id>/).
 */
@Module({
  imports: [DecksModule, DiceModule],
  controllers: [CampaignsRestController, DecksRestController, OddsRestController, RestNotFoundController],
  providers: [RestRateLimitGuard],
})
export class RestModule {}
