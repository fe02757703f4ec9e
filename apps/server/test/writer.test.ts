import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, mustParseUnits } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import { openDatabase, type Db } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/modules/bootstrap/service';
import { buildUser, fundWallet } from '../src/testing/factories';
import { appJobs, type JobCall } from '../src/jobs';
import { startWriter } from '../src/writer/writer';
import { onPostgres } from './harness';

const USDT = 3n;
const BTC_PAIR_ID = 2n;
const NOW_MS = Date.UTC(2026, 10, 25, 12);

// the writer thread serves SQLite only (PostgreSQL runs jobs in process)
describe.skipIf(onPostgres)('the SQLite writer thread', () => {
  let dataDir: string;
  let db: Db;
  let userId: bigint;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-writer-'));
    db = openDatabase({ dataDir });
    await migrate(db);
    await seed(db);
    const context = { db, clock: () => NOW_MS };
    userId = (await buildUser(context)).id;
    await fundWallet(context, userId, USDT, '100000', 'lever');
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** a market long of 10 hands at 60,000: its order id once committed */
  const submit = (): JobCall<'leverSubmit'> => ({
    name: 'leverSubmit',
    args: {
      input: { userId, pairId: BTC_PAIR_ID, direction: 1, entryMode: 1, multiple: 10, hands: 10, limitPriceUnits: 0n, takeProfitUnits: 0n, stopLossUnits: 0n },
      tick: { priceUnits: mustParseUnits('60000'), atMs: NOW_MS },
      nowMs: NOW_MS,
    },
    payload: '{"type":"ok"}',
  });

  /** a writer on a manual clock whose threads and error logs the test sees */
  function writer() {
    const clock = manualClock(NOW_MS);
    const threads: Worker[] = [];
    const logged: string[] = [];
    let heard: (() => void) | undefined;
    const log = {
      error: (_context: unknown, message?: string) => {
        logged.push(message ?? '');
        heard?.();
      },
    };
    const jobs = startWriter(dataDir, log, { clock, table: appJobs(), started: (thread) => threads.push(thread) });
    /** resolves once the writer has logged a thread's stop */
    const stopped = (thread: Worker) => {
      const seen = new Promise<void>((resolve) => (heard = resolve));
      void thread.terminate();
      return seen;
    };
    return { clock, threads, logged, jobs, stopped };
  }

  it('replaces a thread that stops: the jobs after it are done by the next thread', async () => {
    const { clock, threads, logged, jobs, stopped } = writer();
    expect(await jobs.run(submit())).toEqual({ value: expect.any(BigInt) });
    clock.advance(limits.writerRestartAfterMs);
    await stopped(threads[0]!);
    expect(logged).toEqual(['the SQLite writer thread stopped; starting another']);
    expect(threads).toHaveLength(2);
    const outcome = await jobs.run(submit());
    expect(outcome).toEqual({ value: expect.any(BigInt) });
    const order = await db.selectFrom('lever_order').select('user_id').where('id', '=', (outcome as { value: bigint }).value).executeTakeFirst();
    expect(order).toEqual({ user_id: userId });
    await jobs.close();
  });

  it('does not replace a thread that stops as it starts: money calls are refused from then on', async () => {
    const { threads, logged, jobs, stopped } = writer();
    await stopped(threads[0]!);
    expect(logged).toEqual(['the SQLite writer thread stopped as it started; money calls are refused until a restart']);
    expect(threads).toHaveLength(1);
    await expect(jobs.run(submit())).rejects.toThrow('the writer thread stopped');
    await jobs.close();
  });
});
