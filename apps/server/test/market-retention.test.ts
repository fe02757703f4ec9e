import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { manualClock } from '@tidemark/core';
import { PriceRecordPruner } from '../src/engine/market/retention';
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

  it('deletes seconds past the retention in bounded batches, at most once an hour, keeping the rest', async () => {
    let now = NOW_MS;
    const cutoff = NOW_MS - 30 * DAY_MS;
    // every DELETE statement and how many rows it removed
    const deletes: number[] = [];
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        if (result.numAffectedRows !== undefined) deletes.push(Number(result.numAffectedRows));
        return result;
      },
    };
    const counted = server.db.withPlugin(counting);
    const pruner = new PriceRecordPruner({ write: (work) => counted.transaction().execute(work) }, [BTC_PAIR, ETH_PAIR], () => now, 30 * DAY_MS, 10);

    const keptBtc = [cutoff, ...seconds(NOW_MS - DAY_MS, 3)];
    await insert(BTC_PAIR, [...seconds(cutoff - 300 * DAY_MS, 5), ...seconds(cutoff - 20_000, 20), ...keptBtc]);
    await insert(ETH_PAIR, [...seconds(cutoff - 5000, 5), ...seconds(NOW_MS - 1000, 1)]);

    expect(await pruner.maybePrune()).toBe(30);
    expect(await recorded(BTC_PAIR)).toEqual(keptBtc);
    expect(await recorded(ETH_PAIR)).toEqual([NOW_MS - 1000]);
    // 25 old BTC seconds took three statements of at most 10 rows; 5 of ETH took one
    expect(deletes).toEqual([10, 10, 5, 5]);

    // seconds that age past the retention within the hour wait for the next run
    now += 59 * 60_000;
    await insert(BTC_PAIR, seconds(now - 30 * DAY_MS - 5000, 3));
    expect(await pruner.maybePrune()).toBe(0);
    expect(await recorded(BTC_PAIR)).toHaveLength(keptBtc.length + 3);

    // an hour on: those three, and the second that was exactly at the retention an hour ago
    now += 60_000;
    expect(await pruner.maybePrune()).toBe(4);
    expect(await recorded(BTC_PAIR)).toEqual(keptBtc.slice(1));
  });

  it('is run by the engine leader with PRICE_RECORD_DAYS, leaving candles alone', async () => {
    const clock = manualClock(NOW_MS);
    // a quiet feed and a timer that never fires in the test: each pass is one the test runs
    const leader = await startTestServer({
      env: { PRICE_RECORD_DAYS: '2' },
      market: { seed: 6, clock, flushMs: 3600_000, feed: () => ({ start: async () => {}, stop: async () => {} }) },
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
      const candlesBefore = await candles();

      // the first pass prunes (nothing is old yet); an hour later the next prunes again
      await leader.market.housekeep();
      await insert(BTC_PAIR, [NOW_MS - 3 * DAY_MS, NOW_MS - DAY_MS], leader.db);
      clock.advance(3600_000);
      await leader.market.housekeep();
      expect(await count()).toBe(1);

      // within the hour nothing more is deleted, however often the leader passes
      await insert(BTC_PAIR, [NOW_MS - 3 * DAY_MS], leader.db);
      clock.advance(59 * 60_000);
      for (let i = 0; i < 3; i++) await leader.market.housekeep();
      expect(await count()).toBe(2);

      clock.advance(60_000);
      await leader.market.housekeep();
      expect(await count()).toBe(1);
      expect(await candles()).toBe(candlesBefore);
    } finally {
      await leader.close();
    }
  });
});
