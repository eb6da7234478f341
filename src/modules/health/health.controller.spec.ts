import type { FastifyReply } from 'fastify';
import type { Database } from '../../infra/database.js';
import type { GameLedger } from '../events/game-ledger.service.js';
import { HealthController } from './health.controller.js';

/** A database that answers (or not), with commits settled so far. */
function database(answers: boolean): Database {
  return {
    settledCommits: { committed: 2, aborted: 5, unknown: 1 },
    query: async () => {
      if (!answers) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return [{ '?column?': 1 }];
    },
  } as unknown as Database;
}

/** A ledger whose moves from what was kept found their campaign as left 7 times and moved on 3 times. */
const ledger = { movesFromKept: () => ({ asLeft: 7, movedOn: 3 }) } as unknown as GameLedger;

function reply() {
  const sent = { status: 200 };
  return { sent, reply: { code: (status: number) => ((sent.status = status), undefined) } as unknown as FastifyReply };
}

describe('GET /health', () => {
  it('answers 200 with the settled commits and the moves from what was kept while the database answers', async () => {
    const { sent, reply: answer } = reply();
    expect(await new HealthController(database(true), ledger).health(answer)).toEqual({
      status: 'ok',
      database: { status: 'up', latencyMs: expect.any(Number), settledCommits: { committed: 2, aborted: 5, unknown: 1 } },
      movesFromKept: { asLeft: 7, movedOn: 3 },
    });
    expect(sent.status).toBe(200);
  });

  it('answers 503, still with the settled commits and the moves, while it does not', async () => {
    const { sent, reply: answer } = reply();
    expect(await new HealthController(database(false), ledger).health(answer)).toEqual({
      status: 'unavailable',
      database: { status: 'down', settledCommits: { committed: 2, aborted: 5, unknown: 1 } },
      movesFromKept: { asLeft: 7, movedOn: 3 },
    });
    expect(sent.status).toBe(503);
  });
});
