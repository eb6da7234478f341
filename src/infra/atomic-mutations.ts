import { type GraphQLResolveInfo, type GraphQLSchema, Kind, defaultFieldResolver } from 'graphql';
import type { Database } from './database.js';

/**
 * Declares GraphQL's transaction boundary at the entry point: each top-level mutation is atomic
 * within the request's transaction, which the request commits once its response is ready
 * (request-lifecycle.ts). The Mutation type's resolvers are wrapped in the schema itself: a Nest
 * interceptor would put a chain of observables around every resolver of every operation.
 */
export function atomicMutations(schema: GraphQLSchema, db: Database): GraphQLSchema {
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args, context, info) =>
      db.atomically(
        async () => {
          const result: unknown = await resolve(source, args, context, info);
          // Nest's exception layer hands a resolver's error back as its result, which graphql-js
          // reports as the field's error: the mutation failed all the same.
          if (result instanceof Error) throw result;
          return result;
        },
        undefined,
        { sole: isSoleField(info) },
      );
  }
  return schema;
}

/** Whether the operation selects this one field and nothing else at its root (no fragment, no directive). */
function isSoleField(info: GraphQLResolveInfo): boolean {
  const [only, ...others] = info.operation.selectionSet.selections;
  return others.length === 0 && only.kind === Kind.FIELD && !only.directives?.length;
}
