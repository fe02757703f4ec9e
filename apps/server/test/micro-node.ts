/**
 * A server process for the micro crash and takeover tests: the whole product on the database the
 * test names (an SQLite file under NODE_DATA_DIR, or NODE_DATABASE_URL with schema NODE_PG_SCHEMA
 * and NODE_REDIS_URL), on a clock and a price feed the test drives over IPC, so orders fall due
 * when the test says and not after 30 s of wall time. Prints its address, then a line whenever
 * it becomes the engine leader; the test kills it with SIGKILL at will.
 */
import { manualClock, mustParseUnits, type FeedEvent } from '@tidemark/core';
import type { MarketOptions } from '../src/engine/market/market';
import { startServer } from '../src/server';
import { childConfig, serveTest } from './server-process';
import { buildTrader } from '../src/testing/factories';

/** What the test asks of this process; ids and amounts travel as strings, since IPC carries JSON. */
export type MicroNodeCommand =
  | { kind: 'traders'; count: number; microFunds: string }
  /** a trade of the pair at the clock's time: the settler records it */
  | { kind: 'trade'; pairId: number; price: string }
  | { kind: 'advance'; ms: number };

const dataDir = process.env.NODE_DATA_DIR!;
const clock = manualClock(Number(process.env.NODE_CLOCK_MS));
let report: ((event: FeedEvent) => void) | undefined;
const feed: MarketOptions['feed'] = () => ({
  start: async (r) => void (report = r),
  stop: async () => void (report = undefined),
});
const server = await startServer(
  childConfig(dataDir, {
    DEMO: '0',
    ...(process.env.NODE_DATABASE_URL ? { DATABASE_URL: process.env.NODE_DATABASE_URL, REDIS_URL: process.env.NODE_REDIS_URL } : {}),
  }),
  {
    // errors to stderr, which the test shows; stdout carries the lines the test reads
    logger: { level: 'error', stream: process.stderr },
    ...(process.env.NODE_PG_SCHEMA ? { pgSchema: process.env.NODE_PG_SCHEMA } : {}),
    market: { clock, feed, flushMs: 3600_000, leaderRetryMs: 200, ...(process.env.NODE_REDIS_PREFIX ? { redisPrefix: process.env.NODE_REDIS_PREFIX } : {}) },
    micro: { batchSize: Number(process.env.NODE_MICRO_BATCH ?? 1000) },
  },
);
async function perform(command: MicroNodeCommand): Promise<unknown> {
  switch (command.kind) {
    case 'traders': {
      const traders = [];
      for (let i = 0; i < command.count; i++) traders.push(await buildTrader(server, { funds: [[3n, command.microFunds, 'micro']] }));
      return traders.map((t) => ({ id: String(t.id), token: t.token }));
    }
    case 'trade':
      report?.({
        kind: 'trades',
        pairId: command.pairId,
        trades: [{ timeMs: clock(), priceUnits: mustParseUnits(command.price), amountUnits: mustParseUnits('0.01'), direction: 'buy' }],
      });
      return clock();
    case 'advance':
      clock.advance(command.ms);
      return clock();
  }
}
serveTest<MicroNodeCommand>(server, perform);
