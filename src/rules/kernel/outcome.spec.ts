import { RandomStream } from '../random/random-stream.js';
import { refuse, rule } from './outcome.js';

interface Counter {
  count: number;
  log: string[];
}

const rng = () => new RandomStream(Buffer.alloc(32, 1), 1);

const addRolls = rule<Counter, { times: number }, { rolled: number[] }>('counter.added', (play, input) => {
  if (input.times < 1) refuse('INVALID_TIMES', 'roll at least once');
  const rolled = Array.from({ length: input.times }, () => play.rng.die(6));
  play.state.count += rolled.reduce((sum, face) => sum + face, 0);
  play.state.log.push('added');
  if (play.state.count > 1000) refuse('TOO_MANY', 'the counter is full');
  return { rolled };
});

describe('rule', () => {
  it('returns the new state, the result, and one event of the input and the result', () => {
    const before: Counter = { count: 0, log: [] };
    const outcome = addRolls(before, { times: 2 }, rng());
    if (!outcome.ok) throw new Error(outcome.violation.message);
    expect(outcome.state.count).toBe(outcome.result.rolled[0] + outcome.result.rolled[1]);
    expect(outcome.events).toEqual([{ type: 'counter.added', payload: { times: 2, rolled: outcome.result.rolled } }]);
    expect(before).toEqual({ count: 0, log: [] });
  });

  it.each([
    [{ count: 0, log: [] }, 0, 'INVALID_TIMES'],
    [{ count: 999, log: [] }, 1, 'TOO_MANY'],
  ])('refuses with nothing changed: %j, %i times → %s', (before: Counter, times, reason) => {
    const snapshot = structuredClone(before);
    const outcome = addRolls(before, { times }, rng());
    expect(outcome).toEqual({ ok: false, violation: { reason, message: expect.any(String) } });
    expect(before).toEqual(snapshot);
  });

  it("keeps a body's own events, with their secrets, before the rule's", () => {
    const deal = rule<Counter, { to: string }, object>(null, (play, input) => {
      play.record('cards.dealt', { to: input.to }, { secret: { cards: ['AS'] }, secretFor: input.to });
      return {};
    });
    const outcome = deal({ count: 0, log: [] }, { to: 'c1' }, rng());
    expect(outcome.ok && outcome.events).toEqual([{ type: 'cards.dealt', payload: { to: 'c1' }, secret: { cards: ['AS'] }, secretFor: 'c1' }]);
  });

  it('lets an unexpected error through: a bug is not a refusal', () => {
    const broken = rule<Counter, object, object>(null, () => {
      throw new TypeError('bug');
    });
    expect(() => broken({ count: 0, log: [] }, {}, rng())).toThrow(TypeError);
  });
});
