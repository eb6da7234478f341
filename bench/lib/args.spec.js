import { describe, expect, it } from '@jest/globals';
import { parseArgs } from './args.js';

describe('parseArgs', () => {
  it('runs every phase for 30 s in 3 slices by default, 5 s in one with --quick', () => {
    expect(parseArgs([])).toMatchObject({ duration: 30, rounds: 3, warmup: 5, layers: false, compare: [], only: undefined });
    expect(parseArgs(['--quick'])).toMatchObject({ duration: 5, rounds: 1, warmup: 2 });
    expect(parseArgs(['--quick', '--duration', '12', '--rounds', '2'])).toMatchObject({ duration: 12, rounds: 2 });
  });

  it('reads --layers, --only, --json and --compare with its Node.js flags', () => {
    const options = parseArgs(['--layers', '--only', 'api, baseline', '--json', 'bench/results/x.json', '--compare', 'young=dist/server.js --max-semi-space-size=32']);
    expect(options.layers).toBe(true);
    expect([...options.only]).toEqual(['api', 'baseline']);
    expect(options.json).toBe('bench/results/x.json');
    expect(options.compare).toEqual([{ label: 'young', main: 'dist/server.js', nodeArgs: ['--max-semi-space-size=32'] }]);
  });

  it('refuses what it does not understand', () => {
    expect(() => parseArgs(['--fast'])).toThrow("unknown option '--fast'");
    expect(() => parseArgs(['--compare', 'dist/server.js'])).toThrow('--compare needs LABEL=PATH');
    expect(() => parseArgs(['--quiet-threshold', 'busy'])).toThrow('--quiet-threshold needs a number');
    expect(() => parseArgs(['--duration', '0'])).toThrow('--duration needs a positive number');
    expect(() => parseArgs(['--json'])).toThrow('--json needs a value');
  });
});
