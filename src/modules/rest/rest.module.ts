import { Module } from '@nestjs/common';
import { RULESET_MODULES } from '../../rulesets/ruleset-modules.js';
import { DecksModule } from '../decks/decks.module.js';
import { DiceModule } from '../dice/dice.module.js';
import { CampaignsRestController } from './campaigns-rest.controller.js';
import { DecksRestController } from './decks-rest.controller.js';
import { EnchantedRealmsRestController } from './enchanted-realms-rest.controller.js';
import { RestNotFoundController } from './rest-not-found.controller.js';
import { RestRateLimitGuard } from './rest.decorators.js';
import { TenthRealmRestController } from './tenth-realm-rest.controller.js';

/**
 * REST under /v1 for callers without a GraphQL client (VTT macros, scripts): the same services as
 * the GraphQL resolvers, the same auth, Idempotency-Key, transaction per call, errors and log.
 */
@Module({
  imports: [DecksModule, DiceModule, ...RULESET_MODULES],
  controllers: [CampaignsRestController, DecksRestController, TenthRealmRestController, EnchantedRealmsRestController, RestNotFoundController],
  providers: [RestRateLimitGuard],
})
export class RestModule {}
