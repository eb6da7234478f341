import type { Principal } from '../auth/principal.js';
import type { Transactions } from '../../infra/transactions.js';
import type { EventAnnouncer } from './event-announcer.js';
import { GameLedger, MOVE_ATTEMPTS, OPTIMISTIC_ATTEMPTS } from './game-ledger.service.js';
import type { CampaignForMove, MovesRepository } from './moves.repository.js';

const GM: Principal = { role: 'GM', id: 'gm', memberId: 'gm', campaignId: 'c1', name: 'GM' };
const CAMPAIGN: CampaignForMove = {
  id: 'c1',
  ruleset: 'tenth-realm',
  settings: {},
  rulesetState: {},
  rngSeed: Buffer.alloc(32, 7),
  clientSeeds: [],
  rngCommitment: 'commitment',
  seedEpoch: 1,
  lastEventSeq: 4,
  version: 9,
};
/** What node-postgres says when the connection drops under a query. */
const LOST = new Error('Connection terminated unexpectedly');

/**
 * A ledger on a campaign that another process overtakes on every optimistic attempt: its
 * version-checked writes find it moved on; a write made while the row is locked goes through.
 * `commit` is what the locked attempt's transaction does once its work is done.
 */
function overtakenLedger({ commit = async () => undefined, written = false }: { commit?: () => Promise<void>; written?: boolean } = {}) {
  const reads: boolean[] = [];
  const applied: string[] = [];
  const asked: string[] = [];
  const moves = {
    findCampaign: async (_id: string, lock: boolean) => (reads.push(lock), CAMPAIGN),
    apply: async (_campaign: CampaignForMove, moveId: string) => (applied.push(moveId), reads.at(-1) === true),
    wasWritten: async (_id: string, moveId: string) => (asked.push(moveId), written),
  } as unknown as MovesRepository;
  const transactions = {
    run: async (work: () => Promise<unknown>) => {
      const result = await work();
      await commit();
      return result;
    },
  } as unknown as Transactions;
  const announcer = { announce: () => undefined } as unknown as EventAnnouncer;
  return { ledger: new GameLedger(moves, announcer, transactions), reads, applied, asked };
}

const recordOne = async (action: { record(type: string, payload: object): number }) => action.record('test.moved', {});

describe('GameLedger, a move other processes keep overtaking', () => {
  it(`expects the version it read for ${OPTIMISTIC_ATTEMPTS} attempts, then reads with the row locked and is written`, async () => {
    const { ledger, reads, applied } = overtakenLedger();
    await expect(ledger.act(GM, 'c1', recordOne)).resolves.toBe(CAMPAIGN.lastEventSeq + 1);
    expect(reads).toEqual([...Array<boolean>(OPTIMISTIC_ATTEMPTS).fill(false), true]);
    expect(applied).toHaveLength(OPTIMISTIC_ATTEMPTS + 1);
    expect(OPTIMISTIC_ATTEMPTS).toBeLessThan(MOVE_ATTEMPTS);
  });

  it("answers a locked attempt whose COMMIT answer was lost by the log: the move's result when it was written", async () => {
    const { ledger, applied, asked } = overtakenLedger({ commit: () => Promise.reject(LOST), written: true });
    await expect(ledger.act(GM, 'c1', recordOne)).resolves.toBe(CAMPAIGN.lastEventSeq + 1);
    // The log is asked about the locked attempt's own move.
    expect(asked).toEqual([applied.at(-1)]);
  });

  it('and the lost connection when it was not, having written nothing', async () => {
    const { ledger, asked } = overtakenLedger({ commit: () => Promise.reject(LOST), written: false });
    await expect(ledger.act(GM, 'c1', recordOne)).rejects.toBe(LOST);
    expect(asked).toHaveLength(1);
  });

  it('does not ask the log about a move that recorded no event (the log cannot tell)', async () => {
    const { ledger, asked } = overtakenLedger({ commit: () => Promise.reject(LOST), written: true });
    await expect(ledger.act(GM, 'c1', async () => 'nothing recorded')).rejects.toBe(LOST);
    expect(asked).toEqual([]);
  });
});
