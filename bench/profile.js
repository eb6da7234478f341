#!/usr/bin/env node
/**
 * Summarises a V8 CPU profile (from `npm run bench -- --profile DIR`): where the server's time
 * went, by package or source folder and by function (self time), so a change is aimed at what
 * costs. `--last S` keeps only the last S seconds of samples (the measured phase, not start-up);
 * `--busiest S` the S seconds with the least idle time (a `--compare` server's own phase, which
 * the other servers' phases follow).
 * Usage: node bench/profile.js DIR/CPU.*.cpuprofile [--top N] [--last S | --busiest S]
 */
import { readFileSync } from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile.js FILE.cpuprofile [--top N] [--last S | --busiest S]');
  process.exit(2);
}
const topIndex = rest.indexOf('--top');
const top = topIndex >= 0 ? Number(rest[topIndex + 1]) : 25;
const lastIndex = rest.indexOf('--last');
const lastMicros = lastIndex >= 0 ? Number(rest[lastIndex + 1]) * 1e6 : Infinity;
const busiestIndex = rest.indexOf('--busiest');
const busiestMicros = busiestIndex >= 0 ? Number(rest[busiestIndex + 1]) * 1e6 : 0;

const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfTime = new Map();
const deltas = profile.timeDeltas;
const times = [];
for (let i = 0, at = profile.startTime; i < profile.samples.length; i += 1) times.push((at += deltas[i] ?? 0));
let [from, to] = [profile.endTime - lastMicros, Infinity];
if (busiestMicros > 0) [from, to] = busiestWindow(busiestMicros);
for (let i = 0; i < profile.samples.length; i += 1) {
  if (times[i] < from || times[i] > to) continue;
  const id = profile.samples[i];
  selfTime.set(id, (selfTime.get(id) ?? 0) + (deltas[i] ?? 0));
}
/** The window of `span` µs with the least idle time (by sliding over the samples). */
function busiestWindow(span) {
  const busy = profile.samples.map((id, i) => (byId.get(id).callFrame.functionName === '(idle)' ? 0 : deltas[i] ?? 0));
  let [best, bestStart, sum, start] = [-1, 0, 0, 0];
  for (let end = 0; end < busy.length; end += 1) {
    sum += busy[end];
    while (times[end] - times[start] > span) sum -= busy[start++];
    if (sum > best) [best, bestStart] = [sum, start];
  }
  return [times[bestStart], times[bestStart] + span];
}
const total = [...selfTime.values()].reduce((sum, value) => sum + value, 0);

/** Where a function lives: a package under node_modules, a folder of dist/, or the runtime. */
function area(url) {
  if (!url) return '(native / idle / gc)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1];
  const distMatch = /\/dist\/(.+)\/[^/]+$/.exec(url);
  if (distMatch) return `arbiter:${distMatch[1]}`;
  if (url.startsWith('node:')) return url.replace(/^node:/, 'node:').split('/').slice(0, 2).join('/');
  return url;
}

const byArea = new Map();
const byFunction = new Map();
for (const [id, time] of selfTime) {
  const { callFrame } = byId.get(id);
  const where = area(callFrame.url);
  byArea.set(where, (byArea.get(where) ?? 0) + time);
  const name = `${callFrame.functionName || '(anonymous)'}  ${callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + time);
}

const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * time) / total).toFixed(1).padStart(6)} %  ${(time / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show('self time by package / folder', byArea);
show('self time by function', byFunction);
