/**
 * Generates Prisma Client (src/generated/prisma) from prisma/schema.prisma: run by `npm ci`
 * (postinstall) and by every build. Generating needs no database and no schema engine, but the
 * CLI looks for the engine's binary before it starts and downloads it when missing, which fails
 * offline: any existing file satisfies the look (DESIGN.md, "Known traps"). A production install
 * (`npm ci --omit=dev`, the Docker image) has no CLI and needs none: the build compiled the client.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const cli = join('node_modules', '.bin', process.platform === 'win32' ? 'prisma.cmd' : 'prisma');
if (!existsSync(cli)) {
  console.log('prisma-generate: no Prisma CLI (a production install): nothing to generate');
} else {
  execFileSync(cli, ['generate', '--no-hints'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  });
}
