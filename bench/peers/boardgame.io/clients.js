/**
 * The peer's players, through boardgame.io's own client and its socket.io transport: matches are
 * created and joined through its Lobby API, then each seat is a `Client` of its match that asks
 * for `draw` and waits until the server's update shows its own draw.
 */
import { createRequire } from 'node:module';
import { drawGame } from './game.js';

const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');

/** How long a seat waits for the update that shows its draw before counting the move as failed. */
const MOVE_TIMEOUT_MS = 10_000;

async function lobby(url, path, body) {
  const response = await fetch(`${url}/games/${drawGame.name}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`boardgame.io lobby ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** One player's client on one match, started and synced. */
class Seat {
  constructor(url, matchID, playerID, credentials) {
    this.playerID = playerID;
    this.matchID = matchID;
    this.waiting = undefined;
    this.tags = 0;
    this.client = Client({ game: drawGame, matchID, playerID, credentials, multiplayer: SocketIO({ server: url, socketOpts: { transports: ['websocket'] } }), debug: false });
    this.client.subscribe((state) => this.seen(state));
    this.client.start();
  }

  /** Resolves once the client has synced with the server. */
  ready(timeoutMs = 20_000) {
    return new Promise((resolveReady, reject) => {
      let unsubscribe;
      const timer = setTimeout(() => {
        unsubscribe?.();
        reject(new Error(`match ${this.matchID}: no sync within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = (state) => {
        if (!state?.isConnected || state.G === undefined) return false;
        clearTimeout(timer);
        unsubscribe?.();
        resolveReady();
        return true;
      };
      if (!check(this.client.getState())) unsubscribe = this.client.subscribe(check);
    });
  }

  seen(state) {
    const last = state?.G?.last;
    if (this.waiting && last && last.playerID === this.playerID && last.tag === this.waiting.tag) {
      const { resolveMove, timer } = this.waiting;
      this.waiting = undefined;
      clearTimeout(timer);
      resolveMove(last);
    }
  }

  /** Draws one card; resolves with the draw once the server's update shows it. */
  draw() {
    const tag = ++this.tags;
    return new Promise((resolveMove, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new Error(`match ${this.matchID}: no update for draw ${tag} within ${MOVE_TIMEOUT_MS} ms`));
      }, MOVE_TIMEOUT_MS);
      this.waiting = { tag, resolveMove, timer };
      this.client.moves.draw(tag);
    });
  }

  stop() {
    this.client.stop();
  }
}

/**
 * `matches` matches of one player each, seated among `workers` workers (worker i sits at matches
 * i, i + workers, …; at least as many matches as workers), as Arbiter's connections spread over
 * its campaigns. `transaction(worker)` draws on the worker's next match.
 */
export async function openTables(url, { matches, workers }) {
  if (matches < workers) throw new Error(`${workers} workers need at least as many matches, not ${matches}`);
  const seats = [];
  // Eight at a time, as Arbiter's campaigns are made.
  for (let first = 0; first < matches; first += 8) {
    const made = await Promise.all(
      Array.from({ length: Math.min(8, matches - first) }, async (_, k) => {
        const { matchID } = await lobby(url, '/create', { numPlayers: 1 });
        const { playerCredentials } = await lobby(url, `/${matchID}/join`, { playerID: '0', playerName: `Bench player ${first + k + 1}` });
        return new Seat(url, matchID, '0', playerCredentials);
      }),
    );
    seats.push(...made);
  }
  try {
    await Promise.all(seats.map((seat) => seat.ready()));
  } catch (error) {
    for (const seat of seats) seat.stop();
    throw error;
  }
  const byWorker = Array.from({ length: workers }, (_, worker) => seats.filter((_, i) => i % workers === worker));
  const next = byWorker.map(() => 0);
  return {
    matchIDs: seats.map((seat) => seat.matchID),
    transaction(worker) {
      const own = byWorker[worker % workers];
      const seat = own[next[worker % workers]++ % own.length];
      return seat.draw();
    },
    close() {
      for (const seat of seats) seat.stop();
    },
  };
}
