import type { LoggerService } from '@nestjs/common';
import type { Logger, Level } from 'pino';

/**
 * Nest's log lines (start-up, routes, its own errors) written by the server's pino logger, so that
 * every line of the log has one JSON shape: pino's `level`, `time` and `msg`, with Nest's context
 * as `context`.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Nest passes the context last, and an error's stack before it (`error(message, stack, context)`). */
  private write(level: Level, message: unknown, rest: unknown[]): void {
    const context = rest.length > 0 && typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = level === 'error' && rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ context, ...message });
    else this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
  }
}
