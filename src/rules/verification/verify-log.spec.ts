import { STANDARD_52 } from '../cards/presets.js';
import { drawCards, newDeckPiles } from '../cards/piles.js';
import { parseDiceExpression, rollDiceExpression } from '../random/dice.js';
import { epochKey, type ClientSeed } from '../random/epoch-key.js';
import { commitmentOf } from '../random/random-stream.js';
import { RecordingRng } from '../random/recording-rng.js';
import { verifyLog, type RevealedEpoch, type VerifiedEvent } from './verify-log.js';

const seed = Buffer.alloc(32, 7);
const clientSeeds: ClientSeed[] = [{ memberId: '0b0b0b0b-0000-4000-8000-000000000001', clientSeed: 'lucky' }];
const epoch: RevealedEpoch = { epoch: 0, seed, commitment: commitmentOf(seed), clientSeeds };
const DECK = 'deck-1';

/** An honest log, as the server writes it: a deck made and shuffled, two draws onto the discard pile, a roll. */
function honestLog(): VerifiedEvent[] {
  const key = epochKey(seed, clientSeeds);
  const events: VerifiedEvent[] = [];
  const append = (seq: number, type: string, payload: Record<string, unknown>, work: (rng: RecordingRng) => void) => {
    const rng = new RecordingRng(key, seq);
    work(rng);
    const { draws, words } = rng.take();
    events.push({ seq, type, payload, secret: null, streamSeq: seq, seedEpoch: 0, words, draws });
  };
  let piles = newDeckPiles([], new RecordingRng(key, 0));
  append(1, 'deck.created', { deckId: DECK, name: 'Deck', cardCount: 52, preset: 'standard-52' }, (rng) => {
    piles = newDeckPiles(STANDARD_52, rng);
  });
  for (const seq of [2, 3]) {
    let drawn: string[] = [];
    append(seq, 'cards.drawn', {}, (rng) => {
      const outcome = drawCards(piles, { count: 2, from: 'RANDOM', to: { kind: 'DISCARD' } }, rng);
      if (!outcome.ok) throw new Error(outcome.violation.message);
      piles = outcome.piles;
      drawn = outcome.drawn;
    });
    Object.assign(events[events.length - 1].payload, { deckId: DECK, count: 2, from: 'RANDOM', to: 'DISCARD', characterId: null, reshuffled: false, cardIds: drawn });
  }
  const parsed = parseDiceExpression('3d6!+1');
  if (!parsed.ok) throw new Error('expression');
  let payload: Record<string, unknown> = {};
  append(4, 'dice.rolled', payload, (rng) => {
    const roll = rollDiceExpression(parsed.expression, rng);
    payload = Object.assign(payload, { expression: roll.expression, label: null, total: roll.total, dice: roll.dice });
  });
  return events;
}

const verify = (events: VerifiedEvent[], epochs = [epoch]) =>
  verifyLog(epochs, events, { replayers: {}, deckCards: (deckId) => (deckId === DECK ? STANDARD_52 : undefined) });

describe('verifyLog', () => {
  it('finds every draw and every outcome of an honest log following from the revealed seed and its client seeds', () => {
    expect(verify(honestLog())).toEqual({ checked: 4, mismatches: [], badCommitments: [], replayed: 4, outcomeProblems: [], notReplayed: [] });
  });

  it.each<[string, (events: VerifiedEvent[]) => void, number, RegExp]>([
    ['a die face', (events) => {
      const dice = events[3].payload.dice as Array<{ value: number }>;
      dice[0].value = dice[0].value === 1 ? 2 : 1;
    }, 4, /payload\.dice/],
    ['a total', (events) => {
      events[3].payload.total = (events[3].payload.total as number) + 1;
    }, 4, /payload\.total/],
    ["a card's destination: another card said to be drawn", (events) => {
      const drawn = events[1].payload.cardIds as string[];
      drawn[0] = drawn[0] === 'AS' ? 'KS' : 'AS';
    }, 2, /the cards drawn are/],
  ])('catches %s changed while the draws stay honest', (_name, tamper, seq, problem) => {
    const events = honestLog();
    tamper(events);
    const report = verify(events);
    expect(report.mismatches).toEqual([]);
    expect(report.outcomeProblems).toEqual([expect.objectContaining({ seq, problem: expect.stringMatching(problem) })]);
  });

  it('catches a tampered client seed: no draw follows from the key it gives', () => {
    const report = verify(honestLog(), [{ ...epoch, clientSeeds: [{ ...clientSeeds[0], clientSeed: 'lucky!' }] }]);
    expect(report.mismatches).toEqual([1, 2, 3, 4]);
  });

  it('catches a seed that does not match its commitment', () => {
    const report = verify(honestLog(), [{ ...epoch, commitment: commitmentOf(Buffer.alloc(32, 8)) }]);
    expect(report.badCommitments).toEqual([0]);
    expect(report.mismatches).toEqual([1, 2, 3, 4]);
  });

  it("stops following a campaign's decks once a ruleset's own move changed its cards, and says so", () => {
    const events = honestLog();
    events.splice(1, 0, { seq: 1.5, type: 'some-ruleset.cards.taken', payload: {}, secret: null, streamSeq: 1, seedEpoch: 0, words: 0, draws: [] });
    const report = verifyLog([epoch], events, { replayers: { 'some-ruleset.cards.taken': () => [] }, deckCards: () => STANDARD_52 });
    expect(report.notReplayed.map((each) => each.seq)).toEqual([2, 3]);
    expect(report.notReplayed[0].why).toMatch(/no longer followed: event 1.5 \(some-ruleset.cards.taken\)/);
  });
});
