// The matching engine: one command against one book gives events or a refusal. Unlike the other
// engines' steps, which return a new state, this one mutates the book in place for speed and
// returns that same book as the state; apart from that it is pure (no clock, I/O or randomness),
// so the same commands in the same order give the same events.
import type { Step, StepContext } from '../engine';
import { UNITS_PER_COIN } from '../money';
import { OrderNode, type SpotBook } from './book';
import { checkOrderInBand, feeUnitsFor } from './rules';
import type { SpotCancelReason, SpotCommand, SpotEvent, SpotOpenOrder, SpotRejection } from './types';

const HUNDRED_PERCENT_UNITS = 100n * UNITS_PER_COIN;

/**
 * A step's outcome. `state` is the very book the step was given, changed in place (a refusal
 * changes nothing), so a caller that fails to persist the events must rebuild the book. A refused
 * restore names the order it could not take.
 */
export type SpotStep = { state: SpotBook; events: SpotEvent[] } | { rejection: SpotRejection; orderId?: bigint };

/**
 * Applies one command to the book in place. Refusals change nothing. Matching is price-time
 * priority at the maker's price. Self-trade prevention cancels the resting order and lets the
 * taker go on (the taker never trades with its own user). A market order's unfilled rest is
 * cancelled; a limit order's rest stays on the book until filled or cancelled.
 */
export const stepSpot = ((book: SpotBook, command: SpotCommand, { nowMs }: StepContext): SpotStep => {
  switch (command.type) {
    case 'place':
      return place(book, command, nowMs);
    case 'cancel': {
      const order = book.orders.get(command.orderId);
      // Another user's order answers exactly like a missing one.
      if (!order || order.userId !== command.userId) return { rejection: 'spot_order_not_found' };
      const events: SpotEvent[] = [];
      cancelResting(book, order, 'user', nowMs, events);
      return { state: book, events };
    }
    case 'index':
      if (command.priceUnits <= 0n) return { rejection: 'spot_price_not_positive' };
      book.setIndexPrice(command.priceUnits);
      return { state: book, events: [] };
    case 'restore':
      return restore(book, command.orders, command.nextSeq);
  }
}) satisfies Step<SpotBook, SpotCommand, SpotEvent, SpotRejection>;

function place(book: SpotBook, command: Extract<SpotCommand, { type: 'place' }>, nowMs: number): SpotStep {
  const { rules } = book;
  const { order: spec, orderId, userId, frozenUnits } = command;
  if (book.orders.has(orderId)) return { rejection: 'spot_duplicate_order' };
  const checked = checkOrderInBand(rules, spec, book.band, book.indexPriceUnits);
  if ('rejection' in checked) return checked;
  // A market buy by base froze for the band's top at the index the server saw; if the index has
  // moved since, its frozen funds are a budget instead. A market buy by quote spends at most its
  // quote amount. Limit buys need no budget: what they froze covers their worst case.
  const marketBuyByBase = spec.kind === 'market' && spec.side === 'buy';
  if (marketBuyByBase ? frozenUnits <= 0n : frozenUnits < checked.frozenUnits) return { rejection: 'spot_freeze_short' };
  const budgetUnits = marketBuyByBase ? frozenUnits : spec.kind === 'market_quote' ? spec.quoteUnits : null;

  const band = book.band!;
  const limitUnits = spec.kind === 'limit' ? spec.priceUnits : spec.side === 'buy' ? band.highUnits : band.lowUnits;
  const amountUnits = spec.kind === 'market_quote' ? 0n : spec.amountUnits;
  const seq = book.nextSeq++;
  const taker = new OrderNode(
    orderId,
    userId,
    spec.side,
    limitUnits,
    amountUnits,
    frozenUnits,
    rules.makerFeePercentUnits,
    rules.takerFeePercentUnits,
    seq,
  );
  const events: SpotEvent[] = [
    {
      type: 'accepted',
      orderId,
      userId,
      kind: spec.kind,
      side: spec.side,
      priceUnits: spec.kind === 'limit' ? spec.priceUnits : null,
      amountUnits: spec.kind === 'market_quote' ? null : spec.amountUnits,
      quoteUnits: spec.kind === 'market_quote' ? spec.quoteUnits : null,
      frozenUnits,
      makerFeePercentUnits: taker.makerFeePercentUnits,
      takerFeePercentUnits: taker.takerFeePercentUnits,
      seq,
      atMs: nowMs,
    },
  ];
  const stop = match(book, taker, budgetUnits, spec.kind === 'market_quote', nowMs, events);
  const releasedCurrencyId = spec.side === 'buy' ? rules.quoteCurrencyId : rules.baseCurrencyId;
  // A market buy by quote aims to spend its budget: done once anything traded and the budget stopped it.
  if (stop === 'filled' || (spec.kind === 'market_quote' && stop === 'budget' && taker.filledUnits > 0n)) {
    const releasedUnits = frozenUnits - taker.spentUnits;
    events.push({ type: 'done', orderId, userId, side: spec.side, releasedUnits, releasedCurrencyId, atMs: nowMs });
  } else if (spec.kind === 'limit') {
    book.sideOf(spec.side).append(taker);
    book.orders.set(orderId, taker);
    events.push({
      type: 'rested',
      orderId,
      userId,
      side: spec.side,
      priceUnits: taker.priceUnits,
      remainingUnits: taker.remainingUnits,
      atMs: nowMs,
    });
  } else {
    const remainingUnits = spec.kind === 'market_quote' ? 0n : taker.remainingUnits;
    cancelled(events, taker, stop, remainingUnits, frozenUnits - taker.spentUnits, releasedCurrencyId, nowMs);
  }
  return { state: book, events };
}

function cancelled(
  events: SpotEvent[],
  order: OrderNode,
  reason: SpotCancelReason,
  remainingUnits: bigint,
  releasedUnits: bigint,
  releasedCurrencyId: bigint,
  nowMs: number,
): void {
  const { orderId, userId, side, filledUnits } = order;
  events.push({ type: 'cancelled', orderId, userId, side, reason, remainingUnits, filledUnits, releasedUnits, releasedCurrencyId, atMs: nowMs });
}

function cancelResting(book: SpotBook, order: OrderNode, reason: SpotCancelReason, nowMs: number, events: SpotEvent[]): void {
  book.sideOf(order.side).remove(order);
  book.orders.delete(order.orderId);
  const { rules } = book;
  const currencyId = order.side === 'buy' ? rules.quoteCurrencyId : rules.baseCurrencyId;
  cancelled(events, order, reason, order.remainingUnits, order.frozenUnits - order.spentUnits, currencyId, nowMs);
}

/**
 * How many base units a buying taker can still pay for at `priceUnits`, fee included, out of what
 * is left of its budget, in whole lots. Starts from the fee-free estimate and steps down past the rounding.
 */
function budgetBaseUnits(book: SpotBook, taker: OrderNode, totalBudgetUnits: bigint, priceUnits: bigint): bigint {
  const { lotUnits } = book.rules;
  const budgetUnits = totalBudgetUnits - taker.spentUnits;
  const rate = taker.takerFeePercentUnits;
  let lots = (budgetUnits * HUNDRED_PERCENT_UNITS * UNITS_PER_COIN) / ((HUNDRED_PERCENT_UNITS + rate) * priceUnits * lotUnits);
  // one lot costs at least one unit and the fee rounds up by less than one, so this steps at most twice
  for (; lots > 0n; lots--) {
    const quoteUnits = (priceUnits * lots * lotUnits) / UNITS_PER_COIN;
    const feeAfter = feeUnitsFor(taker.makerQuoteUnits, taker.takerQuoteUnits + quoteUnits, taker.makerFeePercentUnits, rate);
    if (quoteUnits + feeAfter - taker.feeUnits <= budgetUnits) break;
  }
  return lots * lotUnits;
}

/**
 * Takes liquidity from the opposite side while it is at or better than the taker's limit (for a
 * market order, the band's edge). Says why it stopped: filled, nothing more within its limit, or
 * (market buys) no funds for another lot.
 */
function match(
  book: SpotBook,
  taker: OrderNode,
  budgetUnits: bigint | null,
  byQuote: boolean,
  nowMs: number,
  events: SpotEvent[],
): 'filled' | 'no_liquidity' | 'budget' {
  const opposite = book.sideOf(taker.side === 'buy' ? 'sell' : 'buy');
  const buying = taker.side === 'buy';
  for (;;) {
    if (!byQuote && taker.remainingUnits === 0n) return 'filled';
    const level = opposite.best;
    if (!level) return 'no_liquidity';
    const priceUnits = level.priceUnits;
    if (buying ? priceUnits > taker.priceUnits : priceUnits < taker.priceUnits) return 'no_liquidity';
    const maker = level.head!;
    if (maker.userId === taker.userId) {
      cancelResting(book, maker, 'self_trade', nowMs, events);
      continue;
    }
    let baseUnits = maker.remainingUnits;
    if (!byQuote && taker.remainingUnits < baseUnits) baseUnits = taker.remainingUnits;
    if (budgetUnits !== null) {
      const affordableUnits = budgetBaseUnits(book, taker, budgetUnits, priceUnits);
      if (affordableUnits === 0n) return 'budget';
      if (affordableUnits < baseUnits) baseUnits = affordableUnits;
    }
    fill(book, maker, taker, priceUnits, baseUnits, nowMs, events);
  }
}

function fill(
  book: SpotBook,
  maker: OrderNode,
  taker: OrderNode,
  priceUnits: bigint,
  baseUnits: bigint,
  nowMs: number,
  events: SpotEvent[],
): void {
  const quoteUnits = (priceUnits * baseUnits) / UNITS_PER_COIN;
  const makerFeeUnits =
    feeUnitsFor(maker.makerQuoteUnits + quoteUnits, maker.takerQuoteUnits, maker.makerFeePercentUnits, maker.takerFeePercentUnits) -
    maker.feeUnits;
  const takerFeeUnits =
    feeUnitsFor(taker.makerQuoteUnits, taker.takerQuoteUnits + quoteUnits, taker.makerFeePercentUnits, taker.takerFeePercentUnits) -
    taker.feeUnits;
  maker.filledUnits += baseUnits;
  maker.remainingUnits -= baseUnits;
  maker.makerQuoteUnits += quoteUnits;
  maker.feeUnits += makerFeeUnits;
  maker.level!.totalUnits -= baseUnits;
  taker.filledUnits += baseUnits;
  taker.remainingUnits -= baseUnits;
  taker.takerQuoteUnits += quoteUnits;
  taker.feeUnits += takerFeeUnits;
  events.push({
    type: 'fill',
    makerOrderId: maker.orderId,
    makerUserId: maker.userId,
    takerOrderId: taker.orderId,
    takerUserId: taker.userId,
    takerSide: taker.side,
    priceUnits,
    baseUnits,
    quoteUnits,
    makerFeeUnits,
    takerFeeUnits,
    makerFilledUnits: maker.filledUnits,
    atMs: nowMs,
  });
  if (maker.remainingUnits > 0n) return;
  book.sideOf(maker.side).remove(maker);
  book.orders.delete(maker.orderId);
  const { rules } = book;
  events.push({
    type: 'done',
    orderId: maker.orderId,
    userId: maker.userId,
    side: maker.side,
    releasedUnits: maker.frozenUnits - maker.spentUnits,
    releasedCurrencyId: maker.side === 'buy' ? rules.quoteCurrencyId : rules.baseCurrencyId,
    atMs: nowMs,
  });
}

/** Puts persisted open orders back in their original sequence, refusing anything the engine could not have left. */
function restore(book: SpotBook, orders: readonly SpotOpenOrder[], nextSeq: number): SpotStep {
  if (book.orders.size > 0) return { rejection: 'spot_restore_not_empty' };
  const { tickUnits, lotUnits } = book.rules;
  const sorted = [...orders].sort((a, b) => a.seq - b.seq);
  const ids = new Set<bigint>();
  let bestBidUnits = 0n;
  let bestAskUnits: bigint | null = null;
  let lastSeq = 0;
  for (const o of sorted) {
    const remainingUnits = o.amountUnits - o.filledUnits;
    const spentUnits = o.side === 'sell' ? o.filledUnits : o.makerQuoteUnits + o.takerQuoteUnits + o.feeUnits;
    const sound =
      Number.isSafeInteger(o.seq) &&
      o.seq > lastSeq &&
      o.seq < nextSeq &&
      !ids.has(o.orderId) &&
      (o.side === 'buy' || o.side === 'sell') &&
      o.priceUnits > 0n &&
      o.priceUnits % tickUnits === 0n &&
      o.filledUnits >= 0n &&
      remainingUnits > 0n &&
      remainingUnits % lotUnits === 0n &&
      o.makerQuoteUnits >= 0n &&
      o.takerQuoteUnits >= 0n &&
      o.feeUnits === feeUnitsFor(o.makerQuoteUnits, o.takerQuoteUnits, o.makerFeePercentUnits, o.takerFeePercentUnits) &&
      spentUnits <= o.frozenUnits;
    if (!sound) return { rejection: 'spot_restore_invalid', orderId: o.orderId };
    ids.add(o.orderId);
    lastSeq = o.seq;
    if (o.side === 'buy' && o.priceUnits > bestBidUnits) bestBidUnits = o.priceUnits;
    if (o.side === 'sell' && (bestAskUnits === null || o.priceUnits < bestAskUnits)) bestAskUnits = o.priceUnits;
  }
  if (bestAskUnits !== null && bestBidUnits >= bestAskUnits) return { rejection: 'spot_restore_crossed' };
  for (const o of sorted) {
    const node = new OrderNode(
      o.orderId,
      o.userId,
      o.side,
      o.priceUnits,
      o.amountUnits,
      o.frozenUnits,
      o.makerFeePercentUnits,
      o.takerFeePercentUnits,
      o.seq,
    );
    node.filledUnits = o.filledUnits;
    node.remainingUnits = o.amountUnits - o.filledUnits;
    node.makerQuoteUnits = o.makerQuoteUnits;
    node.takerQuoteUnits = o.takerQuoteUnits;
    node.feeUnits = o.feeUnits;
    book.sideOf(o.side).append(node);
    book.orders.set(o.orderId, node);
  }
  book.nextSeq = nextSeq;
  return { state: book, events: [] };
}
