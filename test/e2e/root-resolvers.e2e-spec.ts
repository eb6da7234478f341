import { GraphQLSchemaHost } from '@nestjs/graphql';
import type { RunningArbiter } from '../../src/bootstrap.js';
import { RootResolvers } from '../../src/infra/root-resolvers.js';
import { startTestArbiter } from '../helpers/arbiter.js';

describe('Arbiter’s Query and Mutation resolvers', () => {
  let arbiter: RunningArbiter;

  beforeAll(async () => {
    arbiter = await startTestArbiter();
  });

  afterAll(async () => {
    await arbiter?.close();
  });

  it('are all called by RootResolvers, none by Nest’s per-step pipeline (every e2e test goes through them)', () => {
    const { schema } = arbiter.app.get(GraphQLSchemaHost);
    const rootFields = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
      Object.keys(type.getFields()).map((field) => `${type.name}.${field}`),
    );
    expect(rootFields.length).toBeGreaterThan(40);
    expect([...arbiter.app.get(RootResolvers).replaced].sort()).toEqual(rootFields.sort());
  });
});
