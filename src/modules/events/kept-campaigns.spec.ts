import type { KeptCampaign } from './kept-campaigns.js';
import { KeptCampaigns } from './kept-campaigns.js';

const kept = (lastEventSeq: number): KeptCampaign => ({
  campaign: { id: 'c1', settings: {}, rngCommitment: 'x', seedEpoch: 0, lastEventSeq, rngSeed: Buffer.alloc(32), version: lastEventSeq },
  decks: new Map(),
});

describe('KeptCampaigns', () => {
  it('gives the first move of a campaign nothing to start from', async () => {
    const line = new KeptCampaigns();
    const first = line.enter('c1');
    expect(first.beforeIfKnown()).toBeUndefined();
    await expect(first.before).resolves.toBeUndefined();
  });

  it('gives each move what the move before it left, once that move has said', async () => {
    const line = new KeptCampaigns();
    const first = line.enter('c1');
    const second = line.enter('c1');
    let heard: KeptCampaign | undefined | 'nothing yet' = 'nothing yet';
    void second.before.then((before) => (heard = before));
    await Promise.resolve();
    expect(heard).toBe('nothing yet');
    expect(second.beforeIfKnown()).toBeUndefined();

    const left = kept(5);
    first.leave(left);
    // Only the first word counts: the finally that follows a move's success says nothing more.
    first.leave();
    expect(second.beforeIfKnown()).toBe(left);
    await expect(second.before).resolves.toBe(left);
    expect(heard).toBe(left);
  });

  it('starts the move after one that could not tell from nothing', async () => {
    const line = new KeptCampaigns();
    line.enter('c1').leave(kept(1));
    const unsure = line.enter('c1');
    const next = line.enter('c1');
    unsure.leave();
    await expect(next.before).resolves.toBeUndefined();
    expect(next.beforeIfKnown()).toBeUndefined();
  });

  it('keeps each campaign its own line', async () => {
    const line = new KeptCampaigns();
    line.enter('c1').leave(kept(3));
    const other = line.enter('c2');
    await expect(other.before).resolves.toBeUndefined();
    await expect(line.enter('c1').before).resolves.toEqual(kept(3));
  });

  it('has a campaign read first for a while once two moves in a row found it moved on, longer each time, until one finds it as it was left', () => {
    const line = new KeptCampaigns();
    const recalls = (moves: number) => Array.from({ length: moves }, () => line.nextMoveRecalls('c1'));
    const readsThenRecall = (reads: number) => [...Array<boolean>(reads).fill(false), true];
    expect(line.nextMoveRecalls('c1')).toBe(true);
    line.foundMovedOn('c1');
    expect(line.nextMoveRecalls('c1')).toBe(true);
    line.foundMovedOn('c1');
    expect(recalls(9)).toEqual(readsThenRecall(8));
    expect(line.nextMoveRecalls('c2')).toBe(true);
    line.foundMovedOn('c1');
    expect(recalls(17)).toEqual(readsThenRecall(16));
    for (let move = 0; move < 20; move++) line.foundMovedOn('c1');
    expect(recalls(1025)).toEqual(readsThenRecall(1024));
    // In a row: a move that found it as it was left starts the count again.
    line.foundAsLeft('c1');
    line.foundMovedOn('c1');
    expect(line.nextMoveRecalls('c1')).toBe(true);
    expect(line.counted).toEqual({ asLeft: 1, movedOn: 24 });
  });
});
