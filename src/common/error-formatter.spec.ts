import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { createErrorFormatter } from './error-formatter.js';

const logged: string[] = [];
const logger = { warn: (_fields: object, message: string) => logged.push(message), error: (_fields: object, message: string) => logged.push(message) } as unknown as Logger;
const format = createErrorFormatter(logger);

/** What the client sees of an error thrown by a resolver at `drawCards`. */
const seen = (original: Error) => {
  const error = new GraphQLError(original.message, { path: ['drawCards'], originalError: original });
  return format(error.toJSON(), error);
};

describe('createErrorFormatter', () => {
  beforeEach(() => (logged.length = 0));

  it('answers a lost database as SERVICE_UNAVAILABLE, nothing written, and anything unknown as a bare INTERNAL_SERVER_ERROR', () => {
    expect(seen(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toMatchObject({
      message: 'The database is unavailable; nothing was written. Retry shortly.',
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(seen(new Error('a bug'))).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  });
});
