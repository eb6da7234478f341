import type { FastifyReply } from 'fastify';
import type { PrismaService } from '../../infra/database.js';
import { HealthController } from './health.controller.js';

/** A database that answers (or not). */
function database(answers: boolean): PrismaService {
  return {
    $queryRaw: async () => {
      if (!answers) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return [{ '?column?': 1 }];
    },
  } as unknown as PrismaService;
}

function reply() {
  const sent = { status: 200 };
  return { sent, reply: { code: (status: number) => ((sent.status = status), undefined) } as unknown as FastifyReply };
}

describe('GET /health', () => {
  it('answers 200 while the database answers, with how long it took', async () => {
    const { sent, reply: answer } = reply();
    expect(await new HealthController(database(true)).health(answer)).toEqual({ status: 'ok', database: { status: 'up', latencyMs: expect.any(Number) } });
    expect(sent.status).toBe(200);
  });

  it('answers 503 while it does not', async () => {
    const { sent, reply: answer } = reply();
    expect(await new HealthController(database(false)).health(answer)).toEqual({ status: 'unavailable', database: { status: 'down' } });
    expect(sent.status).toBe(503);
  });
});
