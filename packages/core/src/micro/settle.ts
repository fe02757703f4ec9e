import type { Posting } from '../ledger';
import { percentOf } from '../money';
import { MICRO_PROFIT_RESULT_OF, type MicroDirection, type MicroOrder, type MicroOutcome, type PriceTick } from './types';

/** Decision 3: up wins above the open price, down below it; equal prices are a draw. */
export function microOutcome(direction: MicroDirection, openPriceUnits: bigint, endPriceUnits: bigint): MicroOutcome {
  if (endPriceUnits === openPriceUnits) return 'draw';
  return endPriceUnits > openPriceUnits === (direction === 'up') ? 'win' : 'loss';
}

/** A win's profit: number x profit_ratio / 100, rounded down so the house never pays a fraction more. */
export function microProfitUnits(numberUnits: bigint, profitRatioPercentUnits: bigint): bigint {
  return percentOf(numberUnits, profitRatioPercentUnits, 'down');
}

export interface MicroPayout {
  outcome: MicroOutcome;
  /** returned to the user's available balance: stake + profit, the stake, or nothing */
  payoutUnits: bigint;
  /** the spec's `fact_profits`: profit, 0, or minus the stake */
  factProfitsUnits: bigint;
  /** the spec's `profit_result`: 1, 0, -1 */
  profitResult: 1 | 0 | -1;
}

/** What an order pays given its terms and its open and end prices. */
export function microPayout(
  terms: Pick<MicroOrder, 'direction' | 'numberUnits' | 'profitRatioPercentUnits'>,
  openPriceUnits: bigint,
  endPriceUnits: bigint,
): MicroPayout {
  const outcome = microOutcome(terms.direction, openPriceUnits, endPriceUnits);
  const stake = terms.numberUnits;
  if (outcome === 'draw') return { outcome, payoutUnits: stake, factProfitsUnits: 0n, profitResult: MICRO_PROFIT_RESULT_OF.draw };
  if (outcome === 'loss') return { outcome, payoutUnits: 0n, factProfitsUnits: -stake, profitResult: MICRO_PROFIT_RESULT_OF.loss };
  const profit = microProfitUnits(stake, terms.profitRatioPercentUnits);
  return { outcome, payoutUnits: stake + profit, factProfitsUnits: profit, profitResult: MICRO_PROFIT_RESULT_OF.win };
}

export interface MicroSettlement extends MicroPayout {
  orderId: bigint;
  endTick: PriceTick;
}

/**
 * Settles one order at its end tick: the stake leaves the frozen bucket and the payout goes to
 * available, with `house` paying the profit of a win and taking the stake of a loss. One balanced
 * ledger transaction. Throws if the end tick lies outside the order's life: the price lookup is broken.
 */
const HOUSE = { system: 'house' } as const;

export function settleMicroOrder(
  order: MicroOrder,
  endTick: PriceTick,
): { settlement: MicroSettlement; postings: Posting[] } {
  if (endTick.atMs > order.expiresAtMs || endTick.atMs < order.openTick.atMs) {
    throw new Error(
      `order ${order.orderId}: end tick at ${endTick.atMs} is outside ${order.openTick.atMs}..${order.expiresAtMs}`,
    );
  }
  const payout = microPayout(order, order.openTick.priceUnits, endTick.priceUnits);
  const { currencyId, numberUnits } = order;
  // literals, not a helper's: a settler builds these for every order of a batch
  const owner = { owner: order.userId };
  const postings: Posting[] = [{ account: owner, currencyId, bucket: 'frozen', deltaUnits: -numberUnits }];
  if (payout.payoutUnits > 0n) postings.push({ account: owner, currencyId, bucket: 'available', deltaUnits: payout.payoutUnits });
  // house is the other side of whatever the user gained or lost beyond the stake
  const houseDeltaUnits = numberUnits - payout.payoutUnits;
  if (houseDeltaUnits !== 0n) postings.push({ account: HOUSE, currencyId, bucket: 'available', deltaUnits: houseDeltaUnits });
  const settlement: MicroSettlement = {
    orderId: order.orderId,
    endTick: { priceUnits: endTick.priceUnits, atMs: endTick.atMs },
    outcome: payout.outcome,
    payoutUnits: payout.payoutUnits,
    factProfitsUnits: payout.factProfitsUnits,
    profitResult: payout.profitResult,
  };
  return { settlement, postings };
}
