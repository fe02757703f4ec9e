// The order book of one pair: price levels kept sorted in a B+ tree (best price first on each
// side), each level a FIFO queue of orders as a doubly linked list, and every resting order
// indexed by id. Placing at an existing price, cancelling and filling are O(1) apart from
// creating or emptying a level, which is O(log levels).
import { BTree } from '../btree';
import type { SpotOpenOrder, SpotPairRules, SpotSide } from './types';
import { assertPairRules, bandOf } from './rules';

/** An order inside the engine: its persisted state plus its place in a level's queue. */
export class OrderNode implements SpotOpenOrder {
  filledUnits = 0n;
  /** amount less filled; unused (and going below zero) for a market buy by quote */
  remainingUnits: bigint;
  makerQuoteUnits = 0n;
  takerQuoteUnits = 0n;
  feeUnits = 0n;
  level: Level | null = null;
  prev: OrderNode | null = null;
  next: OrderNode | null = null;

  constructor(
    readonly orderId: bigint,
    readonly userId: bigint,
    readonly side: SpotSide,
    /** for a market order, the band's edge: the worst price it may trade at */
    readonly priceUnits: bigint,
    /** for a market buy by quote, 0: only its budget bounds it */
    readonly amountUnits: bigint,
    readonly frozenUnits: bigint,
    readonly makerFeePercentUnits: bigint,
    readonly takerFeePercentUnits: bigint,
    readonly seq: number,
  ) {
    this.remainingUnits = amountUnits;
  }

  /** funds used so far, in the frozen currency */
  get spentUnits(): bigint {
    return this.side === 'sell' ? this.filledUnits : this.makerQuoteUnits + this.takerQuoteUnits + this.feeUnits;
  }

  snapshot(): SpotOpenOrder {
    const { orderId, userId, side, priceUnits, amountUnits, filledUnits, makerQuoteUnits, takerQuoteUnits } = this;
    const { feeUnits, frozenUnits, makerFeePercentUnits, takerFeePercentUnits, seq } = this;
    return {
      orderId,
      userId,
      side,
      priceUnits,
      amountUnits,
      filledUnits,
      makerQuoteUnits,
      takerQuoteUnits,
      feeUnits,
      frozenUnits,
      makerFeePercentUnits,
      takerFeePercentUnits,
      seq,
    };
  }
}

export class Level {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  /** base resting at this price */
  totalUnits = 0n;

  constructor(readonly priceUnits: bigint) {}
}

const ascending = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const descending = (a: bigint, b: bigint) => (a > b ? -1 : a < b ? 1 : 0);

/** One side of the book; its tree's first key is its best price. */
export class BookSide {
  private readonly tree;
  private readonly byPrice = new Map<bigint, Level>();
  /** cached first level of the tree */
  best: Level | null = null;

  constructor(readonly side: SpotSide) {
    this.tree = new BTree<bigint, Level>(undefined, side === 'buy' ? descending : ascending);
  }

  /** true when `a` is a better price than `b` on this side */
  private better(a: bigint, b: bigint): boolean {
    return this.side === 'buy' ? a > b : a < b;
  }

  /** Appends at the back of its price's queue: later orders wait behind earlier ones. */
  append(order: OrderNode): void {
    let level = this.byPrice.get(order.priceUnits);
    if (!level) {
      level = new Level(order.priceUnits);
      this.byPrice.set(order.priceUnits, level);
      this.tree.set(order.priceUnits, level);
      if (!this.best || this.better(order.priceUnits, this.best.priceUnits)) this.best = level;
    }
    order.level = level;
    order.prev = level.tail;
    order.next = null;
    if (level.tail) level.tail.next = order;
    else level.head = order;
    level.tail = order;
    level.totalUnits += order.remainingUnits;
  }

  /** Unlinks an order; drops its level when that empties. */
  remove(order: OrderNode): void {
    const level = order.level!;
    level.totalUnits -= order.remainingUnits;
    if (order.prev) order.prev.next = order.next;
    else level.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else level.tail = order.prev;
    order.level = order.prev = order.next = null;
    if (level.head) return;
    this.byPrice.delete(level.priceUnits);
    this.tree.delete(level.priceUnits);
    if (this.best === level) {
      const key = this.tree.minKey();
      this.best = key === undefined ? null : this.tree.get(key)!;
    }
  }

  /** Levels from the best price outward. */
  *levels(): IterableIterator<Level> {
    for (const [, level] of this.tree.entries()) yield level;
  }

  get levelCount(): number {
    return this.byPrice.size;
  }
}

/** The book of one pair. Change it only through `stepSpot`. */
export class SpotBook {
  readonly bids = new BookSide('buy');
  readonly asks = new BookSide('sell');
  /** resting orders by id, in acceptance order */
  readonly orders = new Map<bigint, OrderNode>();
  indexPriceUnits: bigint | null = null;
  /** the band around the index price, drawn once per index change */
  band: { lowUnits: bigint; highUnits: bigint } | null = null;
  nextSeq = 1;

  constructor(readonly rules: SpotPairRules) {
    assertPairRules(rules);
  }

  setIndexPrice(priceUnits: bigint): void {
    this.indexPriceUnits = priceUnits;
    this.band = bandOf(this.rules, priceUnits);
  }

  sideOf(side: SpotSide): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  /** The resting orders as persisted, in acceptance (time priority) order. */
  openOrders(): SpotOpenOrder[] {
    return [...this.orders.values()].map((order) => order.snapshot());
  }

  /** Aggregated depth, best price first, at most `maxLevels` a side. */
  depth(maxLevels: number): Record<'bids' | 'asks', Array<{ priceUnits: bigint; amountUnits: bigint }>> {
    const take = (side: BookSide) => {
      const rows: Array<{ priceUnits: bigint; amountUnits: bigint }> = [];
      for (const level of side.levels()) {
        if (rows.length >= maxLevels) break;
        rows.push({ priceUnits: level.priceUnits, amountUnits: level.totalUnits });
      }
      return rows;
    };
    return { bids: take(this.bids), asks: take(this.asks) };
  }
}

/** A new empty book; throws RangeError on rules the engine cannot honour. */
export function createSpotBook(rules: SpotPairRules): SpotBook {
  return new SpotBook(rules);
}
