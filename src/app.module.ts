import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { GraphQLModule } from '@nestjs/graphql';
import { ClsModule } from 'nestjs-cls';
import type { Logger } from 'pino';
import { createErrorFormatter } from './common/error-formatter.js';
import { GraphQLErrorPassThrough } from './common/graphql-exception.filter.js';
import { inputValidationPipe } from './common/validation.pipe.js';
import type { ArbiterConfig } from './infra/config.js';
import { Database, PrismaService } from './infra/database.js';
import { GRAPHQL_LIMITS, graphqlHardening } from './infra/graphql-limits.js';
import { IdempotencyStore } from './infra/idempotency.js';
import { IdempotencySweeper } from './infra/idempotency-sweeper.js';
import { OperationRateLimiter } from './infra/rate-limit.js';
import { requestOutcomePlugin } from './infra/request-lifecycle.js';
import { Sql } from './infra/sql.js';
import { Transactions } from './infra/transactions.js';
import { ADMIN_KEY } from './infra/tokens.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CampaignsModule } from './modules/campaigns/campaigns.module.js';
import { CharactersModule } from './modules/characters/characters.module.js';
import { DecksModule } from './modules/decks/decks.module.js';
import { DiceModule } from './modules/dice/dice.module.js';
import { EncountersModule } from './modules/encounters/encounters.module.js';
import { EventsModule } from './modules/events/events.module.js';
import { HealthController } from './modules/health/health.controller.js';
import { LiveEventsConnections } from './modules/live-events/live-events.connections.js';
import { LiveEventsModule } from './modules/live-events/live-events.module.js';
import { playgroundLandingPage } from './modules/playground/playground.plugin.js';
import { RestModule } from './modules/rest/rest.module.js';
import { RulesetKernelModule } from './rulesets/kernel/ruleset-kernel.module.js';
import { RULESET_MODULES } from './rulesets/registry.js';
import { RulesetsResolver } from './rulesets/rulesets.resolver.js';

export interface AppDependencies {
  database: Database;
  adminKey: string;
  logger: Logger;
  config: ArbiterConfig;
}

@Module({})
export class AppModule {
  static forRoot({ database, adminKey, logger, config }: AppDependencies): DynamicModule {
    const rateLimiter = new OperationRateLimiter(config.rateLimitPerMinute);
    const hardening = graphqlHardening(config, rateLimiter);
    const formatError = createErrorFormatter(logger);
    return {
      module: AppModule,
      global: true,
      imports: [
        // One context per request (on AsyncLocalStorage): who calls, and the transaction its
        // repositories join (transactions.ts).
        ClsModule.forRoot({ global: true }),
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [LiveEventsModule],
          inject: [LiveEventsConnections],
          useFactory: (liveEvents: LiveEventsConnections) => ({
            path: '/graphql',
            autoSchemaFile: true,
            sortSchema: true,
            ...hardening,
            formatError,
            // Our own playground or no landing page at all: never @nestjs/apollo's CDN-loaded GraphiQL.
            graphiql: false,
            plugins: [
              ...hardening.plugins,
              requestOutcomePlugin(),
              // No field sets cache hints: the default cache-control plugin would only wrap every resolver.
              ApolloServerPluginCacheControlDisabled(),
              ...(config.playground ? [playgroundLandingPage({ endpoint: '/graphql' })] : []),
            ],
            // Live events: graphql-ws on the same path (subscriptions only; see LiveEventsConnections).
            context: (source: unknown) => liveEvents.graphqlContext(source),
            subscriptions: liveEvents.subscriptionsConfig('/graphql', formatError, {
              validationRules: hardening.validationRules,
              maxTokens: GRAPHQL_LIMITS.maxTokens,
              rateLimiter,
            }),
          }),
        }),
        AuthModule,
        RulesetKernelModule,
        EventsModule,
        EncountersModule,
        CampaignsModule,
        CharactersModule,
        DecksModule,
        DiceModule,
        ...RULESET_MODULES,
        LiveEventsModule,
        RestModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: Database, useValue: database },
        { provide: PrismaService, useValue: database.prisma },
        { provide: ADMIN_KEY, useValue: adminKey },
        { provide: OperationRateLimiter, useValue: rateLimiter },
        { provide: APP_PIPE, useValue: inputValidationPipe },
        { provide: APP_FILTER, useClass: GraphQLErrorPassThrough },
        Transactions,
        Sql,
        IdempotencyStore,
        IdempotencySweeper,
        RulesetsResolver,
      ],
      exports: [Database, PrismaService, Transactions, Sql, IdempotencyStore, ADMIN_KEY, OperationRateLimiter],
    };
  }
}
