/**
 * The peer's game: one move, `draw`, takes the top card of a 52-card deck onto the discard pile,
 * reshuffling the discard pile with boardgame.io's own `random` when the deck is empty — what
 * Arbiter's `drawCards` does with `count: 1, to: DISCARD`. Any seated player may draw at any time
 * (all players active). The move runs on the server only (`client: false`: the client cannot know
 * the shuffle) and applies to the match as it is when it arrives (`ignoreStaleStateID`), as a
 * draw on Arbiter does. The deck's order is hidden from the players (`playerView`), as Arbiter
 * hides it.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { ActivePlayers } = require('boardgame.io/core');

/** Arbiter's standard-52 order: suits ♣ ♦ ♥ ♠, ranks A 2–10 J Q K. */
export const STANDARD_52 = ['C', 'D', 'H', 'S'].flatMap((suit) =>
  ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].map((rank) => `${rank}${suit}`),
);

/** One draw from the top onto the discard pile; `tag` lets the player who drew recognise its own move. */
export function drawTop({ drawPile, discardPile }, shuffle) {
  let pile = drawPile;
  let discarded = discardPile;
  let reshuffled = false;
  if (pile.length === 0) {
    pile = shuffle(discarded);
    discarded = [];
    reshuffled = true;
  }
  const [card, ...rest] = pile;
  return { drawPile: rest, discardPile: [card, ...discarded], card, reshuffled };
}

export const drawGame = {
  name: 'draw',
  setup: ({ random }) => ({ drawPile: random.Shuffle(STANDARD_52), discardPile: [], last: null }),
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    draw: {
      move: ({ G, random, playerID }, tag) => {
        const { drawPile, discardPile, card, reshuffled } = drawTop(G, (cards) => random.Shuffle(cards));
        return { drawPile, discardPile, last: { playerID, tag, card, reshuffled } };
      },
      client: false,
      ignoreStaleStateID: true,
    },
  },
  playerView: ({ G }) => ({ ...G, drawPile: G.drawPile.length }),
};
