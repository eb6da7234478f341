/**
 * Verifying a campaign's log from its revealed seeds (DESIGN.md, "Randomness"): that every event
 * drew what the stream of its epoch gives, and that what it says it derived follows from those
 * draws — die faces and totals, shuffles, which card went where. Used alike by the server's
 * `verifyEvents` and by `npm run verify`, which reads the log over the API.
 */
import type { CardDefinition } from '../cards/card.js';
import { drawCards, moveCards, newDeckPiles, reshuffle, returnDiscards, type DeckPiles, type MoveDestination } from '../cards/piles.js';
import type { Replayer } from '../kernel/replay.js';
import { sameData } from '../plain-data.js';
import { parseDiceExpression, rollDiceExpression } from '../random/dice.js';
import { epochKey, type ClientSeed } from '../random/epoch-key.js';
import { commitmentOf, RandomStream, type Rng } from '../random/random-stream.js';
import { findRandomnessMismatches, type RandomDraw } from '../random/recording-rng.js';

/** An event as the verifier reads it: its public payload, its secret when the reader may see it, and its randomness. */
export interface VerifiedEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  /** The secret part, when the reader may see it (the GM, or the server itself); null otherwise. */
  secret: Record<string, unknown> | null;
  streamSeq: number;
  seedEpoch: number;
  words: number;
  draws: RandomDraw[];
}

/** A revealed epoch: its seed, the commitment published while it was secret, and the members' seeds mixed into its key. */
export interface RevealedEpoch {
  epoch: number;
  seed: Buffer;
  commitment: string;
  clientSeeds: ClientSeed[];
}

export interface OutcomeProblem {
  seq: number;
  type: string;
  problem: string;
}

export interface VerificationReport {
  /** Events whose randomness was checked against their epoch's stream. */
  checked: number;
  /** Events whose recorded draws the stream does not give (or whose epoch's seed does not match its commitment). */
  mismatches: number[];
  /** Epochs whose revealed seed does not match the commitment published for it. */
  badCommitments: number[];
  /** Events whose outcome was derived again from the draws. */
  replayed: number;
  /** Outcomes that do not follow from the draws. */
  outcomeProblems: OutcomeProblem[];
  /** Events whose outcome could not be derived again, and why. */
  notReplayed: Array<{ seq: number; type: string; why: string }>;
}

/** Events that change no deck and draw nothing but what their replayer checks. */
const PILE_NEUTRAL = new Set(['campaign.created', 'member.added', 'character.created', 'seed.rotated', 'client-seed.set', 'dice.rolled']);

/** The platform's card moves, replayed on the decks the verifier follows. */
const DECK_EVENTS = new Set(['deck.created', 'deck.shuffled', 'cards.drawn', 'cards.moved', 'scene.ended']);

/**
 * Checks every event of the revealed epochs. `replayers` re-derive the outcomes of rulesets'
 * events (each ruleset's REPLAYERS); `deckCards` gives each deck's cards, in the order they were
 * defined. Decks are followed from their creation through the platform's card moves; once a
 * ruleset's own move changes a campaign's cards, its decks are no longer followed (their
 * ruleset's replayers check its own card draws).
 */
export function verifyLog(
  epochs: readonly RevealedEpoch[],
  events: readonly VerifiedEvent[],
  options: { replayers: Readonly<Record<string, Replayer>>; deckCards: (deckId: string) => readonly CardDefinition[] | undefined },
): VerificationReport {
  const report: VerificationReport = { checked: 0, mismatches: [], badCommitments: [], replayed: 0, outcomeProblems: [], notReplayed: [] };
  const revealed = new Map(epochs.map((epoch) => [epoch.epoch, epoch]));
  const decks = new DeckReplay(options.deckCards);
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  for (const event of ordered) {
    const epoch = revealed.get(event.seedEpoch);
    if (!epoch) continue;
    report.checked += 1;
    if (commitmentOf(epoch.seed) !== epoch.commitment) {
      if (!report.badCommitments.includes(epoch.epoch)) report.badCommitments.push(epoch.epoch);
      report.mismatches.push(event.seq);
    }
  }
  for (const epoch of [...epochs].sort((a, b) => a.epoch - b.epoch)) {
    if (commitmentOf(epoch.seed) !== epoch.commitment) continue;
    const key = epochKey(epoch.seed, epoch.clientSeeds);
    const ofEpoch = ordered.filter((event) => event.seedEpoch === epoch.epoch);
    report.mismatches.push(...findRandomnessMismatches(key, ofEpoch.map((event) => ({ seq: event.seq, streamSeq: event.streamSeq, words: event.words, draws: event.draws }))));
    // The events of one mutation share the stream of its first event, in seq order.
    const streams = new Map<number, RandomStream>();
    for (const event of ofEpoch) {
      let stream = streams.get(event.streamSeq);
      if (!stream) streams.set(event.streamSeq, (stream = new RandomStream(key, event.streamSeq)));
      const problems = replayEvent(event, stream, options.replayers, decks);
      if (typeof problems === 'string') {
        report.notReplayed.push({ seq: event.seq, type: event.type, why: problems });
        // The rest of its mutation's stream cannot be followed.
        streams.set(event.streamSeq, new RandomStream(Buffer.alloc(0), 0));
        continue;
      }
      report.replayed += 1;
      report.outcomeProblems.push(...problems.map((problem) => ({ seq: event.seq, type: event.type, problem })));
    }
  }
  report.mismatches = [...new Set(report.mismatches)].sort((a, b) => a - b);
  return report;
}

/** Re-derives one event on its mutation's stream: the problems found, or why it cannot be. */
function replayEvent(event: VerifiedEvent, rng: Rng, replayers: Readonly<Record<string, Replayer>>, decks: DeckReplay): string[] | string {
  if (event.type === 'dice.rolled') return replayDiceRoll(event, rng);
  if (DECK_EVENTS.has(event.type)) return decks.replay(event, rng);
  const replayer = replayers[event.type];
  if (!PILE_NEUTRAL.has(event.type)) decks.stopFollowing(event.seq, event.type);
  if (replayer) return replayer(event, rng);
  if (PILE_NEUTRAL.has(event.type)) return event.words === 0 ? [] : 'it drew randomness no replayer accounts for';
  return `no replayer for ${event.type}`;
}

/** `dice.rolled`: the expression rolled again gives the same dice and total. */
function replayDiceRoll(event: VerifiedEvent, rng: Rng): string[] {
  const { expression, total, dice } = event.payload as { expression?: unknown; total?: unknown; dice?: unknown };
  if (typeof expression !== 'string') return ['payload.expression is missing'];
  const parsed = parseDiceExpression(expression);
  if (!parsed.ok) return [`payload.expression '${expression}' does not parse: ${parsed.error.message}`];
  const roll = rollDiceExpression(parsed.expression, rng);
  const problems: string[] = [];
  if (total !== roll.total) problems.push(`payload.total is ${String(total)}; the draws give ${roll.total}`);
  if (!sameData(dice, roll.dice)) problems.push(`payload.dice are ${JSON.stringify(dice)}; the draws give ${JSON.stringify(roll.dice)}`);
  return problems;
}

/** The piles of the decks the verifier follows, moved by the platform's card events as the server moved them. */
class DeckReplay {
  private readonly piles = new Map<string, DeckPiles>();
  private stoppedBy: { seq: number; type: string } | undefined;

  constructor(private readonly deckCards: (deckId: string) => readonly CardDefinition[] | undefined) {}

  /** A ruleset's move may change any of the campaign's decks: they are followed no further. */
  stopFollowing(seq: number, type: string): void {
    this.piles.clear();
    this.stoppedBy ??= { seq, type };
  }

  replay(event: VerifiedEvent, rng: Rng): string[] | string {
    const payload = event.payload;
    if (event.type === 'deck.created') {
      const cards = this.deckCards(String(payload.deckId));
      if (!cards) return `the cards of deck ${String(payload.deckId)} are not known to the verifier`;
      this.piles.set(String(payload.deckId), newDeckPiles(cards, rng));
      return [];
    }
    if (event.type === 'scene.ended') {
      const deckIds = (payload.deckIds as string[] | undefined) ?? [];
      for (const deckId of deckIds) {
        const piles = this.piles.get(deckId);
        if (!piles) return this.unfollowed(deckId);
        this.piles.set(deckId, returnDiscards(piles, rng));
      }
      return [];
    }
    const deckId = String(payload.deckId);
    const piles = this.piles.get(deckId);
    if (!piles) return this.unfollowed(deckId);
    if (event.type === 'deck.shuffled') {
      this.piles.set(deckId, reshuffle(piles, { includeDiscard: payload.includeDiscard === true }, rng));
      return [];
    }
    if (event.type === 'cards.drawn') return this.replayDraw(event, deckId, piles, rng);
    return this.replayMove(event, deckId, piles);
  }

  private replayDraw(event: VerifiedEvent, deckId: string, piles: DeckPiles, rng: Rng): string[] | string {
    const { count, from, to, characterId, cardIds, reshuffled } = event.payload as {
      count: number;
      from: 'TOP' | 'BOTTOM' | 'RANDOM';
      to: 'HAND' | 'DISCARD' | 'TABLE';
      characterId: string | null;
      cardIds: string[] | null;
      reshuffled: boolean;
    };
    const destination = to === 'HAND' ? { kind: 'HAND' as const, holderId: String(characterId) } : { kind: to };
    const outcome = drawCards(piles, { count, from, to: destination }, rng);
    if (!outcome.ok) return [`the draw could not happen on the deck as it was: ${outcome.violation.message}`];
    this.piles.set(deckId, outcome.piles);
    const problems: string[] = [];
    if (reshuffled !== outcome.reshuffled) problems.push(`payload.reshuffled is ${String(reshuffled)}; the draws give ${outcome.reshuffled}`);
    const recorded = to === 'HAND' ? (event.secret?.cardIds as string[] | undefined) : (cardIds ?? undefined);
    if (recorded !== undefined && !sameData(recorded, outcome.drawn)) {
      problems.push(`the cards drawn are ${JSON.stringify(recorded)}; the draws give ${JSON.stringify(outcome.drawn)}`);
    }
    return problems;
  }

  private replayMove(event: VerifiedEvent, deckId: string, piles: DeckPiles): string[] | string {
    const { to, characterId, cardIds } = event.payload as { to: string; characterId: string | null; cardIds: string[] | null };
    const moved = cardIds ?? (event.secret?.cardIds as string[] | undefined);
    if (!moved) return 'the cards moved into a hand are secret to this reader';
    const destinations: Record<string, MoveDestination> = {
      DRAW_PILE_TOP: { kind: 'DRAW_PILE_TOP' },
      DRAW_PILE_BOTTOM: { kind: 'DRAW_PILE_BOTTOM' },
      DISCARD: { kind: 'DISCARD' },
      TABLE: { kind: 'TABLE' },
      HAND: { kind: 'HAND', holderId: String(characterId) },
    };
    const destination = destinations[to];
    if (!destination) return [`payload.to '${to}' is not a place cards go`];
    const outcome = moveCards(piles, moved, destination);
    if (!outcome.ok) return [`the cards could not be moved on the deck as it was: ${outcome.violation.message}`];
    this.piles.set(deckId, outcome.piles);
    return [];
  }

  private unfollowed(deckId: string): string {
    return this.stoppedBy
      ? `deck ${deckId} is no longer followed: event ${this.stoppedBy.seq} (${this.stoppedBy.type}) moved the campaign's cards by its ruleset's rules`
      : `deck ${deckId} was not created in a revealed epoch`;
  }
}
