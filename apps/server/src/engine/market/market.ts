import { randomInt } from 'node:crypto';
import { limits } from '@tidemark/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, MarketPair, MarketView, PriceFeed, StoredPeriod, TickEvent } from '@tidemark/core';
import { systemClock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { marketPairs } from '../../modules/currency/service';
import { storedBars } from '../../modules/market/service';
import { engineMetrics } from '../../metrics';
import type { JobRunner } from '../../jobs';
import { clearEarlierFaults } from '../../modules/leadership/service';
import { localBus, redisBus, type TickBus } from '../bus';
import type { Lead, LeaderEngine } from '../hosted';
import { parseWake, type Wake } from '../../wake';
import { openLead } from '../lead';
import { advisoryLeadership, soleLeadership, type Leadership } from '../leader';
import { MarketBoard } from './board';
import { exchangeFeed } from './exchange-feed';
import { backfillMissing, exchangeHistory, simHistory, withFallback, type HistorySource } from './history';
import { Recorder } from './recorder';
import { simFeed } from './sim-feed';

export interface MarketOptions {
  /** seed of the simulated market and its back-filled history; random unless given */
  seed?: number;
  clock?: Clock;
  /** simulator step */
  stepMs?: number;
  /** how often the leader writes what it saw */
  flushMs?: number;
  /** how often a follower tries to become the leader */
  leaderRetryMs?: number;
  /** names the Redis channels, so deployments (and test runs) sharing a Redis stay apart */
  redisPrefix?: string;
  /** replaces the feed FEED selects (tests point the exchange feed at a local server) */
  feed?: (pairs: readonly MarketPair[], board: MarketBoard) => PriceFeed;
}

/** The live market: modules see it as a MarketView; the server starts and stops it. */
export interface MarketEngine extends MarketView {
  board: MarketBoard;
  redisPrefix: string;
  isLeader(): boolean;
  /** the current term's Lead while this process leads (tests hand it to an engine they restart) */
  lead(): Lead | undefined;
  /** ms since this process last applied a tick (its feed's or the leader's); undefined before the first */
  feedAgeMs(): number | undefined;
  /** pings the Redis the processes share (readiness); undefined without Redis, or before `start` */
  pingRedis: (() => Promise<unknown>) | undefined;
  /** runs an engine on the leader beside the feed (see LeaderEngine); call before `start` */
  host(engine: LeaderEngine): void;
  /** wakes the named engine on the leader, whichever process this is */
  wake: Wake;
  /**
   * hears every wake signal on this process, leader or not (what keeps a cache of what staff
   * change); a signal sent here is heard at once, and again when the bus brings it back
   */
  onWake(listener: (signal: string) => void): void;
  /**
   * joins leadership (or follows the leader through Redis); `emit` gets every tick this process
   * applies; `jobs` runs the engines' leader jobs (the price record, fills, settlements)
   */
  start(log: FastifyBaseLogger, emit: (event: TickEvent) => void, jobs: JobRunner): Promise<void>;
  /**
   * The leader's chore, run every `flushMs`: write what it saw up to the clock's open second.
   * Resolves when this pass (and any pass before it) is written, so tests run one rather than
   * wait for the timer. Nothing to do on a follower.
   */
  housekeep(): Promise<void>;
  /**
   * Hands leadership over (a graceful stop): the engines finish, the lock is released and the
   * other processes are told through Redis to try for it at once. The bus stays open, so calls
   * still being answered here can wake the new leader's engines.
   */
  resign(): Promise<void>;
  stop(): Promise<void>;
}

/** The wake signal a resigning leader sends: every follower tries for the lock at once. */
const LEADERSHIP_RELEASED = 'leadership-released';

// How much of each stored period the board starts with (see MarketBoard).
const LOAD_MS: Record<StoredPeriod, number> = {
  '1min': 24 * 3600_000,
  '60min': 13 * 3600_000,
  '1day': 32 * 24 * 3600_000,
};

async function loadBoard(db: Db, board: MarketBoard, pairIds: Iterable<number>, nowMs: number): Promise<void> {
  for (const pairId of pairIds) {
    for (const period of ['1min', '60min', '1day'] as const) {
      board.loadBars(pairId, period, await storedBars(db, pairId, period, nowMs - LOAD_MS[period], nowMs, 2000));
    }
  }
}

/** Opens the market: its pairs and the recent history every process's board starts from. */
export async function openMarket(
  db: Db,
  config: Config,
  { pgSchema, ...options }: MarketOptions & { pgSchema?: string | undefined } = {},
): Promise<MarketEngine> {
  const clock = options.clock ?? systemClock;
  const seed = options.seed ?? randomInt(2 ** 31);
  const redisPrefix = options.redisPrefix ?? 'tidemark';
  const pairs = await marketPairs(db);
  const board = new MarketBoard(pairs);
  await loadBoard(db, board, board.pairs().map((p) => p.pairId), clock());

  let leadership: Leadership | undefined;
  let bus: TickBus = localBus();
  let leading = false;
  let lastTickAtMs: number | undefined;
  let feed: PriceFeed | undefined;
  let recorder: Recorder | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let chores: (() => Promise<void>) | undefined;
  let lead: Lead | undefined;
  /** the newest term whose ticks this process has applied: a stalled leader's late ticks are older */
  let newestTerm = 0n;
  const engines: LeaderEngine[] = [];
  /** hosted engines running in this term; one whose gain failed is tried again every `engineRetryMs` */
  const running = new Set<LeaderEngine>();
  const halted = new Set<LeaderEngine>();
  let retryTimer: NodeJS.Timeout | undefined;
  const listeners: ((signal: string) => void)[] = [];
  const hear = (signal: string) => listeners.forEach((listener) => listener(signal));

  const view: MarketView = {
    clock,
    pairs: () => board.pairs(),
    pairBySymbol: (symbol) => board.pairBySymbol(symbol),
    pairByIds: (currencyId, legalId) => board.pairByIds(currencyId, legalId),
    lastPriceUnits: (pairId) => board.lastPriceUnits(pairId),
    recentBars: (pairId, period) => board.recentBars(pairId, period),
    recentTrades: (pairId) => board.recentTrades(pairId),
    lastTradeAt: (pairId, nowMs) => board.lastTradeAt(pairId, nowMs),
    depth: (pairId) => board.depth(pairId),
    dayStats: (pairId, nowMs) => board.dayStats(pairId, nowMs),
  };

  const resign = async () => {
    const wasLeading = leading;
    await leadership?.stop();
    leadership = undefined;
    if (wasLeading) bus.wake(LEADERSHIP_RELEASED);
  };

  /**
   * Starts one hosted engine in the term: one that cannot rebuild its state stops alone, loudly,
   * while the feed and the other engines go on; it is tried again until it starts.
   */
  async function startEngine(engine: LeaderEngine, term: Lead, log: FastifyBaseLogger): Promise<void> {
    try {
      await engine.gain(term);
      running.add(engine);
    } catch (error) {
      await engine.lose().catch(() => undefined);
      if (!halted.has(engine)) {
        halted.add(engine);
        await term.halted(engine.name, 'engine', error instanceof Error ? error.message : String(error)).catch((e: unknown) => log.error({ err: e }, 'engine fault not recorded'));
      }
      return;
    }
    if (halted.delete(engine)) await term.resumed(engine.name, 'engine').catch((e: unknown) => log.error({ err: e }, 'engine fault not cleared'));
  }

  return {
    ...view,
    board,
    redisPrefix,
    isLeader: () => leading,
    lead: () => (leading ? lead : undefined),
    feedAgeMs: () => (lastTickAtMs === undefined ? undefined : clock() - lastTickAtMs),
    get pingRedis() {
      return bus.ping;
    },
    host(engine) {
      if (engines.some((e) => e.name === engine.name)) throw new Error(`engine ${engine.name} hosted twice`);
      engines.push(engine);
    },
    wake: (name) => {
      hear(name);
      bus.wake(name);
    },
    onWake: (listener) => void listeners.push(listener),
    housekeep: async () => chores?.(),
    async start(log, emit, jobs) {
      const onError = (error: unknown) => log.error({ err: error }, 'market engine');
      bus = config.redisUrl ? redisBus(config.redisUrl, redisPrefix, onError) : localBus();
      await bus.subscribe((event, term) => {
        if (leading || term < newestTerm) return;
        newestTerm = term;
        board.apply(event, term);
        lastTickAtMs = clock();
        emit(event);
      });
      await bus.onWake((name) => {
        hear(name);
        if (name === LEADERSHIP_RELEASED) leadership?.tryNow();
        else if (leading) {
          const { engine, detail } = parseWake(name);
          const target = engines.find((e) => e.name === engine);
          if (target && running.has(target)) target.wake(detail);
        }
      });
      const hooks = {
        onError,
        async gain(epoch: bigint) {
          const term = (lead = openLead({ db, jobs, epoch, clock, log, lost: () => leadership?.lost() }));
          newestTerm = epoch;
          // with the exchange feed a fresh install's chart starts from the exchange's real history
          const history: HistorySource =
            config.feed === 'exchange'
              ? withFallback(exchangeHistory({ restUrl: config.exchangeRestUrl }), simHistory(seed), (pair, error) =>
                  log.warn({ err: error, pair: pair.symbol }, 'exchange history unavailable: back-filling a simulated one'),
                )
              : simHistory(seed);
          const filled = await backfillMissing(term, pairs, history, clock());
          await loadBoard(db, board, filled.map((p) => p.pairId), clock());
          await term.write((trx) => clearEarlierFaults(trx, epoch));
          // engines rebuild from the database before the first tick reaches them
          for (const engine of engines) await startEngine(engine, term, log);
          const retry = () => {
            retryTimer = setTimeout(() => {
              void (async () => {
                for (const engine of engines) if (leading && lead === term && !running.has(engine)) await startEngine(engine, term, log);
              })().finally(() => leading && lead === term && retry());
            }, limits.engineRetryMs);
          };
          retry();
          leading = true;
          log.info({ epoch: String(epoch) }, 'this process now runs the market feed');
          const active = (recorder = new Recorder(term, board, clock));
          feed =
            options.feed?.(pairs, board) ??
            (config.feed === 'exchange'
              ? exchangeFeed({ pairs, wsUrl: config.exchangeWsUrl, restUrl: config.exchangeRestUrl, onError })
              : simFeed({ pairs, startPriceUnits: (id) => board.lastPriceUnits(id), seed, clock, stepMs: options.stepMs ?? 250 }));
          await feed.start((event) => {
            const tick = { ...event, seq: board.nextSeq(event.pairId, event.kind) } as TickEvent;
            board.apply(tick, epoch);
            lastTickAtMs = clock();
            active.record(tick);
            bus.publish(tick, epoch);
            emit(tick);
            for (const engine of running) {
              try {
                engine.tick(tick);
              } catch (error) {
                onError(error);
              }
            }
          });
          chores = () => active.flush().catch(onError);
          flushTimer = setInterval(() => void chores?.(), options.flushMs ?? 1000);
        },
        async lose() {
          leading = false;
          clearInterval(flushTimer);
          clearTimeout(retryTimer);
          chores = undefined;
          await feed?.stop();
          for (const engine of running) await engine.lose().catch(onError);
          running.clear();
          halted.clear();
          await recorder?.flush(true).catch(onError);
          feed = undefined;
          recorder = undefined;
          engineMetrics.halted.reset();
        },
      };
      leadership = config.databaseUrl
        ? await advisoryLeadership(config.databaseUrl, pgSchema, options.leaderRetryMs ?? 1000, clock, hooks)
        : await soleLeadership(db, clock, hooks);
    },
    resign,
    async stop() {
      await resign();
      await bus.close();
    },
  };
}
