/**
 * boardgame.io's own server (Koa, socket.io, its Lobby API) with bgio-postgres storage, serving
 * the draw game: `node server.js`, configured by PEER_DATABASE_URL, PORT and PEER_POOL_SIZE
 * (Sequelize's pool, set to Arbiter's pool size). Ready when `GET /games` answers.
 */
import { createRequire } from 'node:module';
import { drawGame } from './game.js';

const require = createRequire(import.meta.url);
const { Server, Origins } = require('boardgame.io/server');
const { PostgresStore } = require('bgio-postgres');

const poolSize = Number(process.env.PEER_POOL_SIZE ?? 10);
const db = new PostgresStore(process.env.PEER_DATABASE_URL, { logging: false, pool: { max: poolSize, min: 0 } });
const server = Server({ games: [drawGame], db, origins: [Origins.LOCALHOST] });
const running = await server.run({ port: Number(process.env.PORT) });

// Stopped by the bench once its figures are in: writes still under way need not finish.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.kill(running);
    process.exit(0);
  });
}
