import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.guard.js';
import { Database } from '../../infra/database.js';
import { GameLedger } from '../events/game-ledger.service.js';

@Controller('health')
export class HealthController {
  constructor(
    private readonly db: Database,
    private readonly ledger: GameLedger,
  ) {}

  /**
   * 200 when the database answers, 503 when it does not. `settledCommits` counts, since start,
   * the commits whose answer was lost with the connection and whose outcome was then asked of
   * the database: committed, aborted, or unknown (the client was told so). `movesFromKept` counts,
   * since start, the draws and rolls that started from the campaign as this process's last move
   * on it left it: `asLeft` found it so (one round trip), `movedOn` found it moved on (by another
   * process, or a change made directly in the database) and ran again. Many of the latter mean
   * that several processes serve the same campaigns.
   */
  @Public()
  @Get()
  @HttpCode(200)
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const started = performance.now();
    const settledCommits = { ...this.db.settledCommits };
    const movesFromKept = this.ledger.movesFromKept();
    try {
      await this.db.query('SELECT 1');
      return { status: 'ok', database: { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10, settledCommits }, movesFromKept };
    } catch {
      reply.code(503);
      return { status: 'unavailable', database: { status: 'down', settledCommits }, movesFromKept };
    }
  }
}
