import type { FastifyBaseLogger } from 'fastify';
import {
  createMicroState,
  dueMicroOrders,
  nextMicroExpiryMs,
  stepMicro,
  type Clock,
  type MicroOrder,
  type MicroState,
  type TickEvent,
} from '@tidemark/core';
import { limits, type TMicroOrderRow } from '@tidemark/protocol';
import { nativeSha256Hex } from '../../hash';
import { microSettleBatch, type Settled } from '../../modules/micro/batch';
import type { MicroTick } from '../../modules/micro/service';
import {
  dueOpenMicroOrders,
  microPairIds,
  microSettledTip,
  openMicroOrders,
  recordedPrices,
  settledOrderRows,
} from '../../modules/micro/service';
import { engineMetrics } from '../../metrics';
import { LeadLost } from '../../db/lead';
import type { EngineDeps, Lead, LeaderEngine } from '../hosted';

export interface MicroSettlerOptions {
  clock: Clock;
  log: FastifyBaseLogger;
  /** sends a settled order to its owner's private room */
  publish: (userId: bigint, row: TMicroOrderRow) => void;
  /** false when no socket of the user can hear a push: their settled orders' rows are not built */
  listening: (userId: bigint) => boolean;
  /** orders settled in one database transaction (each its own ledger transaction inside it) */
  batchSize?: number;
}

/** Open orders a pass takes from the database beyond those it holds (wakes it missed). */
const CATCH_UP_BATCH = 500;

/**
 * Batches handed to the writer and not yet committed, at most: one commits, the next waits, and a
 * third is worked out, so a thread held up a moment (a busy machine) leaves the other work to do.
 */
const BATCHES_IN_FLIGHT = 3;

/** A trade's place in the settler's unwritten trades: the last price of each pair and millisecond. */
const tickKey = (pairId: number | bigint, atMs: number) => `${pairId}:${atMs}`;

/** A batch handed to the writer: the engine's state once it commits, what it settled and the trades it records. */
interface Written {
  committed: Promise<unknown>;
  state: MicroState;
  settled: Settled[];
  ticks: MicroTick[];
}

/**
 * The leader's micro settler. It records every trade of the micro pairs (the price record
 * settlements are judged by), and settles orders once they are due: each at the recorded price
 * at its own expiry, in batches of one database transaction (each order closed only if still
 * open, its payout its own ledger transaction, its record appended in chain order). While the
 * writer commits a batch, the next is worked out from the state that batch leaves; a batch
 * commits only after the chain it follows (the writer checks), and the core's state is adopted
 * only after each commit, so a failure leaves the engine where the database is.
 */
export class MicroSettler implements LeaderEngine {
  readonly name = 'micro';
  private state: MicroState | undefined;
  /**
   * the term it runs in: reads through `lead.db`; the price record and the batches are its jobs
   * (on SQLite the writer thread, so a batch's statements and commit run beside the next one's work)
   */
  private lead: Lead | undefined;
  private active = false;
  /**
   * the pairs whose trades are recorded: those open for micro options (read again on every wake,
   * so a pair staff open is recorded from then on) and those of every order held (a pair closed
   * with orders open still records the prices they settle at)
   */
  private openPairIds = new Set<number>();
  private heldPairIds = new Set<number>();
  /**
   * the latest trade time the feed delivered for each recorded pair since this leader took the
   * lead: a pair's trades arrive in time order, so every trade stamped before it has arrived
   */
  private seenUpToMs = new Map<number, number>();
  /** trades seen but not yet written: the last price of each pair and millisecond */
  private unrecorded = new Map<string, MicroTick>();
  /** the highest order id read: a wake reads the open orders above it (one committed late is taken when due) */
  private readUpToId = 0n;
  /**
   * the latest expiry this leader settled: a trade stamped at or before it that arrives only now
   * (a slow bus) stays out of the record, or the record would contradict a settlement made
   */
  private finalUpToMs = Number.NEGATIVE_INFINITY;
  private reloadWanted = false;
  private queued = false;
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: MicroSettlerOptions) {}

  async gain(lead: Lead): Promise<void> {
    this.lead = lead;
    await this.readPairs();
    await this.rebuild();
    this.active = true;
    this.timer = setInterval(() => this.kick(), limits.microSettleIntervalMs);
    // orders that fell due while no leader ran settle now, at their recorded end prices
    await this.idle();
  }

  tick(event: TickEvent): void {
    if (!this.active || event.kind !== 'trades' || !(this.openPairIds.has(event.pairId) || this.heldPairIds.has(event.pairId))) return;
    for (const trade of event.trades) {
      if (!this.recordable(event.pairId, trade.timeMs)) continue;
      this.unrecorded.set(tickKey(event.pairId, trade.timeMs), { pairId: BigInt(event.pairId), atMs: trade.timeMs, priceUnits: trade.priceUnits });
      this.seenUpToMs.set(event.pairId, Math.max(this.seenUpToMs.get(event.pairId) ?? Number.NEGATIVE_INFINITY, trade.timeMs));
    }
    const next = this.state && nextMicroExpiryMs(this.state.schedule);
    if (next !== undefined && next <= this.horizonMs()) this.kick();
  }

  wake(): void {
    this.reloadWanted = true;
    this.kick();
  }

  async lose(): Promise<void> {
    this.active = false;
    clearInterval(this.timer);
    await this.running;
    this.state = undefined;
    this.seenUpToMs.clear();
  }

  /** Runs a pass now and resolves when it (and any before it) is done: tests and tools wait on it. */
  idle(): Promise<void> {
    this.queued = false;
    this.running = this.running.then(() => this.pass());
    return this.running;
  }

  /**
   * False for a trade stamped at or before a settled expiry: checked when it arrives and again
   * when it is written, since one that arrived during a pass may be settled by that pass.
   */
  private recordable(pairId: number | bigint, timeMs: number): boolean {
    if (timeMs > this.finalUpToMs) return true;
    this.options.log.warn({ pairId: Number(pairId), timeMs, finalUpToMs: this.finalUpToMs }, 'micro settler: a trade arrived after its time was settled; not recorded');
    return false;
  }

  /**
   * The time up to which prices are final: every trade stamped at or before it has arrived. That
   * holds once the feed delivered a later trade of every recorded pair (each pair's trades come in
   * time order; one of the same millisecond may still follow), or else once the lag for trades in
   * flight has passed. Never past now: an order settles only once it has expired.
   */
  private horizonMs(): number {
    const now = this.options.clock();
    let passed = Number.POSITIVE_INFINITY;
    for (const pairIds of [this.openPairIds, this.heldPairIds]) {
      for (const pairId of pairIds) passed = Math.min(passed, (this.seenUpToMs.get(pairId) ?? Number.NEGATIVE_INFINITY) - 1);
    }
    return Math.min(now, Math.max(now - limits.microSettleLagMs, passed));
  }

  private kick(): void {
    if (this.queued || !this.active) return;
    this.queued = true;
    this.running = this.running.then(() => {
      this.queued = false;
      return this.pass();
    });
  }

  private async readPairs(): Promise<void> {
    this.openPairIds = new Set((await microPairIds(this.lead!.db)).map(Number));
  }

  private async rebuild(): Promise<void> {
    const { db } = this.lead!;
    this.heldPairIds.clear();
    this.readUpToId = 0n;
    const { tip, settledUpToMs } = await microSettledTip(db);
    // another leader may have settled since this one last did, without the trades this one saw but
    // had not written when its term ended: what it judged is final here too
    this.finalUpToMs = Math.max(this.finalUpToMs, settledUpToMs);
    this.state = createMicroState({ openOrdersPerUserMax: limits.microOpenOrdersPerUserMax, priceStaleAfterMs: limits.microPriceStaleAfterMs }, tip);
    this.restore(await openMicroOrders(db));
  }

  private restore(orders: MicroOrder[]): void {
    if (!this.state || orders.length === 0) return;
    for (const order of orders) {
      this.heldPairIds.add(Number(order.pairId));
      if (order.orderId > this.readUpToId) this.readUpToId = order.orderId;
    }
    const step = stepMicro(this.state, { type: 'restore', orders }, { nowMs: this.options.clock() });
    if ('rejection' in step) this.options.log.error({ rejection: step.rejection }, 'micro settler: stored open orders refused');
    else this.state = step.state;
  }

  private async pass(): Promise<void> {
    if (!this.active || !this.state) return;
    const { log } = this.options;
    const { db } = this.lead!;
    try {
      // the horizon is taken with the ticks it is judged by: a pass that waits on the database
      // while the clock moves on must not settle on ticks that arrived after these were taken
      const horizonMs = this.horizonMs();
      const written = this.takeUnrecorded();
      try {
        // as a job: on SQLite the writer thread writes, not the thread serving HTTP
        if (written.length > 0) await this.lead!.run('recordMicroTicks', { ticks: written });
      } catch (error) {
        // no settlement on a price record with a hole: keep them for the next pass
        this.keepUnrecorded(written);
        throw error;
      }
      if (this.reloadWanted) {
        this.reloadWanted = false;
        await this.readPairs();
        this.restore(await openMicroOrders(db, this.readUpToId));
      }
      this.restore(await dueOpenMicroOrders(db, horizonMs, CATCH_UP_BATCH));
      await this.settleDue(horizonMs);
    } catch (error) {
      // another process leads now: nothing was written, and this one stops (see Lead)
      if (error instanceof LeadLost) return;
      log.error({ err: error }, 'micro settler pass failed: rebuilding from the database');
      await this.rebuild().catch((e: unknown) => log.error({ err: e }, 'micro settler rebuild failed'));
    }
  }

  /** The trades seen and not yet written that may still be recorded; the settler no longer holds them. */
  private takeUnrecorded(): MicroTick[] {
    const ticks = [...this.unrecorded.values()].filter((t) => this.recordable(t.pairId, t.atMs));
    this.unrecorded.clear();
    return ticks;
  }

  /** Takes back trades whose write failed, unless a later trade of the same millisecond came meanwhile. */
  private keepUnrecorded(ticks: readonly MicroTick[]): void {
    for (const t of ticks) {
      const key = tickKey(t.pairId, t.atMs);
      if (!this.unrecorded.has(key)) this.unrecorded.set(key, t);
    }
  }

  private async settleDue(firstHorizonMs: number): Promise<void> {
    const { clock } = this.options;
    const lead = this.lead!;
    const batchSize = this.options.batchSize ?? limits.microSettleBatchMax;
    const inFlight: Written[] = [];
    const pushes: Promise<void>[] = [];
    let horizonMs = firstHorizonMs;
    // trades taken since the pass began: the next batch records them, and until it commits the
    // prices are looked up in them too
    let carried: MicroTick[] = [];
    const unwritten: MicroTick[] = [];
    try {
      // the state the batches handed over leave, ahead of the committed one
      let state = this.state;
      while (this.active && state) {
        let due = dueMicroOrders(state.schedule, horizonMs, batchSize);
        if (due.length === 0) {
          // prices went final while these batches were written: with a whole batch due, settle on
          // at once (the writer kept busy), not after this pass ends and the next starts
          if (inFlight.length === 0) break;
          const nextMs = this.horizonMs();
          due = dueMicroOrders(state.schedule, nextMs, batchSize);
          if (due.length < batchSize) break;
          const taken = this.takeUnrecorded();
          carried.push(...taken);
          unwritten.push(...taken);
          horizonMs = nextMs;
        }
        const priceAt = await recordedPrices(lead.db, due.map((o) => ({ pairId: o.pairId, atMs: o.expiresAtMs })), unwritten);
        const step = stepMicro(state, { type: 'settleDue', priceAt, limit: batchSize, hash: nativeSha256Hex }, { nowMs: horizonMs });
        if ('rejection' in step) throw new Error(`settleDue refused: ${step.rejection}`);
        const settled = step.events.filter((e) => e.type === 'settled');
        // the open tick is recorded with the order, so an end price is always found: a miss is a broken record
        const missing = step.events.find((e) => e.type === 'price_missing');
        if (missing) throw new Error(`micro order ${missing.orderId}: no recorded price at its expiry`);
        const batch = microSettleBatch(settled, state.chainTip);
        const committed = lead.run('microSettle', { batch, ticks: carried, nowMs: clock() });
        // its failure is met in turn, below
        committed.catch(() => undefined);
        inFlight.push({ committed, state: step.state, settled, ticks: carried });
        carried = [];
        state = step.state;
        if (inFlight.length >= BATCHES_IN_FLIGHT) await this.landed(inFlight.shift()!, pushes);
      }
      while (inFlight.length > 0) await this.landed(inFlight.shift()!, pushes);
    } finally {
      // after a failure, the batches handed over end before the caller rebuilds from the database:
      // those that committed are taken in (their expiries are final); any after a failed one is
      // refused, since it follows it
      for (const written of inFlight) await this.landed(written, pushes).catch(() => undefined);
      this.keepUnrecorded(carried);
      await Promise.allSettled(pushes);
    }
  }

  /** Adopts a batch's state once it committed, and starts the push of its closed orders (added to `pushes`). */
  private async landed({ committed, state, settled, ticks }: Written, pushes: Promise<void>[]): Promise<void> {
    const { clock, publish, listening, log } = this.options;
    const { db } = this.lead!;
    try {
      await committed;
    } catch (error) {
      // the trades it carried are written by a later pass, before any settlement on them
      this.keepUnrecorded(ticks);
      throw error;
    }
    this.state = state;
    for (const e of settled) {
      engineMetrics.settlementDelay.observe(Math.max(0, clock() - e.order.expiresAtMs) / 1000);
      this.finalUpToMs = Math.max(this.finalUpToMs, e.order.expiresAtMs);
    }
    const heard = settled.filter((e) => listening(e.order.userId));
    pushes.push(
      settledOrderRows(db, heard).then(
        (rows) => rows.forEach(({ userId, row }) => publish(userId, row)),
        (error: unknown) => log.error({ err: error }, 'micro settler: closed orders not pushed'),
      ),
    );
  }
}

/** The micro settler as the leader hosts it: each settled order goes to its owner, with the wallet change. */
export function microEngine({ clock, log, publish }: EngineDeps, options: Pick<MicroSettlerOptions, 'batchSize'> = {}): MicroSettler {
  return new MicroSettler({
    ...options,
    clock,
    log,
    publish: (userId, row) => {
      const to = Number(userId);
      publish.toUser(userId, 'closed_microorder', { type: 'closed_microorder', to, data: row });
      // the stake and payout moved: wallet views reload on the event they already follow
      publish.toUser(userId, 'afterCoinTrade', { type: 'afterCoinTrade', to, wallet: 'micro', currency_id: row.currency_id, match_id: row.match_id, order_id: row.id });
    },
    listening: (userId) => publish.listening(userId),
  });
}
