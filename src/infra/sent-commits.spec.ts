import { SentCommits } from './sent-commits.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A COMMIT's answer, to be given by the test. */
function answer() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('SentCommits', () => {
  it('hands a connection on at once when no COMMIT sent on it before is waiting for its answer', () => {
    const sent = new SentCommits();
    const handedOn: string[] = [];
    sent.track({}, answer().promise, () => handedOn.push('first'));
    expect(handedOn).toEqual(['first']);
  });

  it('holds a hand-on back until the COMMIT sent on the connection before it has answered', async () => {
    const sent = new SentCommits();
    const connection = {};
    const handedOn: string[] = [];
    const first = answer();
    sent.track(connection, first.promise, () => handedOn.push('first'));
    sent.track(connection, answer().promise, () => handedOn.push('second'));
    await settle();
    expect(handedOn).toEqual(['first']);

    first.resolve();
    await settle();
    expect(handedOn).toEqual(['first', 'second']);
  });

  it('counts a COMMIT that failed as answered, and one that was not handed on as sent', async () => {
    const sent = new SentCommits();
    const connection = {};
    const handedOn: string[] = [];
    const first = answer();
    sent.track(connection, first.promise);
    sent.track(connection, answer().promise, () => handedOn.push('second'));
    await settle();
    expect(handedOn).toEqual([]);

    first.reject(new Error('Connection terminated'));
    await settle();
    expect(handedOn).toEqual(['second']);
  });

  it('waits only for the COMMIT sent right before, on the same connection', async () => {
    const sent = new SentCommits();
    const [one, other] = [{}, {}];
    const handedOn: string[] = [];
    const first = answer();
    const second = answer();
    sent.track(one, first.promise);
    sent.track(one, second.promise, () => handedOn.push('second'));
    sent.track(other, answer().promise, () => handedOn.push('elsewhere'));
    expect(handedOn).toEqual(['elsewhere']);

    first.resolve();
    second.resolve();
    await settle();
    sent.track(one, answer().promise, () => handedOn.push('third'));
    expect(handedOn).toEqual(['elsewhere', 'second', 'third']);
  });
});
