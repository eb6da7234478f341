/**
 * Reading a callgrind dump (its format: valgrind's docs, "Callgrind Format Specification"): the
 * instructions in all, and how many of them V8 spent compiling and collecting garbage. Those two
 * come in lumps — a function optimised, a major collection's marking — that land in one counted
 * window and not in the next, so they are reported apart from the rest, which is the requests'
 * own work.
 */

/** V8's compilers (parser, bytecode, baseline, optimising) and their tiering and deoptimisation, by the names of their functions. */
const COMPILING = /v8::internal::(compiler|maglev|baseline|interpreter)::|v8::internal::(Compiler|Parser|PreParser|Scanner|Deoptimizer|TieringManager)\b|Runtime_(Compile|InstallBaselineCode|NotifyDeoptimized)/;
/** V8's garbage collector: scavenges, a major collection's marking, evacuation and sweeping. */
const COLLECTING = /Marking|MarkCompact|Scaveng|Evacuat|Sweep|RememberedSet|RecordMigratedSlot|LiveObject|v8::internal::Heap::\w*(Garbage|Collect)|GCTracer|PretenuringHandler|heap::base::/;

/** What a function's instructions were spent on, by its name. */
export function kindOf(name) {
  if (COMPILING.test(name)) return 'compiling';
  if (COLLECTING.test(name)) return 'collecting';
  return 'other';
}

/**
 * Each function's own instructions in the dump (not those of what it calls, so nothing counts
 * twice), by its name. JIT-compiled JavaScript is named by its address (`0x…`): {@link perfMapNamer}
 * names it.
 */
export function ownCostsOf(dump) {
  return costsOf(dump, false);
}

/**
 * Each function's instructions with those of everything it called, by its name: where a request's
 * work goes by the code that set it off. A function that calls itself, directly or not, counts
 * those calls twice.
 */
export function inclusiveCostsOf(dump) {
  return costsOf(dump, true);
}

function costsOf(dump, inclusive) {
  const names = new Map();
  /** A `fn=`/`cfn=` value: `(id) name` the first time, `(id)` after (name compression), or a plain name. */
  const nameOf = (value) => {
    const match = /^\((\d+)\)(?: (.*))?$/.exec(value);
    if (!match) return value;
    if (match[2] !== undefined) names.set(match[1], match[2]);
    return names.get(match[1]) ?? '';
  };
  const costs = new Map();
  let current = '';
  let callLine = false;
  for (const line of dump.split('\n')) {
    if (line.startsWith('fn=')) current = nameOf(line.slice(3));
    else if (line.startsWith('cfn=')) nameOf(line.slice(4));
    else if (line.startsWith('calls=')) callLine = true;
    else if (/^[-+*\d]/.test(line)) {
      // A cost line: the position, then the instructions. After `calls=` it is the call's
      // inclusive cost: the callee's own lines count it already, so only the caller's inclusive
      // count takes it.
      if (inclusive || !callLine) costs.set(current, (costs.get(current) ?? 0) + Number(line.trim().split(/\s+/)[1] ?? 0));
      callLine = false;
    }
  }
  return costs;
}

/**
 * The dump's instructions: `total`, and of them `compiling` and `collecting`: each function's own
 * instructions ({@link ownCostsOf}) by {@link kindOf} its name.
 */
export function upkeepOf(dump) {
  const counts = { compiling: 0, collecting: 0, other: 0 };
  for (const [name, cost] of ownCostsOf(dump)) counts[kindOf(name)] += cost;
  return { total: counts.compiling + counts.collecting + counts.other, compiling: counts.compiling, collecting: counts.collecting };
}

/**
 * Names JIT-compiled code by V8's perf map (`node --perf-basic-prof` writes `/tmp/perf-PID.map`,
 * a line `START SIZE NAME` in hex for each piece of code made). Where code was made again at an
 * address, the later line wins. Any other name is kept.
 */
export function perfMapNamer(map) {
  const entries = map
    .split('\n')
    .map((line) => /^([0-9a-f]+) ([0-9a-f]+) (.*)$/i.exec(line))
    .filter(Boolean)
    .map(([, start, size, name]) => ({ start: parseInt(start, 16), end: parseInt(start, 16) + parseInt(size, 16), name }));
  return (name) => {
    if (!/^0x[0-9a-f]+$/i.test(name)) return name;
    const address = parseInt(name, 16);
    const found = entries.findLast((entry) => entry.start <= address && address < entry.end);
    return found ? found.name : name;
  };
}
