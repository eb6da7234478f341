import { describe, expect, it } from '@jest/globals';
import { parseArgs, parseInstructionArgs } from './args.js';

describe('parseArgs', () => {
  it('runs every phase for 30 s in 3 slices by default, 5 s in one with --quick, after 5 s of warm-up', () => {
    expect(parseArgs([])).toMatchObject({ duration: 30, rounds: 3, warmup: 5, layers: false, compare: [], only: undefined });
    expect(parseArgs(['--quick'])).toMatchObject({ duration: 5, rounds: 1, warmup: 5 });
    expect(parseArgs(['--quick', '--duration', '12', '--rounds', '2'])).toMatchObject({ duration: 12, rounds: 2 });
  });

  it('reads --layers, --only, --json and --compare with its Node.js flags', () => {
    const options = parseArgs(['--layers', '--only', 'api, baseline', '--json', 'bench/results/x.json', '--compare', 'young=dist/server.js --max-semi-space-size=32']);
    expect(options.layers).toBe(true);
    expect([...options.only]).toEqual(['api', 'baseline']);
    expect(options.json).toBe('bench/results/x.json');
    expect(options.compare).toEqual([{ label: 'young', main: 'dist/server.js', nodeArgs: ['--max-semi-space-size=32'], env: {} }]);
  });

  it('measures draws on two processes at once by default, on as many as --processes says', () => {
    expect(parseArgs([]).processes).toBe(2);
    expect(parseArgs(['--processes', '3']).processes).toBe(3);
    expect(parseArgs(['--processes', '1']).processes).toBe(1);
    expect(() => parseArgs(['--processes', '0'])).toThrow('--processes needs a positive whole number');
  });

  it('reads the settings of a --compare server\'s environment apart from its Node.js flags', () => {
    const [compared] = parseArgs(['--compare', 'dev=dist/server.js NODE_ENV= --max-semi-space-size=8 LOG_LEVEL=warn']).compare;
    expect(compared).toEqual({ label: 'dev', main: 'dist/server.js', nodeArgs: ['--max-semi-space-size=8'], env: { NODE_ENV: '', LOG_LEVEL: 'warn' } });
  });

  it('refuses what it does not understand', () => {
    expect(() => parseArgs(['--fast'])).toThrow("unknown option '--fast'");
    expect(() => parseArgs(['--compare', 'dist/server.js'])).toThrow('--compare needs LABEL=PATH');
    expect(() => parseArgs(['--quiet-threshold', 'busy'])).toThrow('--quiet-threshold needs a number');
    expect(() => parseArgs(['--duration', '0'])).toThrow('--duration needs a positive number');
    expect(() => parseArgs(['--json'])).toThrow('--json needs a value');
  });
});

describe('parseInstructionArgs', () => {
  it('counts 2 000 requests of each kind after 1 500 of warm-up by default', () => {
    expect(parseInstructionArgs([])).toMatchObject({ requests: 2000, warmup: 1500, connections: 8, campaigns: 20, only: ['draw', 'roll', 'typename', 'trial'], compare: [] });
  });

  it('reads the counts, --only and --compare with its Node.js flags', () => {
    const options = parseInstructionArgs(['--requests', '200', '--warmup', '300', '--only', 'draw, typename', '--compare', 'old=/tmp/old/dist/server.js --max-semi-space-size=8']);
    expect(options).toMatchObject({ requests: 200, warmup: 300, only: ['draw', 'typename'] });
    expect(options.compare).toEqual([{ label: 'old', main: '/tmp/old/dist/server.js', nodeArgs: ['--max-semi-space-size=8'], env: {} }]);
  });

  it('reads where to keep the dumps', () => {
    expect(parseInstructionArgs([]).dumps).toBeUndefined();
    expect(parseInstructionArgs(['--dumps', '/tmp/dumps']).dumps).toBe('/tmp/dumps');
    expect(() => parseInstructionArgs(['--dumps'])).toThrow();
  });

  it('counts with V8 in one thread unless --concurrent', () => {
    expect(parseInstructionArgs([]).concurrent).toBe(false);
    expect(parseInstructionArgs(['--concurrent']).concurrent).toBe(true);
  });

  it('refuses what it does not understand', () => {
    expect(() => parseInstructionArgs(['--only', 'draw,hot'])).toThrow('unknown --only hot; known: draw, roll, typename, trial');
    expect(() => parseInstructionArgs(['--requests', '1.5'])).toThrow('--requests needs a positive whole number');
    expect(() => parseInstructionArgs(['--compare', 'dist/server.js'])).toThrow('--compare needs LABEL=PATH');
    expect(() => parseInstructionArgs(['--quick'])).toThrow("unknown option '--quick'");
  });
});
