/**
 * The baseline: the same matching rules (price-time priority at the maker's price, self-trade
 * prevention cancelling the resting order, fees rounded once per order, market orders bounded
 * by the band) over one plain sorted array per side, best order at the end. Finding a place is
 * a binary search; inserting and cancelling shift the array.
 */
import { UNITS_PER_COIN, bandOf, feeUnitsFor, type SpotCommand, type SpotPairRules, type SpotSide } from '@tidemark/core';

interface NaiveOrder {
  orderId: bigint;
  userId: bigint;
  side: SpotSide;
  priceUnits: bigint;
  remainingUnits: bigint;
  makerQuoteUnits: bigint;
  takerQuoteUnits: bigint;
  feeUnits: bigint;
  seq: number;
}

export interface NaiveFill {
  makerOrderId: bigint;
  takerOrderId: bigint;
  priceUnits: bigint;
  baseUnits: bigint;
  quoteUnits: bigint;
  makerFeeUnits: bigint;
  takerFeeUnits: bigint;
}

export class NaiveBook {
  // bids: price ascending, later first within a price; asks: price descending, later first
  private readonly bids: NaiveOrder[] = [];
  private readonly asks: NaiveOrder[] = [];
  private readonly byId = new Map<bigint, NaiveOrder>();
  private nextSeq = 1;
  indexPriceUnits: bigint | null = null;

  constructor(private readonly rules: SpotPairRules) {}

  get size(): number {
    return this.byId.size;
  }

  /** where `order` belongs (or is) in its side's array */
  private position(list: NaiveOrder[], order: NaiveOrder): number {
    const buy = order.side === 'buy';
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const o = list[mid]!;
      const before =
        o.priceUnits === order.priceUnits ? o.seq > order.seq : buy ? o.priceUnits < order.priceUnits : o.priceUnits > order.priceUnits;
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  apply(command: SpotCommand, fills: NaiveFill[]): boolean {
    if (command.type === 'index') {
      this.indexPriceUnits = command.priceUnits;
      return true;
    }
    if (command.type === 'cancel') {
      const order = this.byId.get(command.orderId);
      if (!order || order.userId !== command.userId) return false;
      this.remove(order);
      return true;
    }
    if (command.type !== 'place' || command.order.kind === 'market_quote') throw new Error('not in the benchmark stream');
    const spec = command.order;
    const band = bandOf(this.rules, this.indexPriceUnits!);
    const limitUnits = spec.kind === 'limit' ? spec.priceUnits : spec.side === 'buy' ? band.highUnits : band.lowUnits;
    const taker: NaiveOrder = {
      orderId: command.orderId,
      userId: command.userId,
      side: spec.side,
      priceUnits: limitUnits,
      remainingUnits: spec.amountUnits,
      makerQuoteUnits: 0n,
      takerQuoteUnits: 0n,
      feeUnits: 0n,
      seq: this.nextSeq++,
    };
    const opposite = spec.side === 'buy' ? this.asks : this.bids;
    while (taker.remainingUnits > 0n && opposite.length > 0) {
      const maker = opposite[opposite.length - 1]!;
      if (spec.side === 'buy' ? maker.priceUnits > limitUnits : maker.priceUnits < limitUnits) break;
      if (maker.userId === taker.userId) {
        opposite.pop();
        this.byId.delete(maker.orderId);
        continue;
      }
      const baseUnits = maker.remainingUnits < taker.remainingUnits ? maker.remainingUnits : taker.remainingUnits;
      const quoteUnits = (maker.priceUnits * baseUnits) / UNITS_PER_COIN;
      const { makerFeePercentUnits: makerRate, takerFeePercentUnits: takerRate } = this.rules;
      const makerFeeUnits = feeUnitsFor(maker.makerQuoteUnits + quoteUnits, maker.takerQuoteUnits, makerRate, takerRate) - maker.feeUnits;
      const takerFeeUnits = feeUnitsFor(taker.makerQuoteUnits, taker.takerQuoteUnits + quoteUnits, makerRate, takerRate) - taker.feeUnits;
      maker.remainingUnits -= baseUnits;
      maker.makerQuoteUnits += quoteUnits;
      maker.feeUnits += makerFeeUnits;
      taker.remainingUnits -= baseUnits;
      taker.takerQuoteUnits += quoteUnits;
      taker.feeUnits += takerFeeUnits;
      fills.push({
        makerOrderId: maker.orderId,
        takerOrderId: taker.orderId,
        priceUnits: maker.priceUnits,
        baseUnits,
        quoteUnits,
        makerFeeUnits,
        takerFeeUnits,
      });
      if (maker.remainingUnits === 0n) {
        opposite.pop();
        this.byId.delete(maker.orderId);
      }
    }
    if (spec.kind === 'limit' && taker.remainingUnits > 0n) {
      const own = spec.side === 'buy' ? this.bids : this.asks;
      own.splice(this.position(own, taker), 0, taker);
      this.byId.set(taker.orderId, taker);
    }
    return true;
  }

  private remove(order: NaiveOrder): void {
    const list = order.side === 'buy' ? this.bids : this.asks;
    list.splice(this.position(list, order), 1);
    this.byId.delete(order.orderId);
  }
}
