import type { FastifyInstance } from 'fastify';
import type { Clock } from '@tidemark/core';
import { buildApp, type AppDeps } from './app';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrate } from './db/migrate';
import { watch } from './metrics';
import { openMarket, type MarketEngine, type MarketOptions } from './engine/market/market';
import type { EngineDeps } from './engine/hosted';
import { bootstrapAccounts, ensureMarketMaker, seed } from './modules/bootstrap/service';
import { hostEngines, type EngineOptions, type Engines } from './engines';
import { ENGINES } from './wake';
import { scheduledJobs } from './scheduled-jobs';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  market: MarketEngine;
  /** the leader's engines (each works only while this process leads); tests wait on their `idle()` */
  engines: Engines;
  /** what the engines were built with: tests build another engine alike */
  engineDeps: EngineDeps;
  /** the clock the app was built with: tests pass its time to the services they call directly */
  clock: Clock;
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
  options: Pick<AppDeps, 'logger' | 'extraRoutes' | 'mailer'> & { pgSchema?: string; market?: MarketOptions; micro?: EngineOptions['micro'] } = {},
): Promise<RunningServer> {
  const db = openDatabase({ ...config, ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}) });
  await migrate(db, options.pgSchema);
  await seed(db);
  const market = await openMarket(db, config, { ...options.market, pgSchema: options.pgSchema });
  const jobs = scheduledJobs(config);
  const app = await buildApp({ db, config, ...options, market, clock: market.clock, scheduledJobs: jobs });
  const unwatch = watch(market);
  await bootstrapAccounts(db, config, app.log, market.clock);
  const engineDeps: EngineDeps = {
    clock: market.clock,
    log: app.log,
    market,
    publish: {
      toUser: (userId, event, payload) => app.realtime.publishPrivate(userId, event, payload),
      listening: (userId) => app.realtime.listening(userId),
      spotBook: (update) => app.realtime.publishSpot(update),
      leverTrade: app.leverTrade,
    },
  };
  const makerUserId = config.marketMaker ? await ensureMarketMaker(db, market.clock) : undefined;
  const engines = hostEngines(engineDeps, { micro: options.micro, makerUserId, scheduledJobs: jobs });
  for (const name of ENGINES) market.host(engines[name]);
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
    engines,
    engineDeps,
    clock: market.clock,
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
