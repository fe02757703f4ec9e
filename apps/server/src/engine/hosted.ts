import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Depth, MarketView, TickEvent, Trade } from '@tidemark/core';
import type { PrivateEvents } from '@tidemark/protocol';
import type { Db } from '../db/database';
import type { LeverTradePusher } from '../modules/lever/push';
import type { AppJobArgs as JobArgs, AppJobValue as JobValue, AppLeaderJobName as LeaderJobName } from '../writer/jobs';
import type { EngineName } from '../wake';

/**
 * A term of this process as the engine leader, and the only way its engines write. Each term has
 * an epoch that only grows (one per process that took the lead); every write made through it
 * proves, inside its own transaction, that its epoch is still the current one, and is refused
 * (LeadLost, nothing written) once another process has taken the lead, even if this one has not
 * noticed yet (it was stalled, or its lock connection was cut).
 */
export interface Lead {
  readonly epoch: bigint;
  /** reads; a write through it is refused (engines write with `write` and `run`) */
  readonly db: Db;
  /** runs `work` in a transaction that first proves the term */
  write<T>(work: (trx: Db) => Promise<T>): Promise<T>;
  /** a leader job (writer/jobs.ts), proving the term inside its transaction */
  run<N extends LeaderJobName>(name: N, args: JobArgs<N>): Promise<JobValue<N>>;
  /**
   * A part of an engine stopped, its state not rebuildable from the database (`scope`: a pair, or
   * the whole engine): logged at error, counted in `tidemark_engine_halted`, named on the console.
   */
  halted(engine: string, scope: string, detail: string): Promise<void>;
  /** that part runs again */
  resumed(engine: string, scope: string): Promise<void>;
}

/**
 * An engine the leader runs beside the price feed: the lever risk book, the micro settler, the
 * spot matcher. Only the leader runs it; every process may place work for it in the database and
 * wake it. Its state lives in the database: `gain` rebuilds it, so a restart or a new leader
 * loses and repeats nothing. It writes only through the Lead it was given.
 */
export interface LeaderEngine {
  /** names the engine in logs, on the console and in wake signals */
  readonly name: EngineName;
  /**
   * This process became the leader: rebuild from the database (through `lead.db`) and catch up on
   * what the price did meanwhile. Runs before the feed's first tick reaches `tick`. A failure
   * stops this engine alone: the others and the feed go on, and it is tried again later.
   */
  gain(lead: Lead): Promise<void>;
  /** every tick of the leader's feed, in order, after the board applied it */
  tick(event: TickEvent): void;
  /**
   * another process (or this one) placed work for the engine: look at the database now; `detail`
   * is what the waker named after the engine's name (`name:detail`): `lever:<order id>` names the
   * order that changed, `spot:settings` says staff changed the market maker's settings
   */
  wake(detail?: string): void;
  /** leadership is lost or the process stops: stop at once, finishing what is in hand */
  lose(): Promise<void>;
  /**
   * Resolves once the engine did what is due at the clock's time and every tick and wake handed
   * in so far: tests wait on it (after driving the clock) instead of sleeping.
   */
  idle(): Promise<void>;
}

/** What an engine tells traders and the market, once its writes committed: the realtime layer's. */
export interface Publish {
  /** an event to every socket of one trader, on whichever process */
  toUser<E extends keyof PrivateEvents>(userId: bigint, event: E, payload: PrivateEvents[E]): void;
  /** false when no socket of the trader can hear a push: what they would be sent is not built */
  listening(userId: bigint): boolean;
  /** a spot pair's book and new fills, to every process's sockets */
  spotBook(update: SpotBookUpdate): void;
  /** `lever_trade`: one trader's figures now, or every position holder's on the ticks (paced) */
  leverTrade: Pick<LeverTradePusher, 'push' | 'tick'>;
}

/**
 * What every engine is built with, the same for each. The database and the job runner reach an
 * engine only through the Lead of its term (`gain`), so that every write it makes is fenced.
 */
export interface EngineDeps {
  clock: Clock;
  log: FastifyBaseLogger;
  /** the live market: prices and pairs as this process sees them */
  market: MarketView;
  publish: Publish;
}

/** The spot matcher's push after each batch: the pair's whole book (best levels) and its new fills. */
export interface SpotBookUpdate {
  pairId: number;
  depth: Depth;
  /** the last fill price, or the index price before the pair ever traded */
  lastPriceUnits: bigint;
  /** newest first */
  trades: Trade[];
}
