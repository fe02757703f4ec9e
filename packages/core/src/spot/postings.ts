// What the engine's events mean for the ledger: each returns one transaction's postings, with
// zero legs left out (the ledger refuses them) and every leg the owners' (their `change` wallets,
// the server books them to) or the `fees` system account's.
import type { Posting, PostingAccount } from '../ledger';
import type { SpotCancelledEvent, SpotDoneEvent, SpotFillEvent, SpotPairRules, SpotSide } from './types';

const nonZero = (postings: Posting[]): Posting[] => postings.filter((p) => p.deltaUnits !== 0n);

const owner = (userId: bigint): PostingAccount => ({ owner: userId });
const FEES: PostingAccount = { system: 'fees' };

/**
 * One fill: the seller's base leaves frozen funds for the buyer's available; the buyer's quote
 * (value plus its fee) leaves frozen funds for the seller's available (value less its fee); both
 * fees go to `fees`. Fees are in the quote currency.
 */
export function fillPostings(rules: SpotPairRules, fill: SpotFillEvent): Posting[] {
  const takerBuys = fill.takerSide === 'buy';
  const buyerUserId = takerBuys ? fill.takerUserId : fill.makerUserId;
  const sellerUserId = takerBuys ? fill.makerUserId : fill.takerUserId;
  const buyerFeeUnits = takerBuys ? fill.takerFeeUnits : fill.makerFeeUnits;
  const sellerFeeUnits = takerBuys ? fill.makerFeeUnits : fill.takerFeeUnits;
  const base = rules.baseCurrencyId;
  const quote = rules.quoteCurrencyId;
  return nonZero([
    { account: owner(sellerUserId), currencyId: base, bucket: 'frozen', deltaUnits: -fill.baseUnits },
    { account: owner(buyerUserId), currencyId: base, bucket: 'available', deltaUnits: fill.baseUnits },
    {
      account: owner(buyerUserId),
      currencyId: quote,
      bucket: 'frozen',
      deltaUnits: -(fill.quoteUnits + buyerFeeUnits),
    },
    {
      account: owner(sellerUserId),
      currencyId: quote,
      bucket: 'available',
      deltaUnits: fill.quoteUnits - sellerFeeUnits,
    },
    { account: FEES, currencyId: quote, bucket: 'available', deltaUnits: buyerFeeUnits + sellerFeeUnits },
  ]);
}

/** Placing an order: `frozenUnits` (from `checkSpotSubmit`) move from available to frozen, quote for a buy, base for a sell. */
export function freezePostings(
  rules: SpotPairRules,
  userId: bigint,
  side: SpotSide,
  frozenUnits: bigint,
): Posting[] {
  const currencyId = side === 'buy' ? rules.quoteCurrencyId : rules.baseCurrencyId;
  const account = owner(userId);
  return nonZero([
    { account, currencyId, bucket: 'available', deltaUnits: -frozenUnits },
    { account, currencyId, bucket: 'frozen', deltaUnits: frozenUnits },
  ]);
}

/** An order's end: what it did not use goes back from frozen to available (empty when nothing is left). */
export function releasePostings(event: SpotCancelledEvent | SpotDoneEvent): Posting[] {
  const { userId, releasedCurrencyId: currencyId, releasedUnits } = event;
  const account = owner(userId);
  return nonZero([
    { account, currencyId, bucket: 'frozen', deltaUnits: -releasedUnits },
    { account, currencyId, bucket: 'available', deltaUnits: releasedUnits },
  ]);
}
