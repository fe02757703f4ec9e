import type { FastifyBaseLogger } from 'fastify';
import { makerLadder, quoteKey, type SpotBook, type SpotCommand, type SpotMakerConfig } from '@tidemark/core';
import { limits, type SpotOrderStatus } from '@tidemark/protocol';
import { Rejection } from '../../rejection';
import { liveOrdersOf, makerConfigs, placeCommand } from '../../modules/spot/service';
import type { Lead } from '../hosted';

interface PairQuotes {
  config: SpotMakerConfig;
  /** the resting quotes by their place on the ladder, and back */
  orderByKey: Map<string, bigint>;
  keyByOrder: Map<bigint, string>;
  /** the ladder's best bid and ask when last quoted: a tick that moves them asks for a re-quote */
  quotedTop: string | null;
  dirty: boolean;
  quotedAtMs: number;
}

/** What the maker needs of the matcher: the pair's book and a way to run a command through it. */
export interface MakerHost {
  book(pairId: bigint): { book: SpotBook; currencyId: bigint; legalId: bigint } | undefined;
  run(pairId: bigint, command: SpotCommand): Promise<void>;
}

/**
 * The market maker: quotes each configured pair's ladder (core's `makerLadder`) around the index
 * from its own account, through `submitOrder` (the `spotQuote` job) (funds frozen through the ledger, within its balance)
 * and the matcher (the same engine as every trader). A tick costs one ladder per pair, never a
 * look at the book's orders; a re-quote cancels the rungs that left the ladder and places the
 * missing ones, at most once per `limits.spotMakerRequoteMs` a pair, and also after its quotes filled.
 */
export class MarketMaker {
  private readonly pairs = new Map<bigint, PairQuotes>();
  /** pair and side it could not quote in full, so the warning is logged once until it quotes again */
  private readonly short = new Set<string>();

  private lead: Lead | undefined;

  constructor(
    private readonly userId: bigint,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Loads the settings and the quotes resting from before (the matcher's `gain`); quotes through `lead`. */
  async gain(lead: Lead): Promise<void> {
    this.lead = lead;
    this.pairs.clear();
    await this.load();
  }

  /**
   * Staff changed the settings: a pair taken off has its quotes cancelled, every other pair
   * re-quotes with its new settings at once (the rungs that left the ladder are cancelled then).
   */
  async reconfigure(host: MakerHost): Promise<void> {
    const before = new Map(this.pairs);
    this.pairs.clear();
    await this.load();
    for (const [pairId, quotes] of before) {
      if (this.pairs.has(pairId)) continue;
      for (const orderId of quotes.keyByOrder.keys()) await host.run(pairId, { type: 'cancel', orderId, userId: this.userId });
    }
  }

  /** The active pairs' settings and the quotes resting on them, each pair due for a re-quote. */
  private async load(): Promise<void> {
    const db = this.lead!.db;
    for (const row of await makerConfigs(db)) {
      this.pairs.set(row.pair_id, {
        config: {
          levels: Number(row.levels),
          spreadPercentUnits: row.spread_percent_units,
          stepPercentUnits: row.step_percent_units,
          sizeUnits: row.size_units,
        },
        orderByKey: new Map(),
        keyByOrder: new Map(),
        quotedTop: null,
        dirty: true,
        quotedAtMs: -Infinity,
      });
    }
    for (const order of await liveOrdersOf(db, this.userId)) {
      const quotes = this.pairs.get(order.pair_id);
      if (!quotes || order.price_units === null || order.amount_units === null) continue;
      const key = quoteKey({ side: order.side, priceUnits: order.price_units, amountUnits: order.amount_units });
      quotes.orderByKey.set(key, order.id);
      quotes.keyByOrder.set(order.id, key);
    }
  }

  isMaker(userId: bigint): boolean {
    return userId === this.userId;
  }

  /** A tick moved the pair's index: true when a re-quote is due (the ladder's top moved or quotes ended) and allowed now. */
  indexMoved(pairId: bigint, book: SpotBook, nowMs: number): boolean {
    const quotes = this.pairs.get(pairId);
    if (!quotes || book.indexPriceUnits === null) return false;
    if (quotes.quotedTop !== topOf(makerLadder(book.rules, quotes.config, book.indexPriceUnits))) quotes.dirty = true;
    return quotes.dirty && nowMs - quotes.quotedAtMs >= limits.spotMakerRequoteMs;
  }

  /** One of its quotes ended (filled, or cancelled by the matcher): it is replaced at the next re-quote. */
  ended(pairId: bigint, orderId: bigint, status: SpotOrderStatus): void {
    const quotes = this.pairs.get(pairId);
    const key = quotes?.keyByOrder.get(orderId);
    if (!quotes || key === undefined || (status !== 'filled' && status !== 'cancelled')) return;
    quotes.keyByOrder.delete(orderId);
    quotes.orderByKey.delete(key);
    quotes.dirty = true;
  }

  /** Re-quotes every pair that asks for it and is not throttled. */
  async requote(host: MakerHost, nowMs: number, indexPriceOf: (pairId: bigint) => bigint | null, active: () => boolean): Promise<void> {
    for (const [pairId, quotes] of this.pairs) {
      if (!active()) return;
      if (!quotes.dirty || nowMs - quotes.quotedAtMs < limits.spotMakerRequoteMs) continue;
      const pair = host.book(pairId);
      const indexPriceUnits = pair?.book.indexPriceUnits;
      if (!pair || indexPriceUnits === null || indexPriceUnits === undefined) continue;
      quotes.dirty = false;
      quotes.quotedAtMs = nowMs;
      const ladder = makerLadder(pair.book.rules, quotes.config, indexPriceUnits);
      quotes.quotedTop = topOf(ladder);
      const wanted = new Set(ladder.map(quoteKey));
      for (const [key, orderId] of quotes.orderByKey) {
        if (wanted.has(key)) continue;
        quotes.orderByKey.delete(key);
        quotes.keyByOrder.delete(orderId);
        await host.run(pairId, { type: 'cancel', orderId, userId: this.userId });
      }
      const short = new Set<string>();
      for (const quote of ladder) {
        const key = quoteKey(quote);
        const sideKey = `${pairId}:${quote.side}`;
        if (quotes.orderByKey.has(key) || short.has(quote.side)) continue;
        let order;
        try {
          const lead = this.lead!;
          order = await lead.run('spotQuote', {
            input: {
              userId: this.userId,
              currencyId: pair.currencyId,
              legalId: pair.legalId,
              side: quote.side,
              market: false,
              priceUnits: quote.priceUnits,
              amountUnits: quote.amountUnits,
              totalUnits: undefined,
            },
            indexPriceUnits: indexPriceOf(pairId),
            nowMs,
          });
        } catch (error) {
          if (!(error instanceof Rejection)) throw error;
          // out of funds (or orders) on this side: quote what it can, and say so once
          short.add(quote.side);
          if (!this.short.has(sideKey)) this.log.warn({ pairId: String(pairId), side: quote.side, code: error.code }, 'market maker cannot quote this side in full');
          this.short.add(sideKey);
          continue;
        }
        quotes.orderByKey.set(key, order.id);
        quotes.keyByOrder.set(order.id, key);
        await host.run(pairId, placeCommand(order));
      }
      for (const side of ['buy', 'sell'] as const) if (!short.has(side)) this.short.delete(`${pairId}:${side}`);
    }
  }
}

const topOf = (ladder: ReturnType<typeof makerLadder>) =>
  `${ladder.find((q) => q.side === 'buy')?.priceUnits ?? ''}/${ladder.find((q) => q.side === 'sell')?.priceUnits ?? ''}`;
