#!/usr/bin/env node
/**
 * What a draw and a trial roll cost past HTTP and GraphQL, one after another in one process:
 * Arbiter started from `dist/` (run `npm run build` first) on a fresh database, one campaign, and
 * each action called on its service in a request context of its own, as the server runs it
 * (`Database.atomically`, then COMMIT) — next to the bare pool's statements for the same draw.
 * Without load, a profile of this process shows the transaction path alone, where the profile of
 * a server under load spreads it among HTTP, GraphQL and the event loop's waits:
 *   node --cpu-prof --cpu-prof-dir=DIR bench/service-path.js && node bench/profile.js DIR/*.cpuprofile --last 10
 * Usage: node bench/service-path.js [--actions N] [--rounds N] [--only draw,bare,trial]
 * Environment: DATABASE_URL (a Postgres server to create a fresh database on; default: embedded).
 */
import v8 from 'node:v8';
import pg from 'pg';
import { newRequestContext, runInRequestContext } from '../dist/infra/request-context.js';
import { AuthService } from '../dist/modules/auth/auth.service.js';
import { DecksService } from '../dist/modules/decks/decks.service.js';
import { TenthRealmActions } from '../dist/rulesets/tenth-realm/tenth-realm-actions.service.js';
import { prepareCampaigns } from './lib/api.js';
import { BASELINES } from './lib/baseline.js';
import { startArbiterInProcess } from './lib/in-process.js';
import { prepareTrialRolls } from './lib/tenth-realm.js';

/**
 * What the young generation's collections (scavenges) moved to the old generation, in bytes, and
 * how many collections of each kind ran: a request's objects should die young, and what is
 * promoted costs a full collection later (bench/README.md, "Garbage").
 */
function collections({ statistics }) {
  const oldGeneration = (at) => at.heapSpaceStatistics.filter((space) => space.spaceName === 'old_space' || space.spaceName === 'lo_space').reduce((sum, space) => sum + space.spaceUsedSize, 0);
  let promoted = 0;
  let scavenges = 0;
  for (const collection of statistics) {
    if (collection.gcType !== 'Scavenge') continue;
    scavenges += 1;
    promoted += Math.max(0, oldGeneration(collection.afterGC) - oldGeneration(collection.beforeGC));
  }
  return { promoted, scavenges, full: statistics.filter((collection) => collection.gcType === 'MarkSweepCompact').length };
}

const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const actions = Number(option('--actions', 3000));
const rounds = Number(option('--rounds', 3));
const only = option('--only', 'bare,draw,trial').split(',');

const { arbiter, adminKey, databaseUrl, stop } = await startArbiterInProcess({ name: 'service-path', logLevel: 'silent' });
const bare = new pg.Pool({ connectionString: databaseUrl, max: 1, pipeline: BASELINES.current.pipeline });
try {
  const [target] = await prepareCampaigns(arbiter.url, adminKey, 1);
  const trial = await prepareTrialRolls(arbiter.url, [target]);
  const auth = arbiter.app.get(AuthService);
  const gm = (await auth.authenticate(`Bearer ${target.gmKey}`)).principal;
  const player = (await auth.authenticate(`Bearer ${target.playerKey}`)).principal;
  const decks = arbiter.app.get(DecksService);
  const tenthRealm = arbiter.app.get(TenthRealmActions);

  /** Runs `work` as one request with one mutation: in its own context, committed at the end. */
  const asRequest = (work) => {
    const context = newRequestContext();
    return runInRequestContext(context, async () => {
      await arbiter.database.atomically(work, context);
      await arbiter.database.finish(context, 'commit');
    });
  };
  const runs = {
    bare: () => BASELINES.current.run(bare, target),
    draw: () => asRequest(() => decks.drawCards(gm, { deckId: target.deckId, count: 1, from: 'TOP', to: 'DISCARD' })),
    trial: trial.skip
      ? undefined
      : // Object.assign, not a spread with more fields: that copy would outlive the young generation ("Garbage").
        () => asRequest(() => tenthRealm.trialRoll(player, Object.assign({}, trial.build(target).variables.i, { dr: 12, fate: false, burns: [], drAdjustments: [] }))),
  };
  for (let round = 1; round <= rounds; round += 1) {
    for (const name of only) {
      const run = runs[name];
      if (!run) continue;
      const gc = new v8.GCProfiler();
      gc.start();
      const started = process.cpuUsage();
      const startedAt = performance.now();
      for (let i = 0; i < actions; i += 1) await run();
      const cpu = process.cpuUsage(started);
      const wall = performance.now() - startedAt;
      const { promoted, scavenges, full } = collections(gc.stop());
      console.log(
        `round ${round}  ${name.padEnd(5)}  ${(((cpu.user + cpu.system) / actions) | 0).toString().padStart(4)} µs of CPU and ${(((wall * 1000) / actions) | 0).toString().padStart(4)} µs each,` +
          ` ${((promoted / actions) | 0).toString().padStart(5)} B promoted each (${scavenges} scavenges, ${full} full collections)`,
      );
    }
  }
} finally {
  await bare.end();
  await stop();
}
