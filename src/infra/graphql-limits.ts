import type { ApolloServerPlugin } from '@apollo/server';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { GraphQLArmorConfig } from '@escape.tech/graphql-armor-types';
import { Kind, type OperationDefinitionNode } from 'graphql';
import type { ArbiterConfig } from './config.js';
import type { OperationRateLimiter } from './rate-limit.js';
import { currentRequestContext } from './request-context.js';

/**
 * Every limit a GraphQL document must stay within, in one place. The largest operation of the
 * README and the test suites (a Tenth Realm attack with its roll, encounter and character sheet)
 * uses depth 6, 0 aliases, under 400 tokens and a cost under 600; GraphiQL's introspection query is
 * exempt from depth and cost.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 10,
  maxDirectives: 10,
  maxTokens: 2000,
  maxCost: 5000,
  objectCost: 2,
  scalarCost: 1,
  depthCostFactor: 1.5,
} as const;

/** graphql-armor's protections with our limits, field suggestions blocked in production. */
export function armorConfig(config: Pick<ArbiterConfig, 'production'>): GraphQLArmorConfig {
  const limits = GRAPHQL_LIMITS;
  return {
    maxDepth: { enabled: true, n: limits.maxDepth, ignoreIntrospection: true, flattenFragments: true, exposeLimits: true },
    maxAliases: { enabled: true, n: limits.maxAliases, exposeLimits: true },
    maxDirectives: { enabled: true, n: limits.maxDirectives, exposeLimits: true },
    // graphql-armor's token limit parses the document in a plugin hook, so a syntax error became a
    // 500; graphql-js counts tokens as it parses instead (parseOptions below): 400 GRAPHQL_PARSE_FAILED.
    maxTokens: { enabled: false },
    costLimit: {
      enabled: true,
      maxCost: limits.maxCost,
      objectCost: limits.objectCost,
      scalarCost: limits.scalarCost,
      depthCostFactor: limits.depthCostFactor,
      ignoreIntrospection: true,
      exposeLimits: true,
    },
    blockFieldSuggestion: { enabled: config.production },
  };
}

/** How many operations a document asks for: one per root field of the operation that runs. */
export function operationCount(operation: OperationDefinitionNode | null | undefined): number {
  if (!operation) return 1;
  return Math.max(1, operation.selectionSet.selections.filter((selection) => selection.kind === Kind.FIELD && !selection.name.value.startsWith('__')).length);
}

/**
 * Counts a request's operations against its caller's budget: its API key, or for anonymous
 * callers their address (one budget per `X-Forwarded-For`, or one for all when there is none).
 */
export function countOperations(
  limiter: OperationRateLimiter,
  principal: { id: string } | null,
  operation: OperationDefinitionNode | null | undefined,
  forwardedFor: string | string[] | undefined,
): Promise<void> {
  const operations = operationCount(operation);
  if (principal) return limiter.consumeForKey(principal.id, operations);
  return limiter.consume(`anonymous:${[forwardedFor ?? 'local'].flat().join(', ')}`, operations);
}

/** Counts each request's operations against its API key (anonymous callers share one budget per address). */
export function rateLimitPlugin(limiter: OperationRateLimiter): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, request }) {
          const context = currentRequestContext();
          await countOperations(limiter, context?.principal ?? null, operation, request.http?.headers.get('x-forwarded-for'));
        },
      };
    },
  };
}

/**
 * The Apollo options that harden the endpoint: graphql-armor's limits, no batched requests, CSRF
 * prevention, introspection only where the configuration allows it, no stack traces, the rate limit.
 */
export function graphqlHardening(config: Pick<ArbiterConfig, 'production' | 'introspection'>, limiter: OperationRateLimiter) {
  const armor = new ApolloArmor(armorConfig(config)).protect();
  return {
    validationRules: armor.validationRules,
    // Apollo's plugin type is invariant in its context; these run for any context.
    plugins: [...armor.plugins, rateLimitPlugin(limiter)] as unknown as NonNullable<ApolloDriverConfig['plugins']>,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    allowBatchedHttpRequests: false,
    csrfPrevention: true,
    introspection: config.introspection,
    includeStacktraceInErrorResponses: false,
  };
}
