import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { AuthService } from '../modules/auth/auth.service.js';
import { CommitOutcomeUnknownError, type Database } from './database.js';
import { commitFailure, registerRequestLifecycle } from './request-lifecycle.js';

describe('commitFailure', () => {
  it('answers contention with a retryable CONFLICT (409)', () => {
    for (const code of ['40001', '40P01', '55P03']) {
      expect(commitFailure(Object.assign(new Error('busy'), { code }))).toMatchObject({ status: 409, code: 'CONFLICT' });
    }
  });

  it('answers a lost or unreachable database with SERVICE_UNAVAILABLE (503)', () => {
    expect(commitFailure(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(commitFailure(Object.assign(new Error('admin shutdown'), { code: '57P01' }))).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(commitFailure(new Error('Connection terminated unexpectedly'))).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(commitFailure(Object.assign(new Error('reset'), { code: 'ECONNRESET' })).message).toMatch(/nothing was written/);
  });

  it('answers a commit whose fate the database could not tell with SERVICE_UNAVAILABLE (503) that does not claim nothing was written', () => {
    const failure = commitFailure(new CommitOutcomeUnknownError('1234', Object.assign(new Error('reset'), { code: 'ECONNRESET' })));
    expect(failure).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(failure.message).not.toMatch(/nothing was written/);
    expect(failure.message).toMatch(/could not tell whether it was/);
  });

  it('answers anything else — a write that broke a constraint, a failed trigger — as a bug (500), telling nothing of it', () => {
    const failure = commitFailure(Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: '23505' }));
    expect(failure).toEqual({ status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
    expect(commitFailure(new Error('COMMIT answered ROLLBACK: the transaction had failed'))).toMatchObject({ status: 500 });
  });
});

describe('registerRequestLifecycle', () => {
  it('starts a request\'s work only after the event loop has read what came in with it', async () => {
    const fastify = Fastify();
    const auth = { authenticate: async () => ({ principal: null, invalidKey: false }) } as unknown as AuthService;
    registerRequestLifecycle(fastify, auth, {} as Database);
    // Set where an answer from Postgres that came in with the request would be read: in the
    // event loop's turn that parsed the request.
    let answerRead = false;
    fastify.addHook('onRequest', (_request, _reply, done) => {
      setImmediate(() => (answerRead = true));
      done();
    });
    fastify.post('/work', async () => ({ answerRead }));
    try {
      const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${url}/work`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      expect(await response.json()).toEqual({ answerRead: true });
    } finally {
      await fastify.close();
    }
  });

  it('writes one line per request as the request\'s logger would, without its headers, and leaves the other lines redacted', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info', redact: { paths: ['req.headers.authorization', 'req.headers["idempotency-key"]'], censor: '[redacted]' } },
      { write: (line: string) => void lines.push(line) },
    );
    const fastify = Fastify({ loggerInstance: logger as FastifyBaseLogger, disableRequestLogging: true });
    const auth = { authenticate: async () => ({ principal: null, invalidKey: false }) } as unknown as AuthService;
    registerRequestLifecycle(fastify, auth, {} as Database);
    fastify.post('/work', async (request, reply) => {
      // What the request's own logger makes of the same line; and a line that holds the headers,
      // which only a logger without Fastify's serializer could write.
      request.log.info({ req: request, res: reply, responseTime: 1 }, 'as the request logs it');
      logger.info({ req: { headers: request.headers } }, 'headers');
      return {};
    });
    try {
      const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${url}/work`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer secret-key' },
        body: '{}',
      });
      expect(response.status).toBe(200);
    } finally {
      await fastify.close();
    }
    const logged = lines.map((text) => JSON.parse(text) as Record<string, unknown>);
    const completed = logged.filter((entry) => entry.msg === 'request completed');
    expect(completed).toHaveLength(1);
    // Equal but for the time, the response time and the message.
    const { time: _time, responseTime, msg: _msg, ...line } = completed[0];
    const { time: _otherTime, responseTime: _one, msg: _otherMsg, ...asRequestLogs } = logged.find((entry) => entry.msg === 'as the request logs it')!;
    expect(Object.keys(line)).toEqual(Object.keys(asRequestLogs));
    expect(line).toEqual(asRequestLogs);
    expect(line).toMatchObject({ level: 30, reqId: expect.any(String), req: { method: 'POST', url: '/work', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } });
    expect(responseTime).toEqual(expect.any(Number));
    expect(lines.join('')).not.toContain('secret-key');
    expect(lines.find((text) => text.includes('"msg":"headers"'))).toContain('"authorization":"[redacted]"');
  });
});
