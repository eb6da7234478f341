/**
 * Whole races on the example board and deck, on the auditable stream: two characters play by a
 * simple strategy until everyone arrives. After every mutation the deck is conserved, no square
 * holds more pawns than it may, every event replays, and no hidden card leaks into a public payload.
 */
import { yummellUseAbility } from './abilities.js';
import type { Outcome, Rule, RuleEvent } from '../kernel/outcome.js';
import { RandomStream } from '../random/random-stream.js';
import { yummellCreateCharacter } from './characters.js';
import { yummellResolveChallenge } from './challenge.js';
import { HEROISM } from './data.js';
import { yummellMove } from './move.js';
import { yummellChallengeOdds } from './odds.js';
import { REPLAYERS } from './replay.js';
import { YUMMELL_EXAMPLE_BOARD, YUMMELL_EXAMPLE_DECK } from './presets.js';
import { type SetUpInput, yummellSetUp } from './setup.js';
import { finishSquare, handOf, unsetYummellState, type YummellState } from './state.js';
import { conserved } from './testing.js';
import { yummellEndTurn, yummellRest } from './turn.js';

interface Log {
  seed: Buffer;
  seq: number;
  state: YummellState;
  types: Set<string>;
  /** Events whose draw reshuffled the discard pile. */
  reshuffles: number;
}

/** Applies one mutation on the stream of the next seq, checks it, and moves the log on. */
function play<I, R>(log: Log, rule: Rule<YummellState, I, R>, input: I): R {
  const outcome: Outcome<YummellState, R> = rule(log.state, input, new RandomStream(log.seed, log.seq));
  if (!outcome.ok) throw new Error(`${JSON.stringify(input)} was refused: ${outcome.violation.message}`);
  const replayRng = new RandomStream(log.seed, log.seq);
  outcome.events.forEach((event: RuleEvent, index) => {
    log.types.add(event.type);
    if (Array.isArray(event.payload.reshuffledFrom)) log.reshuffles += 1;
    expect(REPLAYERS[event.type]({ seq: log.seq + index, type: event.type, payload: event.payload }, replayRng)).toEqual([]);
    if (event.secret !== undefined) {
      const hidden = Object.values(event.secret).flat() as string[];
      // The discard pile a refill reshuffled was face up: naming it tells nothing of which cards went to the hand.
      const shown = JSON.stringify({ ...event.payload, reshuffledFrom: null });
      expect(hidden.filter((id) => shown.includes(`"${id}"`))).toEqual([]);
    }
  });
  log.seq += Math.max(outcome.events.length, 1);
  log.state = outcome.state;
  expect(conserved(log.state)).toBe(true);
  const { board } = log.state.campaign;
  board.squares.forEach((square, index) => {
    const pawns = Object.values(log.state.characters).filter((sheet) => sheet.position === index + 1).length;
    if (square.impassable) expect(pawns).toBe(0);
    if (square.capacity !== null) expect(pawns).toBeLessThanOrEqual(square.capacity);
  });
  return outcome.result;
}

/** The highest card of a hand. */
const highest = (state: YummellState, characterId: string): string | undefined =>
  [...handOf(state, characterId)].sort((a, b) => state.campaign.cards[b].value - state.campaign.cards[a].value)[0];

/** One turn of the current character: move with its highest card (rest every seventh turn, or without a card), fight if challenged, steal if it can, end. */
function takeTurn(log: Log, characterId: string, turnNumber: number): void {
  const best = highest(log.state, characterId);
  if (best === undefined || turnNumber % 7 === 6) play(log, yummellRest, { characterId });
  else play(log, yummellMove, { characterId, cardId: best });
  if (log.state.campaign.currentCharacterId !== characterId) return;
  const challenge = log.state.campaign.pendingChallenge;
  if (challenge !== null) {
    const advantages = log.state.characters[characterId].advantages.filter((each) => each.characteristics.includes(challenge.characteristic)).map((each) => each.name);
    const odds = yummellChallengeOdds(log.state, { characterId, advantages });
    if (!odds.ok) throw new Error(odds.violation.message);
    const cardId = odds.result.winningCardIds.at(-1) ?? odds.result.cards[0]?.cardId ?? null;
    play(log, yummellResolveChallenge, { characterId, cardId, advantages });
    if (log.state.campaign.currentCharacterId !== characterId) return;
  }
  const me = log.state.characters[characterId];
  const victim = Object.entries(log.state.characters).find(([id, sheet]) => id !== characterId && sheet.position === me.position && sheet.artefacts.length > 0);
  const { turn } = log.state.campaign;
  if (me.abilities.includes('CLEPTOMANIA') && victim && me.position > 0 && turn.action === 'MOVED' && turn.movementEndedAt === me.position) {
    play(log, yummellUseAbility, { characterId, ability: 'CLEPTOMANIA', targetCharacterId: victim[0], artefactCardId: victim[1].artefacts[0] });
  }
  play(log, yummellEndTurn, { characterId });
}

/**
 * A longer track, the example's squares four times over (the finish once, at the end), and a
 * 23-card deck, every fourth card of the example's: the deck runs out and is reshuffled.
 */
const LONG_TRACK = {
  name: 'The long road',
  squares: [0, 1, 2, 3].flatMap((lap) => YUMMELL_EXAMPLE_BOARD.squares.slice(0, lap === 3 ? 20 : 19)),
};
const SMALL_DECK = YUMMELL_EXAMPLE_DECK.filter((_, index) => index % 4 === 0);

function race(seedByte: number, setUp: SetUpInput = {}): Log {
  const log: Log = { seed: Buffer.alloc(32, seedByte), seq: 1, state: unsetYummellState(), types: new Set(), reshuffles: 0 };
  play(log, yummellSetUp, setUp);
  play(log, yummellCreateCharacter, {
    characterId: 'fulmergh',
    name: 'Fulmergh',
    characteristics: { STRENGTH: 3, CHARM: 4, AGILITY: 6, MAGIC: 5 },
    abilities: ['CLEPTOMANIA'],
    advantages: [],
  });
  play(log, yummellCreateCharacter, {
    characterId: 'grimla',
    name: 'Grimla',
    characteristics: { STRENGTH: 5, CHARM: 2, AGILITY: 3, MAGIC: 2 },
    abilities: [],
    advantages: [HEROISM],
  });
  for (let turns = 0; log.state.campaign.currentCharacterId !== null; turns += 1) {
    if (turns > 1000) throw new Error('the race did not end in 1000 turns');
    takeTurn(log, log.state.campaign.currentCharacterId, turns);
  }
  return log;
}

const SEEDS = [1, 2, 3, 4, 5, 6];

describe('a race of two characters to a winner (yummell.md, Winning)', () => {
  it.each(SEEDS)('on the example board and deck, stream seed %i: both arrive, every event replays', (seedByte) => {
    const log = race(seedByte);
    const { finishOrder } = log.state.campaign;
    expect([...finishOrder].sort()).toEqual(['fulmergh', 'grimla']);
    for (const id of finishOrder) expect(log.state.characters[id].position).toBe(finishSquare(log.state));
  });

  it.each(SEEDS)('on a long track with a small deck that runs out, stream seed %i', (seedByte) => {
    const log = race(seedByte, { board: LONG_TRACK, cards: SMALL_DECK });
    expect(log.state.campaign.finishOrder).toHaveLength(2);
    expect(log.reshuffles).toBeGreaterThan(0);
  });

  it('records only event types that have a replayer, and every one of them', () => {
    const types = new Set<string>();
    for (const seedByte of SEEDS) {
      for (const type of race(seedByte).types) types.add(type);
      for (const type of race(seedByte, { board: LONG_TRACK, cards: SMALL_DECK }).types) types.add(type);
    }
    expect([...types].sort()).toEqual(Object.keys(REPLAYERS).sort());
  });
});
