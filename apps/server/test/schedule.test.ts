import { afterEach, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from '@tidemark/core';
import { calls, limits } from '@tidemark/protocol';
import type { Db } from '../src/db/database';
import type { Lead } from '../src/engine/hosted';
import { openLead } from '../src/engine/lead';
import { Scheduler } from '../src/engine/schedule/scheduler';
import { beginTerm } from '../src/modules/leadership/service';
import { defineJob, type JobTime, type ScheduledJob } from '../src/modules/schedule/job';
import { buildStaff } from '../src/testing/factories';
import { startTestServer, type TestServer } from './harness';

/**
 * The leader's scheduled jobs: each due time runs once across terms, a daily job catches up on
 * the days it missed, a stale term writes nothing, and every run is recorded for the console.
 * The terms here are the test's own (the server hands its lead over first), as successive
 * leaders' would be.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const servers: TestServer[] = [];
const schedulers: Scheduler[] = [];
afterEach(async () => {
  for (const scheduler of schedulers.splice(0)) await scheduler.lose();
  for (const server of servers.splice(0)) await server.close();
});

async function start(atMs: number): Promise<{ server: TestServer; clock: ManualClock }> {
  const clock = manualClock(atMs);
  const server = await startTestServer({ market: { clock, feed: () => ({ start: async () => {}, stop: async () => {} }) } });
  servers.push(server);
  // its own jobs' first runs end before a test hands its lead over
  await server.engines.schedule.idle();
  return { server, clock };
}

/** A new term begins, as when another process takes the lead; its Lead. */
async function nextTerm(server: TestServer): Promise<Lead> {
  const epoch = await beginTerm(server.db, server.clock());
  return openLead({ db: server.db, jobs: server.app.jobs, epoch, clock: server.clock, log: server.app.log, lost: () => {} });
}

async function lead(server: TestServer, jobs: ScheduledJob[], term: Lead): Promise<Scheduler> {
  const scheduler = new Scheduler({ jobs, clock: server.clock, log: server.app.log });
  schedulers.push(scheduler);
  await scheduler.gain(term);
  await scheduler.idle();
  return scheduler;
}

async function hand(scheduler: Scheduler): Promise<void> {
  await scheduler.lose();
  schedulers.splice(schedulers.indexOf(scheduler), 1);
}

/** What a job wrote, as a row of its own (engine_fault serves as a scratch table the leader writes). */
const mark = (trx: Db, scope: string, atMs: number) => trx.insertInto('engine_fault').values({ engine: 'test', scope, detail: '', since_ms: BigInt(atMs), epoch: 0n }).execute();
const marks = async (server: TestServer) => (await server.db.selectFrom('engine_fault').select('scope').where('engine', '=', 'test').orderBy('since_ms').orderBy('scope').execute()).map((r) => r.scope);
const runs = (server: TestServer, job: string) =>
  server.db.selectFrom('schedule_run').select(['due_ms', 'epoch', 'outcome', 'detail', 'finished_ms']).where('job', '=', job).orderBy('due_ms').execute();

/** A job of one transaction that marks each due time it runs for. */
const marking = (name: string, schedule: ScheduledJob['schedule'], seen: JobTime[] = []) =>
  defineJob({
    name,
    schedule,
    async run(trx, time) {
      seen.push(time);
      await mark(trx, `${name} ${new Date(time.dueMs).toISOString()}`, time.dueMs);
      return 'marked';
    },
  });

describe('a scheduled job', () => {
  it('runs once per due time, and a new term runs what is missing and repeats nothing', async () => {
    const { server, clock } = await start(Date.UTC(2030, 0, 15, 12, 30));
    await server.market.resign();
    const seen: JobTime[] = [];
    const hourly = marking('hourly', { every: HOUR_MS }, seen);
    const first = await nextTerm(server);
    const a = await lead(server, [hourly], first);
    // the hour that began before the lead was gained runs at once, and once
    expect(seen).toEqual([{ dueMs: Date.UTC(2030, 0, 15, 12), nowMs: clock() }]);
    clock.advance(20 * 60_000);
    await a.idle();
    expect(seen).toHaveLength(1);

    // another leader: the hour already ran; the ten hours none led run as one, the latest
    await hand(a);
    clock.advance(10 * HOUR_MS);
    const second = await nextTerm(server);
    const b = await lead(server, [hourly], second);
    await b.idle();
    expect(seen.map((t) => t.dueMs)).toEqual([Date.UTC(2030, 0, 15, 12), Date.UTC(2030, 0, 15, 22)]);
    expect(await runs(server, 'hourly')).toEqual([
      { due_ms: BigInt(Date.UTC(2030, 0, 15, 12)), epoch: first.epoch, outcome: 'ok', detail: 'marked', finished_ms: BigInt(Date.UTC(2030, 0, 15, 12, 30)) },
      { due_ms: BigInt(Date.UTC(2030, 0, 15, 22)), epoch: second.epoch, outcome: 'ok', detail: 'marked', finished_ms: BigInt(clock()) },
    ]);
    expect(await marks(server)).toHaveLength(2);
  });

  it('runs every day a daily job missed, oldest first, at its time in its UTC offset', async () => {
    // 09:00 in Beijing: the day's 08:00 has passed
    const { server, clock } = await start(Date.UTC(2030, 0, 15, 1));
    await server.market.resign();
    const seen: JobTime[] = [];
    const settlement = marking('daily', { daily: { hour: 8, minute: 0, utcOffsetMinutes: 8 * 60 } }, seen);
    const term = await nextTerm(server);
    const scheduler = await lead(server, [settlement], term);
    expect(seen.map((t) => t.dueMs)).toEqual([Date.UTC(2030, 0, 15, 0)]);

    // two days without a run, then the clock jumps past both
    clock.set(Date.UTC(2030, 0, 17, 3));
    await scheduler.idle();
    expect(seen.map((t) => t.dueMs)).toEqual([Date.UTC(2030, 0, 15, 0), Date.UTC(2030, 0, 16, 0), Date.UTC(2030, 0, 17, 0)]);
    expect(await marks(server)).toEqual(['daily 2030-01-15T00:00:00.000Z', 'daily 2030-01-16T00:00:00.000Z', 'daily 2030-01-17T00:00:00.000Z']);
    await hand(scheduler);
    await lead(server, [settlement], await nextTerm(server));
    expect(seen).toHaveLength(3);
  });

  it('runs at the earliest due time its module stores, handling all that is due', async () => {
    const { server, clock } = await start(Date.UTC(2030, 0, 15, 12));
    await server.market.resign();
    // deadlines stored as a module would (rows of the scratch table); the run ends every one that passed
    const deadline = (trx: Db, atMs: number) =>
      trx.insertInto('engine_fault').values({ engine: 'deadline', scope: String(atMs), detail: '', since_ms: BigInt(atMs), epoch: 0n }).execute();
    const handled: number[] = [];
    const deadlines = defineJob({
      name: 'deadlines',
      schedule: {
        async next(db) {
          const row = await db.selectFrom('engine_fault').select((eb) => eb.fn.min('since_ms').as('due')).where('engine', '=', 'deadline').executeTakeFirst();
          return row?.due === null || row?.due === undefined ? undefined : Number(row.due);
        },
      },
      async run(trx, { dueMs, nowMs }) {
        handled.push(dueMs);
        const ended = await trx.deleteFrom('engine_fault').where('engine', '=', 'deadline').where('since_ms', '<=', BigInt(nowMs)).executeTakeFirst();
        return `ended ${ended.numDeletedRows}`;
      },
    });
    const now = clock();
    await server.db.transaction().execute(async (trx) => {
      for (const atMs of [now + 15 * 60_000, now + 15 * 60_000 + 500, now + 40 * 60_000]) await deadline(trx, atMs);
    });
    const scheduler = await lead(server, [deadlines], await nextTerm(server));
    expect(handled).toEqual([]);
    clock.advance(16 * 60_000);
    await scheduler.idle();
    expect(handled).toEqual([now + 15 * 60_000]);
    expect(await runs(server, 'deadlines')).toMatchObject([{ due_ms: BigInt(now + 15 * 60_000), outcome: 'ok', detail: 'ended 2' }]);
    clock.advance(30 * 60_000);
    await scheduler.idle();
    expect(handled).toEqual([now + 15 * 60_000, now + 40 * 60_000]);
    await scheduler.idle();
    expect(handled).toHaveLength(2);
  });

  it('is refused, writing nothing, when its term has ended', async () => {
    const { server } = await start(Date.UTC(2030, 0, 15, 12, 30));
    await server.market.resign();
    const seen: JobTime[] = [];
    const oneTransaction = marking('hourly', { every: HOUR_MS }, seen);
    const batches = defineJob({
      name: 'batches',
      schedule: { every: HOUR_MS },
      async runInBatches(lead, { dueMs }) {
        await lead.write((trx) => mark(trx, 'batch', dueMs));
        return 'one batch';
      },
    });
    const stale = await nextTerm(server);
    const current = await nextTerm(server);
    const scheduler = new Scheduler({ jobs: [oneTransaction, batches], clock: server.clock, log: server.app.log });
    schedulers.push(scheduler);
    await scheduler.gain(stale);
    await scheduler.idle();
    expect(seen).toEqual([]);
    expect(await marks(server)).toEqual([]);
    expect(await server.db.selectFrom('schedule_run').selectAll().where('job', 'in', ['hourly', 'batches']).execute()).toEqual([]);

    // the current term runs both
    await hand(scheduler);
    await lead(server, [oneTransaction, batches], current);
    expect(await marks(server)).toEqual(['batch', 'hourly 2030-01-15T12:00:00.000Z']);
    expect(await server.db.selectFrom('schedule_run').select(['job', 'epoch', 'outcome']).where('job', 'in', ['hourly', 'batches']).orderBy('job').execute()).toEqual([
      { job: 'batches', epoch: current.epoch, outcome: 'ok' },
      { job: 'hourly', epoch: current.epoch, outcome: 'ok' },
    ]);
  });

  it('runs again a run in batches its term cut short, and tries a failed one again later', async () => {
    const { server, clock } = await start(Date.UTC(2030, 0, 15, 12, 30));
    await server.market.resign();
    let inside!: () => void;
    let release!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const batches = defineJob({
      name: 'batches',
      schedule: { every: HOUR_MS },
      async runInBatches(lead, { dueMs }) {
        calls += 1;
        await lead.write((trx) => mark(trx, `batch ${calls}`, dueMs + calls));
        if (calls === 1) {
          inside();
          await held;
        }
        return lead.ended() ? 'cut short' : 'all batches';
      },
    });
    const a = new Scheduler({ jobs: [batches], clock, log: server.app.log });
    schedulers.push(a);
    await a.gain(await nextTerm(server));
    await entered;
    const losing = hand(a);
    release();
    await losing;
    expect(await runs(server, 'batches')).toMatchObject([{ outcome: null, finished_ms: null }]);

    const b = await lead(server, [batches], await nextTerm(server));
    expect(calls).toBe(2);
    expect(await marks(server)).toEqual(['batch 1', 'batch 2']);
    expect(await runs(server, 'batches')).toMatchObject([{ due_ms: BigInt(Date.UTC(2030, 0, 15, 12)), outcome: 'ok', detail: 'all batches' }]);

    await hand(b);
    // a run that throws: its work rolls back, the failure is recorded, and it is tried again after the retry delay
    let failures = 1;
    const flaky = defineJob({
      name: 'flaky',
      schedule: { every: HOUR_MS },
      async run(trx, { dueMs }) {
        await mark(trx, 'flaky', dueMs);
        if (failures-- > 0) throw new Error('the bank did not answer');
        return 'paid';
      },
    });
    const c = await lead(server, [flaky], await nextTerm(server));
    expect(await runs(server, 'flaky')).toMatchObject([{ outcome: 'failed', detail: 'the bank did not answer' }]);
    expect(await marks(server)).not.toContain('flaky');
    clock.advance(limits.scheduleRetryMs - 1);
    await c.idle();
    expect(await runs(server, 'flaky')).toMatchObject([{ outcome: 'failed' }]);
    clock.advance(1);
    await c.idle();
    expect(await runs(server, 'flaky')).toMatchObject([{ due_ms: BigInt(Date.UTC(2030, 0, 15, 12)), outcome: 'ok', detail: 'paid' }]);
    expect(await marks(server)).toContain('flaky');
  });
});

describe('the leader’s own jobs', () => {
  it('are shown on the console with their schedule, latest run and next due time', async () => {
    const { server } = await start(Date.UTC(2030, 0, 15, 12, 30));
    const viewer = await buildStaff(server, { role: 'viewer' });
    const risk = await server.call(calls.adminRisk, {}, { token: viewer.token });
    const epoch = server.lead().epoch;
    const ran = (detail: string) => ({ due_ms: Date.UTC(2030, 0, 15, 12), started_ms: Date.UTC(2030, 0, 15, 12, 30), finished_ms: Date.UTC(2030, 0, 15, 12, 30), outcome: 'ok', detail });
    const hourly = { kind: 'every', every_ms: HOUR_MS };
    expect(risk.message.jobs).toEqual([
      { name: 'price_record_prune', schedule: hourly, last: ran('deleted 0'), next_due_ms: Date.UTC(2030, 0, 15, 13) },
      { name: 'spot_maker_prune', schedule: hourly, last: ran('deleted 0'), next_due_ms: Date.UTC(2030, 0, 15, 13) },
      { name: 'schedule_run_prune', schedule: hourly, last: ran('deleted 0'), next_due_ms: Date.UTC(2030, 0, 15, 13) },
    ]);
    expect(await runs(server, 'price_record_prune')).toMatchObject([{ epoch }]);
  });

  it('prune run records past their retention, keeping each job’s latest successful one', async () => {
    const { server, clock } = await start(Date.UTC(2030, 0, 15, 12, 30));
    const now = clock();
    const row = (job: string, daysAgo: number, outcome: 'ok' | 'failed') => ({
      job,
      due_ms: BigInt(now - daysAgo * DAY_MS),
      epoch: 1n,
      started_ms: BigInt(now - daysAgo * DAY_MS),
      finished_ms: BigInt(now - daysAgo * DAY_MS),
      outcome,
      detail: '',
    });
    await server.db
      .insertInto('schedule_run')
      .values([row('old', 40, 'ok'), row('old', 35, 'failed'), row('old', 31, 'ok'), row('recent', 40, 'ok'), row('recent', 2, 'ok'), row('stuck', 40, 'failed')])
      .execute();
    clock.advance(HOUR_MS);
    await server.engines.schedule.idle();
    const left = await server.db.selectFrom('schedule_run').select(['job', 'due_ms']).where('job', 'in', ['old', 'recent', 'stuck']).orderBy('job').orderBy('due_ms').execute();
    expect(left).toEqual([
      { job: 'old', due_ms: BigInt(now - 31 * DAY_MS) },
      { job: 'recent', due_ms: BigInt(now - 2 * DAY_MS) },
      { job: 'stuck', due_ms: BigInt(now - 40 * DAY_MS) },
    ]);
    expect(await runs(server, 'schedule_run_prune')).toMatchObject([{ detail: 'deleted 0' }, { detail: 'deleted 3' }]);
  });
});
