import { describe, expect, it } from '@jest/globals';
import { parseArgs, runsPhase } from './args.js';

describe('parseArgs', () => {
  it('measures 30 s a phase in 3 rounds by default, 5 s in one with --quick, after 5 s of warm-up', () => {
    expect(parseArgs([])).toMatchObject({ duration: 30, rounds: 3, warmup: 5, connections: 32, oddsConnections: 1, campaigns: 100, only: undefined, peer: undefined });
    expect(parseArgs(['--quick'])).toMatchObject({ duration: 5, rounds: 1, warmup: 5 });
    expect(parseArgs(['--quick', '--duration', '12', '--rounds', '2', '--warmup', '1'])).toMatchObject({ duration: 12, rounds: 2, warmup: 1 });
  });

  it('reads --only, --peer, --json, --connections, --odds-connections and --campaigns', () => {
    const options = parseArgs(['--only', 'api, baseline', '--peer', 'boardgame.io', '--json', '/tmp/x.json', '--connections', '8', '--odds-connections', '4', '--campaigns', '10']);
    expect(options).toMatchObject({ only: ['api', 'baseline'], peer: 'boardgame.io', json: '/tmp/x.json', connections: 8, oddsConnections: 4, campaigns: 10 });
  });

  it('refuses what it does not understand', () => {
    expect(() => parseArgs(['--fast'])).toThrow("unknown option '--fast'");
    expect(() => parseArgs(['--only', 'api,layers'])).toThrow('unknown phase layers in --only');
    expect(() => parseArgs(['--peer', 'colyseus'])).toThrow("unknown peer 'colyseus'");
    expect(() => parseArgs(['--duration', '0'])).toThrow('--duration needs a positive number');
    expect(() => parseArgs(['--connections', '2.5'])).toThrow('--connections needs a positive whole number');
    expect(() => parseArgs(['--json'])).toThrow('--json needs a value');
  });
});

describe('runsPhase', () => {
  it('runs every phase but the peer by default, the peer with --peer, and only those listed with --only', () => {
    expect(runsPhase(parseArgs([]), 'processes')).toBe(true);
    expect(runsPhase(parseArgs([]), 'peer')).toBe(false);
    expect(runsPhase(parseArgs(['--peer', 'boardgame.io']), 'peer')).toBe(true);
    const only = parseArgs(['--only', 'api,peer', '--peer', 'boardgame.io']);
    expect(['baseline', 'api', 'peer'].map((phase) => runsPhase(only, phase))).toEqual([false, true, true]);
  });
});
