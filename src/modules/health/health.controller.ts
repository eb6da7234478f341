import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.guard.js';
import { PrismaService } from '../../infra/database.js';

@Controller('health')
export class HealthController {
  constructor(private readonly prisma: PrismaService) {}

  /** 200 when the database answers (with how long it took), 503 when it does not. */
  @Public({ ignoreKeys: true })
  @Get()
  @HttpCode(200)
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const started = performance.now();
    try {
      await this.prisma.$queryRaw`SELECT 1`;
      return { status: 'ok', database: { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 } };
    } catch {
      reply.code(503);
      return { status: 'unavailable', database: { status: 'down' } };
    }
  }
}
