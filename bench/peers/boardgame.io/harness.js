/**
 * What the bench needs of this peer (bench/lib/peer.js): how to start its server, how to seat
 * its players, and how to check afterwards what its storage holds.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { STANDARD_52 } from './game.js';

export { openTables } from './clients.js';

const versionOf = (name) => JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;

export const peer = {
  name: 'boardgame.io',
  describe: () => `boardgame.io ${versionOf('boardgame.io')} (socket.io transport) with bgio-postgres ${versionOf('bgio-postgres')} storage`,
  main: fileURLToPath(new URL('./server.js', import.meta.url)),
  readyPath: '/games',
  environment: ({ databaseUrl, poolSize }) => ({ PEER_DATABASE_URL: databaseUrl, PEER_POOL_SIZE: String(poolSize) }),
};

/**
 * What bgio-postgres stored of the matches `matchIDs`: how many draws each match's log holds, and
 * whether every match's deck still holds each of its 52 cards exactly once.
 */
export async function storedMoves(client, matchIDs) {
  const { rows } = await client.query(
    `SELECT id, state::jsonb -> 'G' AS g,
            (SELECT count(*)::int FROM jsonb_array_elements(coalesce(log::jsonb, '[]'::jsonb)) AS entry
              WHERE entry -> 'action' ->> 'type' = 'MAKE_MOVE') AS moves
       FROM "Games" WHERE id = ANY($1)`,
    [matchIDs],
  );
  const sorted = [...STANDARD_52].sort().join();
  const failures = [];
  for (const row of rows) {
    const cards = [...row.g.drawPile, ...row.g.discardPile].sort().join();
    if (cards !== sorted) failures.push(`match ${row.id}: its 52 cards are not each in exactly one pile`);
  }
  if (rows.length !== matchIDs.length) failures.push(`${matchIDs.length - rows.length} matches are missing from storage`);
  return { moves: rows.reduce((sum, row) => sum + row.moves, 0), matches: rows.length, failures };
}
