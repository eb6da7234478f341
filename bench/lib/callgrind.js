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
 * The dump's instructions: `total` (its `totals:` line), and of them `compiling` and `collecting`:
 * each function's own instructions (not those of what it calls, so nothing counts twice) by
 * {@link kindOf} its name.
 */
export function upkeepOf(dump) {
  const names = new Map();
  /** A `fn=`/`cfn=` value: `(id) name` the first time, `(id)` after (name compression), or a plain name. */
  const nameOf = (value) => {
    const match = /^\((\d+)\)(?: (.*))?$/.exec(value);
    if (!match) return value;
    if (match[2] !== undefined) names.set(match[1], match[2]);
    return names.get(match[1]) ?? '';
  };
  const counts = { compiling: 0, collecting: 0, other: 0 };
  let kind = 'other';
  let callLine = false;
  for (const line of dump.split('\n')) {
    if (line.startsWith('fn=')) kind = kindOf(nameOf(line.slice(3)));
    else if (line.startsWith('cfn=')) nameOf(line.slice(4));
    else if (line.startsWith('calls=')) callLine = true;
    else if (/^[-+*\d]/.test(line)) {
      // A cost line: the position, then the instructions. After `calls=` it is the call's
      // inclusive cost, which the callee's own lines count already.
      if (!callLine) counts[kind] += Number(line.trim().split(/\s+/)[1] ?? 0);
      callLine = false;
    }
  }
  return { total: counts.compiling + counts.collecting + counts.other, compiling: counts.compiling, collecting: counts.collecting };
}
