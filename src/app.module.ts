import { type DynamicModule, Module } from '@nestjs/common';
import { APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { GraphQLModule } from '@nestjs/graphql';
import type { Logger } from 'pino';
import { createErrorFormatter } from './common/error-formatter.js';
import { inputValidationPipe } from './common/validation.pipe.js';
import { Database } from './infra/database.js';
import { ADMIN_KEY } from './infra/tokens.js';
import { MutationTransactionInterceptor } from './infra/transaction.interceptor.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CampaignsModule } from './modules/campaigns/campaigns.module.js';
import { CharactersModule } from './modules/characters/characters.module.js';
import { DecksModule } from './modules/decks/decks.module.js';
import { DiceModule } from './modules/dice/dice.module.js';
import { EventsModule } from './modules/events/events.module.js';
import { HealthController } from './modules/health/health.controller.js';
import { RulesetHooksModule } from './rulesets/ruleset-hooks.js';
import { RULESET_MODULES } from './rulesets/ruleset-modules.js';
import { RulesetsResolver } from './rulesets/rulesets.resolver.js';

export interface AppDependencies {
  database: Database;
  adminKey: string;
  logger: Logger;
}

@Module({})
export class AppModule {
  static forRoot({ database, adminKey, logger }: AppDependencies): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloDriver,
          path: '/graphql',
          autoSchemaFile: true,
          sortSchema: true,
          introspection: true,
          includeStacktraceInErrorResponses: false,
          formatError: createErrorFormatter(logger),
        }),
        AuthModule,
        RulesetHooksModule,
        EventsModule,
        CampaignsModule,
        CharactersModule,
        DecksModule,
        DiceModule,
        ...RULESET_MODULES,
      ],
      controllers: [HealthController],
      providers: [
        { provide: Database, useValue: database },
        { provide: ADMIN_KEY, useValue: adminKey },
        { provide: APP_PIPE, useValue: inputValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: MutationTransactionInterceptor },
        RulesetsResolver,
      ],
      exports: [Database, ADMIN_KEY],
    };
  }
}
