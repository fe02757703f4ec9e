import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIODS, manualClock, mustParseUnits } from '@tidemark/core';
import { calls, ZTimesharError } from '@tidemark/protocol';
import type { MarketOptions } from '../src/engine/market/market';
import { simFeed } from '../src/engine/market/sim-feed';
import { depthView, recordedPriceAt } from '../src/modules/market/service';
import { startTestServer, type Form, type TestServer } from './harness';

const BTC_PAIR = 2;
const ETH_PAIR = 1;
const BNB_PAIR = 3;
const units = (text: string) => mustParseUnits(text);

describe('market calls', () => {
  let server: TestServer;
  // half a minute into a minute: the seconds the test moves on stay in it
  const clock = manualClock(Date.UTC(2030, 0, 15, 12, 0, 30));
  const waits: { ready: () => boolean; resolve: () => void }[] = [];
  /** Resolves after the tick that makes `ready` true (at once if it is already). */
  const after = (ready: () => boolean) =>
    new Promise<void>((resolve) => (ready() ? resolve() : waits.push({ ready, resolve })));
  const trades = () => server.market.recentTrades(BTC_PAIR);

  beforeAll(async () => {
    // the simulator on the test's clock, checking the waits after each tick it reports (applied by then)
    const feed: MarketOptions['feed'] = (pairs, board) => {
      const sim = simFeed({ pairs, startPriceUnits: (id) => board.lastPriceUnits(id), seed: 1234, clock, stepMs: 100 });
      return {
        start: (report) =>
          sim.start((event) => {
            report(event);
            for (const wait of waits.filter((w) => w.ready())) {
              waits.splice(waits.indexOf(wait), 1);
              wait.resolve();
            }
          }),
        stop: () => sim.stop(),
      };
    };
    // the timer's passes never come in the test: it runs the ones it needs
    server = await startTestServer({ market: { seed: 1234, clock, flushMs: 3600_000, feed } });
    // a few ticks, so live figures exist beside the back-filled history
    await after(() => trades().length >= 5);
  });
  afterAll(() => server.close());

  it('shows live 24-hour figures in quotation_new', async () => {
    const answer = await server.call(calls.quotationNew);
    const btc = answer.message.flatMap((g) => g.quotation).find((q) => q.id === BTC_PAIR)!;
    expect(units(btc.high)).toBeGreaterThanOrEqual(units(btc.now_price));
    expect(units(btc.low)).toBeLessThanOrEqual(units(btc.now_price));
    expect(units(btc.low)).toBeLessThan(units(btc.high));
    // a back-filled day of minutes has traded volume
    expect(units(btc.volume)).toBeGreaterThan(0n);
    expect(btc.change).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('marks the pairs open for contracts in quotation_new, with a number: lever_pair.is_open, 0 without a row', async () => {
    const openLever = async () =>
      new Map<number, number>(
        (await server.call(calls.quotationNew)).message
          .flatMap((g) => g.quotation)
          .map((q) => [q.id, q.open_lever]),
      );
    // every seeded pair trades contracts
    expect(new Set((await openLever()).values())).toEqual(new Set([1]));
    const bnb = await server.db.selectFrom('lever_pair').selectAll().where('pair_id', '=', BigInt(BNB_PAIR)).executeTakeFirstOrThrow();
    await server.db.updateTable('lever_pair').set({ is_open: 0n }).where('pair_id', '=', BigInt(ETH_PAIR)).execute();
    await server.db.deleteFrom('lever_pair').where('pair_id', '=', bnb.pair_id).execute();
    try {
      const after = await openLever();
      expect([after.get(ETH_PAIR), after.get(BNB_PAIR), after.get(BTC_PAIR)]).toEqual([0, 0, 1]);
    } finally {
      await server.db.updateTable('lever_pair').set({ is_open: 1n }).where('pair_id', '=', BigInt(ETH_PAIR)).execute();
      await server.db.insertInto('lever_pair').values(bnb).execute();
    }
  });

  it.each(PERIODS)('answers new_timeshar for %s with code 1 and well-formed bars', async (period) => {
    const message = await server.call(calls.newTimeshar, { symbol: 'BTC/USDT', period });
    expect(message.code).toBe(1);
    // back-fill: a full chart for every interval (three years of days is 36 months)
    expect(message.data.length).toBeGreaterThanOrEqual(period === '1mon' ? 36 : 100);
    for (const [i, bar] of message.data.entries()) {
      const [o, c, h, l] = [bar.open, bar.close, bar.high, bar.low].map(units) as [bigint, bigint, bigint, bigint];
      expect(h >= o && h >= c && l <= o && l <= c).toBe(true);
      if (i > 0) expect(bar.time).toBeGreaterThan(message.data[i - 1]!.time);
    }
  });

  it('ends the minute chart at the live price and takes from/to in seconds or milliseconds', async () => {
    const nowMs = clock();
    const minutes = await server.call(calls.newTimeshar, { symbol: 'BTC/USDT', period: '1min' });
    const last = minutes.data.at(-1)!;
    expect(last.time).toBe(Math.floor(nowMs / 60_000) * 60_000);
    const fromMs = nowMs - 3 * 3600_000;
    const toMs = nowMs - 3600_000;
    const inMs = await server.call(calls.newTimeshar, { symbol: 'BTC/USDT', period: '5min', from: String(fromMs), to: String(toMs) });
    const inSeconds = await server.call(calls.newTimeshar, { symbol: 'BTC/USDT', period: '5', from: String(Math.floor(fromMs / 1000)), to: String(Math.floor(toMs / 1000)) });
    expect(inMs.data.length).toBeGreaterThanOrEqual(23);
    expect(inSeconds.data).toEqual(inMs.data);
    expect(inMs.data[0]!.time).toBeGreaterThanOrEqual(Math.floor(fromMs / 300_000) * 300_000);
    expect(inMs.data.at(-1)!.time).toBeLessThanOrEqual(toMs);
  });

  it('refuses an unknown pair or period', async () => {
    // the chart's refusals: code -1 with empty data at the top level
    expect(ZTimesharError.parse(await server.refused(calls.newTimeshar, { symbol: 'NOPE/USDT', period: '1min' }))).toMatchObject({
      type: 'error',
      code: -1,
      data: [],
      reason: 'not_found',
    });
    expect(await server.refused(calls.newTimeshar, { symbol: 'BTC/USDT', period: '7min' })).toMatchObject({
      type: 'error',
      code: -1,
      reason: 'invalid_field',
    });
    // names on every object's prototype are no periods; a time past the year 9999 is no time
    const queries: Form<typeof calls.newTimeshar>[] = [
      { period: 'constructor' },
      { period: 'hasOwnProperty' },
      { period: '__proto__' },
      { period: '1mon', from: '0', to: '9999999999999999' },
    ];
    for (const query of queries) {
      const answer = await server.refused(calls.newTimeshar, { symbol: 'BTC/USDT', ...query });
      expect(answer, JSON.stringify(query)).toMatchObject({ type: 'error', code: -1, data: [], reason: 'invalid_field', message: `Parameter error: ${'to' in query ? 'to' : 'period'}` });
    }
    expect(await server.refused(calls.newTradeHistory, { legal_id: '3', currency_id: '99' })).toMatchObject({
      type: 'error',
      code: 'not_found',
    });
  });

  it('lists recent trades newest first, at most 40', async () => {
    await after(() => trades().length >= 40);
    const answer = await server.call(calls.newTradeHistory, { legal_id: '3', currency_id: '1' });
    expect(answer.message).toHaveLength(40);
    for (let i = 1; i < answer.message.length; i++) expect(answer.message[i]!.ts).toBeLessThanOrEqual(answer.message[i - 1]!.ts);
    expect(answer.message[0]).toMatchObject({ time: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/), direction: expect.stringMatching(/^(buy|sell)$/), amount: expect.stringMatching(/^\d+\.\d{8}$/) });
  });

  it('gives the order book around the last price for the lever and spot calls, and over HTTP', async () => {
    const answer = await server.call(calls.depth, { legal_id: '3', currency_id: '1' });
    expect(answer.message.lever_transaction.in.length).toBe(20);
    const view = depthView(server.market, BTC_PAIR);
    const last = units(view.last_price);
    expect(view.lever_transaction.in.length).toBe(20);
    expect(view.lever_transaction.out.length).toBe(20);
    expect(units(view.lever_transaction.in[0]![0])).toBeLessThan(last);
    expect(units(view.lever_transaction.out[0]![0])).toBeGreaterThan(last);
  });

  it('records every second of prices, so a settlement can be checked later', async () => {
    // trades in this second and the next; then the next is over too, and the leader writes both
    const firstMs = Math.floor(trades()[0]!.timeMs / 1000) * 1000;
    clock.advance(1000);
    await after(() => trades()[0]!.timeMs === clock());
    clock.advance(1000);
    await server.market.housekeep();
    const recorded = await server.db
      .selectFrom('price_second')
      .selectAll()
      .where('pair_id', '=', BigInt(BTC_PAIR))
      .orderBy('time_ms')
      .execute();
    expect(recorded.map((r) => Number(r.time_ms))).toEqual([firstMs, firstMs + 1000]);
    const last = recorded.at(-1)!;
    expect(await recordedPriceAt(server.db, BTC_PAIR, Number(last.time_ms) + 999)).toBe(last.close_units);
  });
});
