import { feeOf } from '../fee';
import type { Posting } from '../ledger';
import { parseUnits } from '../money';
import type { MicroDirection, MicroLimits, MicroOrder, MicroRejection, PriceTick } from './types';

/** A pair as submission sees it; undefined when `match_id` names no pair. */
export interface MicroPairInfo {
  pairId: bigint;
  /** `open_microtrade` */
  microOpen: boolean;
}

/** A payable currency; undefined when `currency_id` names none. */
export interface MicroCurrencyInfo {
  currencyId: bigint;
  payable: boolean;
  minUnits: bigint;
  maxUnits: bigint;
  /** `micro_trade_fee`, percent in units */
  feePercentUnits: bigint;
}

/** A seconds option; undefined when none has the asked seconds. */
export interface MicroSecondsInfo {
  seconds: number;
  profitRatioPercentUnits: bigint;
  enabled: boolean;
}

/** Everything a submission is judged on, resolved by the server from the request and its tables. */
export interface MicroSubmitInput {
  orderId: bigint;
  userId: bigint;
  direction: MicroDirection;
  /** the request's `number`, a decimal string as sent */
  number: string;
  pair: MicroPairInfo | undefined;
  currency: MicroCurrencyInfo | undefined;
  secondsOption: MicroSecondsInfo | undefined;
  /** the pair's last trade from the feed at or before the opening (`nowMs`) */
  latestTick: PriceTick | undefined;
  /** the user's micro `available` in the currency */
  availableUnits: bigint;
  openOrdersOfUser: number;
}

/**
 * Judges a submission by every rule, in the order a trader would fix them. On acceptance gives the
 * order and the one ledger transaction that pays the fee and freezes the stake. Pure, so a
 * follower can judge a submission without the engine's schedule.
 */
export function checkMicroSubmit(
  input: MicroSubmitInput,
  limits: MicroLimits,
  nowMs: number,
): { order: MicroOrder; postings: Posting[] } | { rejection: MicroRejection } {
  const { pair, currency, secondsOption: option, latestTick: tick } = input;
  if (!pair?.microOpen) return { rejection: 'micro_pair_closed' };
  if (!currency?.payable) return { rejection: 'micro_currency_not_payable' };
  if (!option?.enabled || !Number.isInteger(option.seconds) || option.seconds <= 0) {
    return { rejection: 'micro_seconds_invalid' };
  }
  const parsed = parseUnits(input.number);
  if (!parsed.ok) {
    return { rejection: parsed.reason === 'too_many_decimals' ? 'micro_amount_too_precise' : 'micro_amount_invalid' };
  }
  const numberUnits = parsed.units;
  if (numberUnits <= 0n) return { rejection: 'micro_amount_invalid' };
  if (numberUnits < currency.minUnits) return { rejection: 'micro_amount_below_min' };
  if (numberUnits > currency.maxUnits) return { rejection: 'micro_amount_above_max' };
  if (input.openOrdersOfUser >= limits.openOrdersPerUserMax) return { rejection: 'micro_open_orders_max' };
  // the price at the opening: a trade of this moment or before it (the caller passes the last such), and fresh
  if (!tick || tick.atMs > nowMs || nowMs - tick.atMs > limits.priceStaleAfterMs) return { rejection: 'micro_price_stale' };
  const feeUnits = feeOf(numberUnits, currency.feePercentUnits);
  if (input.availableUnits < numberUnits + feeUnits) return { rejection: 'micro_balance_insufficient' };

  const order: MicroOrder = {
    orderId: input.orderId,
    userId: input.userId,
    pairId: pair.pairId,
    currencyId: currency.currencyId,
    direction: input.direction,
    seconds: option.seconds,
    numberUnits,
    feeUnits,
    profitRatioPercentUnits: option.profitRatioPercentUnits,
    openedAtMs: nowMs,
    expiresAtMs: nowMs + option.seconds * 1000,
    openTick: { priceUnits: tick.priceUnits, atMs: tick.atMs },
  };
  const currencyId = currency.currencyId;
  const owner = { owner: input.userId };
  const postings: Posting[] = [
    { account: owner, currencyId, bucket: 'available', deltaUnits: -(numberUnits + feeUnits) },
    { account: owner, currencyId, bucket: 'frozen', deltaUnits: numberUnits },
  ];
  // A zero fee (rate 0) is no posting: the ledger refuses zero deltas.
  if (feeUnits > 0n) postings.push({ account: { system: 'fees' }, currencyId, bucket: 'available', deltaUnits: feeUnits });
  return { order, postings };
}
