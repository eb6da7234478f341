import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.guard.js';
import { Database } from '../../infra/database.js';

@Controller('health')
export class HealthController {
  constructor(private readonly db: Database) {}

  /**
   * 200 when the database answers, 503 when it does not. `settledCommits` counts, since start,
   * the commits whose answer was lost with the connection and whose outcome was then asked of
   * the database: committed, aborted, or unknown (the client was told so).
   */
  @Public()
  @Get()
  @HttpCode(200)
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const started = performance.now();
    const settledCommits = { ...this.db.settledCommits };
    try {
      await this.db.query('SELECT 1');
      return { status: 'ok', database: { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10, settledCommits } };
    } catch {
      reply.code(503);
      return { status: 'unavailable', database: { status: 'down', settledCommits } };
    }
  }
}
