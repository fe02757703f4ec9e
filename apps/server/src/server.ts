import type { FastifyInstance } from 'fastify';
import type { Clock } from '@tidemark/core';
import type { TClosedMicroOrderEvent, TMicroAfterCoinTradeEvent } from '@tidemark/protocol';
import { buildApp, type AppDeps } from './app';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrate } from './db/migrate';
import { watch } from './metrics';
import { seed } from './db/seed';
import { openMarket, type MarketEngine, type MarketOptions } from './engine/market/market';
// micro options
import { MicroSettler, type MicroSettlerOptions } from './engine/micro/settler';
import { bootstrapAccounts, ensureMarketMaker } from './modules/bootstrap/service';
// lever
import { leverEngine, type LeverEngine } from './engine/lever/lever-engine';
import { leverTickOf } from './modules/lever/service';
// spot
import { spotEngine, type SpotEngine } from './engine/spot/spot';
// scheduled jobs
import { Scheduler } from './engine/schedule/scheduler';
import { scheduledJobs } from './scheduled-jobs';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  market: MarketEngine;
  // micro options
  /** the micro settler (it settles only while this process leads); tests run its passes with `drain()` */
  micro: MicroSettler;
  /** the clock the app was built with: tests pass its time to the services they call directly */
  clock: Clock;
  // lever
  /** the lever risk engine (running while this process leads) */
  lever: LeverEngine;
  // spot
  /** the spot matcher (it works only while this process leads) */
  spot: SpotEngine;
  /** the leader's scheduled jobs (run only while this process leads); tests run what is due with `drain()` */
  schedule: Scheduler;
  url: string;
  /**
   * A graceful stop: hands the engine lock over at once, then stops taking connections, answers
   * the requests in flight, tells the sockets to reconnect (to another process, through the
   * proxy), and closes the database.
   */
  close(): Promise<void>;
}

/** Opens the database, migrates and seeds it, and listens: the whole product in one process. */
export async function startServer(
  config: Config,
  options: Pick<AppDeps, 'logger' | 'extraRoutes' | 'mailer'> & { pgSchema?: string; market?: MarketOptions; micro?: Pick<MicroSettlerOptions, 'batchSize'> } = {},
): Promise<RunningServer> {
  const db = openDatabase({ ...config, ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}) });
  await migrate(db, options.pgSchema);
  await seed(db);
  const market = await openMarket(db, config, { ...options.market, pgSchema: options.pgSchema });
  const jobs = scheduledJobs(config);
  const app = await buildApp({ db, config, ...options, market, clock: market.clock, scheduledJobs: jobs });
  const unwatch = watch(market);
  await bootstrapAccounts(db, config, app.log, market.clock);
  // micro options
  const micro = new MicroSettler({
    ...options.micro,
    clock: market.clock,
    log: app.log,
    publish: (userId, row) => {
      const to = Number(userId);
      const closed: TClosedMicroOrderEvent = { type: 'closed_microorder', to, data: row };
      app.realtime.publishPrivate(userId, 'closed_microorder', closed);
      // the stake and payout moved: wallet views reload on the event they already follow
      const wallet: TMicroAfterCoinTradeEvent = { type: 'afterCoinTrade', to, wallet: 'micro', currency_id: row.currency_id, match_id: row.match_id, order_id: row.id };
      app.realtime.publishPrivate(userId, 'afterCoinTrade', wallet);
    },
    listening: (userId) => app.realtime.listening(userId),
  });
  market.host(micro);
  // lever
  const lever = leverEngine({ clock: market.clock, log: () => app.log, tickOf: leverTickOf(market), pusher: app.leverTrade });
  market.host(lever);
  // spot
  const spot = spotEngine({
    market,
    clock: market.clock,
    log: app.log,
    notify: (userId, event) => app.realtime.publishPrivate(userId, 'afterCoinTrade', event),
    publish: (update) => app.realtime.publishSpot(update),
    makerUserId: config.marketMaker ? await ensureMarketMaker(db, market.clock) : undefined,
  });
  market.host(spot);
  // scheduled jobs
  const schedule = new Scheduler({ jobs, clock: market.clock, log: app.log });
  market.host(schedule);
  // before listening, so a fresh install answers its first chart request with history
  await market.start(app.log, (tick) => app.realtime.publishMarket(tick), app.jobs);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    db,
    config,
    market,
    micro,
    clock: market.clock,
    lever,
    spot,
    schedule,
    url: `http://127.0.0.1:${port}`,
    async close() {
      // the engines' last writes (the recorder's final flush, a settlement batch) are jobs: the
      // leader hands over before the app closes its job runner
      await market.resign();
      await app.close();
      await market.stop();
      unwatch();
      await db.destroy();
    },
  };
}
