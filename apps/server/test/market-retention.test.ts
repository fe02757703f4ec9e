import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { manualClock } from '@tidemark/core';
import type { Db } from '../src/db/database';
import { priceRecordPrune } from '../src/modules/market/schedule';
import { startTestServer, type TestServer } from './harness';

const BTC_PAIR = 2;
const ETH_PAIR = 1;
const DAY_MS = 24 * 3600_000;
// far ahead of the shared server's wall clock, so its engine's own pruning never reaches these rows
const NOW_MS = Date.UTC(2100, 0, 1);

const secondRows = (pairId: number, times: number[]) =>
  times.map((t) => ({
    pair_id: BigInt(pairId),
    time_ms: BigInt(t),
    open_units: 1n,
    high_units: 1n,
    low_units: 1n,
    close_units: 1n,
    volume_units: 0n,
  }));

describe('retention of the one-second price record', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ market: { seed: 5 } });
  });
  afterAll(() => server.close());

  const insert = (pairId: number, times: number[], db = server.db) =>
    db.insertInto('price_second').values(secondRows(pairId, times)).execute();
  const recorded = async (pairId: number) =>
    (
      await server.db
        .selectFrom('price_second')
        .select('time_ms')
        .where('pair_id', '=', BigInt(pairId))
        .where('time_ms', '>=', BigInt(NOW_MS - 400 * DAY_MS))
        .orderBy('time_ms')
        .execute()
    ).map((r) => Number(r.time_ms));
  const seconds = (fromMs: number, count: number) => Array.from({ length: count }, (_, i) => fromMs + i * 1000);

  it('deletes seconds past the retention in bounded batches, keeping the rest', async () => {
    const cutoff = NOW_MS - 30 * DAY_MS;
    // every DELETE statement that removed rows, and how many
    const deletes: number[] = [];
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        if (Number(result.numAffectedRows ?? 0) > 0) deletes.push(Number(result.numAffectedRows));
        return result;
      },
    };
    const counted = server.db.withPlugin(counting);
    const lead = { db: server.db, write: <T>(work: (trx: Db) => Promise<T>) => counted.transaction().execute(work), ended: () => false };
    const job = priceRecordPrune(30 * DAY_MS, 10);

    const keptBtc = [cutoff, ...seconds(NOW_MS - DAY_MS, 3)];
    await insert(BTC_PAIR, [...seconds(cutoff - 300 * DAY_MS, 5), ...seconds(cutoff - 20_000, 20), ...keptBtc]);
    await insert(ETH_PAIR, [...seconds(cutoff - 5000, 5), ...seconds(NOW_MS - 1000, 1)]);

    expect(await job.runInBatches!(lead, { dueMs: NOW_MS, nowMs: NOW_MS })).toBe('deleted 30');
    expect(await recorded(BTC_PAIR)).toEqual(keptBtc);
    expect(await recorded(ETH_PAIR)).toEqual([NOW_MS - 1000]);
    // 25 old BTC seconds took three statements of at most 10 rows; 5 of ETH took one
    expect(deletes).toEqual([10, 10, 5, 5]);
  });

  it('is run by the leader’s schedule every hour with PRICE_RECORD_DAYS, leaving candles alone', async () => {
    const clock = manualClock(NOW_MS);
    const leader = await startTestServer({
      env: { PRICE_RECORD_DAYS: '2' },
      market: { seed: 6, clock, feed: () => ({ start: async () => {}, stop: async () => {} }) },
    });
    try {
      const count = async () =>
        (
          await leader.db
            .selectFrom('price_second')
            .select('time_ms')
            .where('pair_id', '=', BigInt(BTC_PAIR))
            .execute()
        ).length;
      const candles = async () => (await leader.db.selectFrom('market_candle').select('time_ms').execute()).length;
      const runs = () => leader.db.selectFrom('schedule_run').select(['due_ms', 'outcome', 'detail']).where('job', '=', 'price_record_prune').orderBy('due_ms').execute();
      const candlesBefore = await candles();

      // the leader runs the hour that began as it took the lead (nothing is old yet); an hour later the next
      await leader.engines.schedule.idle();
      await insert(BTC_PAIR, [NOW_MS - 3 * DAY_MS, NOW_MS - DAY_MS], leader.db);
      clock.advance(3600_000);
      await leader.engines.schedule.idle();
      expect(await count()).toBe(1);

      // within the hour nothing more is deleted, however often the leader looks
      await insert(BTC_PAIR, [NOW_MS - 3 * DAY_MS], leader.db);
      clock.advance(59 * 60_000);
      for (let i = 0; i < 3; i++) await leader.engines.schedule.idle();
      expect(await count()).toBe(2);

      clock.advance(60_000);
      await leader.engines.schedule.idle();
      expect(await count()).toBe(1);
      expect(await candles()).toBe(candlesBefore);
      expect(await runs()).toEqual([
        { due_ms: BigInt(NOW_MS), outcome: 'ok', detail: 'deleted 0' },
        { due_ms: BigInt(NOW_MS + 3600_000), outcome: 'ok', detail: 'deleted 1' },
        { due_ms: BigInt(NOW_MS + 2 * 3600_000), outcome: 'ok', detail: 'deleted 1' },
      ]);
    } finally {
      await leader.close();
    }
  });
});
