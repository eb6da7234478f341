/** Small helpers over the operating system: free ports, and a process's memory and CPU from /proc. */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(address.port));
    });
  });
}

/** Resident set size of a process in bytes, or undefined when it cannot be read (not Linux, gone). */
export function residentBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const TICKS_PER_SECOND = 100; // USER_HZ on every Linux we run on

function statFields(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses; the fields after its last ')' are plain.
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds used by a process (user + system), and by its reaped children when asked. */
function cpuSecondsOf(pid, withReapedChildren = false) {
  try {
    const fields = statFields(pid); // fields[0] is the state (field 3 of stat)
    let ticks = Number(fields[11]) + Number(fields[12]);
    if (withReapedChildren) ticks += Number(fields[13]) + Number(fields[14]);
    return ticks / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of a process tree: the process, its live children (one level) and its reaped ones. */
export function treeCpuSeconds(pid) {
  if (!pid) return undefined;
  let total = cpuSecondsOf(pid, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      if (Number(fields[1]) === pid) total += cpuSecondsOf(entry);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export function processCpuSeconds(pid) {
  return pid ? cpuSecondsOf(pid) : undefined;
}

export function ownCpuSeconds() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

export function machine() {
  const list = cpus();
  return {
    cores: list.length,
    cpu: list[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    /** The 1-, 5- and 15-minute load averages when the run started: how busy the machine already was. */
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

/** CPU seconds the whole machine spent busy (all cores), from /proc/stat. */
export function machineBusySeconds() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
