// What the engine's events mean for the ledger: each returns one transaction's postings, with
// zero legs left out (the ledger refuses them) and every leg inside the users' `change` wallets
// or the `fees` system account.
import type { Posting } from '../ledger';
import type { SpotCancelledEvent, SpotDoneEvent, SpotFillEvent, SpotPairRules, SpotSide } from './types';

/** Resolves ledger account ids; the server backs it with its account table. */
export interface SpotAccounts {
  /** the user's `change` (spot) wallet account in a currency */
  change(userId: bigint, currencyId: bigint): bigint;
  /** the `fees` system account in a currency */
  fees(currencyId: bigint): bigint;
}

const nonZero = (postings: Posting[]): Posting[] => postings.filter((p) => p.deltaUnits !== 0n);

/**
 * One fill: the seller's base leaves frozen funds for the buyer's available; the buyer's quote
 * (value plus its fee) leaves frozen funds for the seller's available (value less its fee); both
 * fees go to `fees`. Fees are in the quote currency.
 */
export function fillPostings(rules: SpotPairRules, fill: SpotFillEvent, accounts: SpotAccounts): Posting[] {
  const takerBuys = fill.takerSide === 'buy';
  const buyerUserId = takerBuys ? fill.takerUserId : fill.makerUserId;
  const sellerUserId = takerBuys ? fill.makerUserId : fill.takerUserId;
  const buyerFeeUnits = takerBuys ? fill.takerFeeUnits : fill.makerFeeUnits;
  const sellerFeeUnits = takerBuys ? fill.makerFeeUnits : fill.takerFeeUnits;
  const base = rules.baseCurrencyId;
  const quote = rules.quoteCurrencyId;
  return nonZero([
    { accountId: accounts.change(sellerUserId, base), currencyId: base, bucket: 'frozen', deltaUnits: -fill.baseUnits },
    { accountId: accounts.change(buyerUserId, base), currencyId: base, bucket: 'available', deltaUnits: fill.baseUnits },
    {
      accountId: accounts.change(buyerUserId, quote),
      currencyId: quote,
      bucket: 'frozen',
      deltaUnits: -(fill.quoteUnits + buyerFeeUnits),
    },
    {
      accountId: accounts.change(sellerUserId, quote),
      currencyId: quote,
      bucket: 'available',
      deltaUnits: fill.quoteUnits - sellerFeeUnits,
    },
    { accountId: accounts.fees(quote), currencyId: quote, bucket: 'available', deltaUnits: buyerFeeUnits + sellerFeeUnits },
  ]);
}

/** Placing an order: `frozenUnits` (from `checkSpotSubmit`) move from available to frozen, quote for a buy, base for a sell. */
export function freezePostings(
  rules: SpotPairRules,
  userId: bigint,
  side: SpotSide,
  frozenUnits: bigint,
  accounts: SpotAccounts,
): Posting[] {
  const currencyId = side === 'buy' ? rules.quoteCurrencyId : rules.baseCurrencyId;
  const accountId = accounts.change(userId, currencyId);
  return nonZero([
    { accountId, currencyId, bucket: 'available', deltaUnits: -frozenUnits },
    { accountId, currencyId, bucket: 'frozen', deltaUnits: frozenUnits },
  ]);
}

/** An order's end: what it did not use goes back from frozen to available (empty when nothing is left). */
export function releasePostings(event: SpotCancelledEvent | SpotDoneEvent, accounts: SpotAccounts): Posting[] {
  const { userId, releasedCurrencyId: currencyId, releasedUnits } = event;
  const accountId = accounts.change(userId, currencyId);
  return nonZero([
    { accountId, currencyId, bucket: 'frozen', deltaUnits: -releasedUnits },
    { accountId, currencyId, bucket: 'available', deltaUnits: releasedUnits },
  ]);
}
