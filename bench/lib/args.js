/** Command-line options of `node bench/run.js`. */

const HELP = `Usage: node bench/run.js [options]   (npm run bench -- [options])

  --quick               every phase measures 5 s (one round) after a 5 s warm-up
  --duration S          seconds measured per phase (default 30; --quick 5)
  --rounds N            the measured seconds are split in N slices, the phases taking turns
                        (default 3; --quick 1), so that a neighbour's load falls on all alike
  --warmup S            seconds of warm-up before each phase (default 5, --quick too: a server
                        fresh from start draws ~25 % slower for its first ~2.5 s)
  --connections N       concurrent HTTP connections, and baseline workers (default 32)
  --campaigns N         campaigns prepared and spread over (default 100)
  --json FILE           also write the figures as JSON to FILE
  --compare LABEL=PATH  also measure api, api-hot, tenthRealmTrialRoll and the processes phases
                        with another build's server.js
                        (e.g. a copy of dist/ from before a change); repeatable. Node.js flags
                        may follow the path: --compare 'young=dist/server.js --max-semi-space-size=32',
                        and settings of its environment: --compare 'dev=dist/server.js NODE_ENV='.
                        The first server prepared the campaigns and runs a few per cent slower
                        than a --compare server of the same build: to compare builds, give
                        both as --compare (--compare now=dist/server.js --compare old=...)
  --only LIST           comma-separated phases to run (baseline,api,baseline-hot,api-hot,
                        rollDice,tenthRealmTrialRoll,processes); default: all
  --processes N         the processes phases: api drawCards on N servers of the build at once,
                        on the same database, the connections shared among them: every server
                        on every campaign (a load balancer that does not route by campaign),
                        then each server on campaigns of its own (one that does). Default 2;
                        1 leaves them out
  --layers              also measure what a request costs the server layer by layer, with reads
                        that stop at each layer: \`{ __typename }\` (HTTP, the key, GraphQL, the
                        log line), \`cardPreset\` (a Nest resolver, no database) and \`campaign\`
                        (a resolver and one statement on the pool); compare their CPU ms/req
  --baseline NAME       the statements of the baseline: current (default: what the server
                        in src/ sends for one drawCards: after a draw of its own on the
                        campaign, one round trip from what that draw left), pipelined (the
                        draw from the campaign as it is, in two round trips), v0 (before the
                        performance work), turns (pipelined, with a campaign's transactions
                        taking turns in the client as the server's do: at most 2 of them at
                        Postgres at once), commit-answered (pipelined, the connection kept
                        until COMMIT answers), think-1ms and think-4ms (pipelined, held
                        that long between its round trips), or statement-writes (current,
                        each statement in a socket write of its own)
  --quiet-threshold P   before each slice, wait until the machine is below P % of one core busy
                        for a second (default 30; 0: do not wait) — a shared machine's
                        neighbours would otherwise decide the figures
  --quiet-wait S        wait at most S seconds for that (default 30)
  --compare-baseline NAME
                        also measure the baseline with another statement set (e.g. v0,
                        pipelined)
  --profile DIR         run the server under \`node --cpu-prof\`, profiles written to DIR
  --development         run the servers without NODE_ENV=production (as \`npm start\` on a
                        developer's machine: graphql-js's development checks on); by default
                        they run as the Docker image runs them, with NODE_ENV=production
  --keep                keep the data directory (and the DATABASE_URL database)
  --help                this text

Environment: DATABASE_URL (a Postgres server to create a fresh database on; default: an
embedded Postgres in a temporary data directory), ARBITER_DB_POOL_SIZE (the server's pool size,
default 10, also the baseline's), LOG_LEVEL (the server's, default info),
ARBITER_RATE_LIMIT_PER_MINUTE (the server's, default here 1000000: on, but never refusing).`;

/**
 * Calls `handle(arg, read)` for each option of `argv`, where `read.value()` takes the option's
 * value, `read.number()` a positive number and `read.count()` a positive whole number.
 */
function forEachArg(argv, handle) {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      i += 1;
      return next;
    };
    const number = () => {
      const text = value();
      const parsed = Number(text);
      if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${arg} needs a positive number, got '${text}'`);
      return parsed;
    };
    const count = () => {
      const text = value();
      const parsed = Number(text);
      if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${arg} needs a positive whole number, got '${text}'`);
      return parsed;
    };
    handle(arg, { value, number, count });
  }
}

/**
 * `--compare 'LABEL=PATH [node flags] [NAME=VALUE]'`: another build's server.js, the Node.js flags
 * to run it with and settings of its environment that differ from the other servers'.
 */
export function parseCompare(text) {
  const at = text.indexOf('=');
  if (at < 1) throw new Error(`--compare needs LABEL=PATH, got '${text}'`);
  const [main, ...rest] = text.slice(at + 1).trim().split(/\s+/);
  const setting = /^([A-Z_][A-Z0-9_]*)=(.*)$/;
  const env = Object.fromEntries(rest.filter((word) => setting.test(word)).map((word) => setting.exec(word).slice(1)));
  return { label: text.slice(0, at), main, nodeArgs: rest.filter((word) => !setting.test(word)), env };
}

export function parseArgs(argv) {
  const options = {
    quick: false,
    duration: undefined,
    warmup: undefined,
    connections: 32,
    campaigns: 100,
    json: undefined,
    compare: [],
    only: undefined,
    layers: false,
    keep: false,
    profile: undefined,
    baseline: 'current',
    rounds: undefined,
    quietPercent: 30,
    quietWait: 30,
    compareBaseline: [],
    development: false,
    processes: 2,
  };
  forEachArg(argv, (arg, { value, number, count }) => {
    switch (arg) {
      case '--quick': options.quick = true; break;
      case '--duration': options.duration = number(); break;
      case '--warmup': options.warmup = number(); break;
      case '--rounds': options.rounds = Math.round(number()); break;
      case '--quiet-threshold': { const text = value(); options.quietPercent = Number(text); if (!(options.quietPercent >= 0)) throw new Error(`--quiet-threshold needs a number ≥ 0, got '${text}'`); break; }
      case '--quiet-wait': options.quietWait = number(); break;
      case '--connections': options.connections = Math.round(number()); break;
      case '--processes': options.processes = count(); break;
      case '--campaigns': options.campaigns = Math.round(number()); break;
      case '--json': options.json = value(); break;
      case '--compare': options.compare.push(parseCompare(value())); break;
      case '--only': options.only = new Set(value().split(',').map((name) => name.trim()).filter(Boolean)); break;
      case '--layers': options.layers = true; break;
      case '--keep': options.keep = true; break;
      case '--development': options.development = true; break;
      case '--profile': options.profile = value(); break;
      case '--baseline': options.baseline = value(); break;
      case '--compare-baseline': options.compareBaseline.push(value()); break;
      case '--help': case '-h': console.log(HELP); process.exit(0); break;
      default: throw new Error(`unknown option '${arg}'\n\n${HELP}`);
    }
  });
  options.duration ??= options.quick ? 5 : 30;
  options.rounds ??= options.quick ? 1 : 3;
  options.warmup ??= 5;
  return options;
}

/** The kinds of request `bench/instructions.js` counts, by the names `--only` takes. */
export const INSTRUCTION_KINDS = ['draw', 'roll', 'typename', 'trial'];

/** Command-line options of `node bench/instructions.js` (its header says what each does). */
export function parseInstructionArgs(argv) {
  const options = { requests: 2000, warmup: 1500, connections: 8, campaigns: 20, only: INSTRUCTION_KINDS, compare: [], json: undefined, dumps: undefined, development: false, concurrent: false, help: false };
  forEachArg(argv, (arg, { value, count }) => {
    switch (arg) {
      case '--requests': options.requests = count(); break;
      case '--warmup': options.warmup = count(); break;
      case '--connections': options.connections = count(); break;
      case '--campaigns': options.campaigns = count(); break;
      case '--json': options.json = value(); break;
      case '--dumps': options.dumps = value(); break;
      case '--compare': options.compare.push(parseCompare(value())); break;
      case '--development': options.development = true; break;
      case '--concurrent': options.concurrent = true; break;
      case '--only': {
        options.only = value().split(',').map((name) => name.trim()).filter(Boolean);
        const unknown = options.only.filter((name) => !INSTRUCTION_KINDS.includes(name));
        if (unknown.length > 0) throw new Error(`unknown --only ${unknown.join(', ')}; known: ${INSTRUCTION_KINDS.join(', ')}`);
        break;
      }
      case '--help': case '-h': options.help = true; break;
      default: throw new Error(`unknown option '${arg}' (--help lists them)`);
    }
  });
  return options;
}
