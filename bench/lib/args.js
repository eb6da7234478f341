/** Command-line options of `node bench/run.js` (`npm run bench -- …`). */

/** The phases, by the names `--only` takes, in the order they run. */
export const PHASES = ['baseline', 'baseline-http', 'baseline-hot', 'api', 'api-hot', 'rollDice', 'tenthRealmTrialRoll', 'rollOdds', 'processes', 'peer'];

/** The peers `--peer` knows: each has its harness under bench/peers/<name>/. */
export const PEERS = ['boardgame.io'];

export const HELP = `Usage: npm run bench -- [options]

  --quick             short runs: 5 s measured per phase in one round (default 30 s in 3 rounds)
  --duration S        seconds measured per phase
  --rounds N          split the measured seconds in N slices, the phases taking turns, so that a
                      neighbour's load falls on all of them alike
  --warmup S          seconds of warm-up before each phase (default 5)
  --connections N     concurrent HTTP connections, baseline workers and peer players (default 32)
  --odds-connections N  connections of the rollOdds phases (default 1: the latency one asker sees)
  --campaigns N       campaigns the spread phases draw on (default 100)
  --only LIST         comma-separated phases to run, of: ${PHASES.join(', ')}
  --peer NAME         also run a peer beside Arbiter's drawCards (known: ${PEERS.join(', ')})
  --json FILE         also write the figures, the targets and the machine as JSON to FILE
  --keep              keep the data directory (and the DATABASE_URL database)
  --help              this text

Environment: DATABASE_URL (a Postgres server to create a fresh database on; default: an embedded
Postgres in a temporary directory), ARBITER_DB_POOL_SIZE (the server's pool size, default 10, and
the baseline's), LOG_LEVEL (the server's, default info).`;

function reader(argv) {
  let i = 0;
  return {
    next: () => argv[i++],
    value(arg) {
      const next = argv[i++];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    },
    positive(arg, whole = false) {
      const text = this.value(arg);
      const parsed = Number(text);
      if (!Number.isFinite(parsed) || parsed <= 0 || (whole && !Number.isInteger(parsed))) {
        throw new Error(`${arg} needs a positive ${whole ? 'whole ' : ''}number, got '${text}'`);
      }
      return parsed;
    },
  };
}

export function parseArgs(argv) {
  const options = { quick: false, duration: undefined, rounds: undefined, warmup: 5, connections: 32, oddsConnections: 1, campaigns: 100, only: undefined, peer: undefined, json: undefined, keep: false, help: false };
  const args = reader(argv);
  for (let arg = args.next(); arg !== undefined; arg = args.next()) {
    switch (arg) {
      case '--quick': options.quick = true; break;
      case '--duration': options.duration = args.positive(arg); break;
      case '--rounds': options.rounds = args.positive(arg, true); break;
      case '--warmup': options.warmup = args.positive(arg); break;
      case '--connections': options.connections = args.positive(arg, true); break;
      case '--odds-connections': options.oddsConnections = args.positive(arg, true); break;
      case '--campaigns': options.campaigns = args.positive(arg, true); break;
      case '--json': options.json = args.value(arg); break;
      case '--keep': options.keep = true; break;
      case '--help': case '-h': options.help = true; break;
      case '--only': {
        const names = args.value(arg).split(',').map((name) => name.trim()).filter(Boolean);
        const unknown = names.filter((name) => !PHASES.includes(name));
        if (unknown.length > 0) throw new Error(`unknown phase ${unknown.join(', ')} in --only; known: ${PHASES.join(', ')}`);
        options.only = names;
        break;
      }
      case '--peer': {
        options.peer = args.value(arg);
        if (!PEERS.includes(options.peer)) throw new Error(`unknown peer '${options.peer}'; known: ${PEERS.join(', ')}`);
        break;
      }
      default: throw new Error(`unknown option '${arg}' (--help lists them)`);
    }
  }
  options.duration ??= options.quick ? 5 : 30;
  options.rounds ??= options.quick ? 1 : 3;
  return options;
}

/** Whether a phase runs: listed by --only (or no --only), and the peer only with --peer. */
export function runsPhase(options, phase) {
  if (phase === 'peer' && !options.peer) return false;
  return !options.only || options.only.includes(phase);
}
