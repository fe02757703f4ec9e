import type { FastifyInstance } from 'fastify';
import type { Clock } from '@tidemark/core';
import { buildApp, type AppDeps } from './app';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { openMarket, type MarketEngine, type MarketOptions } from './engine/market/market';
// micro options
import { MicroSettler } from './engine/micro/settler';
import { bootstrapAccounts, ensureMarketMaker } from './modules/bootstrap/service';
// lever
import { leverEngine, type LeverEngine } from './engine/lever/lever-engine';
// spot
import { spotEngine, type SpotEngine } from './engine/spot/spot';

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
  url: string;
  close(): Promise<void>;
}

/** Opens the database, migrates and seeds it, and listens: the whole product in one process. */
export async function startServer(
  config: Config,
  options: Pick<AppDeps, 'logger' | 'extraRoutes' | 'mailer'> & { pgSchema?: string; market?: MarketOptions } = {},
): Promise<RunningServer> {
  const db = openDatabase({ ...config, ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}) });
  await migrate(db, options.pgSchema);
  await seed(db);
  const market = await openMarket(db, config, { ...options.market, pgSchema: options.pgSchema });
  const app = await buildApp({ db, config, ...options, market, clock: market.clock });
  await bootstrapAccounts(db, config, app.log, market.clock);
  // micro options
  const micro = new MicroSettler({
    db,
    clock: market.clock,
    log: app.log,
    publish: (userId, row) => app.realtime.publishPrivate(userId, 'closed_microorder', { type: 'closed_microorder', to: Number(userId), data: row }),
  });
  market.host(micro);
  // lever
  const lever = leverEngine(db, market.clock, () => app.log);
  market.host(lever);
  // spot
  const spot = spotEngine({
    db,
    market,
    clock: market.clock,
    log: app.log,
    notify: (userId, event) => app.realtime.publishPrivate(userId, 'afterCoinTrade', event),
    publish: (update) => app.realtime.publishSpot(update),
    makerUserId: config.marketMaker ? await ensureMarketMaker(db, market.clock) : undefined,
  });
  market.host(spot);
  // before listening, so a fresh install answers its first chart request with history
  await market.start(app.log, (tick) => app.realtime.publishMarket(tick));
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
    url: `http://127.0.0.1:${port}`,
    async close() {
      await market.stop();
      await app.close();
      await db.destroy();
    },
  };
}
