// Each function returns one ledger transaction's postings; zero legs are left out (the ledger refuses them).
import type { Posting, PostingAccount } from '../ledger';
import type { Settlement } from './formulas';
import type { LeverOrder } from './types';

type Money = Pick<LeverOrder, 'userId' | 'currencyId' | 'marginUnits' | 'feeUnits'>;

const leg = (account: PostingAccount, currencyId: bigint, bucket: Posting['bucket'], deltaUnits: bigint): Posting[] =>
  deltaUnits === 0n ? [] : [{ account, currencyId, bucket, deltaUnits }];

/** Submit: the margin moves from available to frozen in the trader's lever wallet, the fee to `fees`. */
export function openPostings(order: Money): Posting[] {
  const { currencyId, marginUnits, feeUnits } = order;
  const owner = { owner: order.userId };
  return [
    ...leg(owner, currencyId, 'available', -marginUnits),
    ...leg(owner, currencyId, 'frozen', marginUnits),
    ...leg(owner, currencyId, 'available', -feeUnits),
    ...leg({ system: 'fees' }, currencyId, 'available', feeUnits),
  ];
}

/** Cancel of a pending entrust: the exact reverse of its open postings (margin and fee back). */
export function cancelPostings(order: Money): Posting[] {
  return openPostings(order).map((p) => ({ ...p, deltaUnits: -p.deltaUnits }));
}

/**
 * Close: the margin leaves frozen, the payout (margin + PnL, at least 0) lands in available, and
 * `house` takes the difference: it pays a profit, receives a loss, and absorbs any shortfall by
 * receiving only the margin.
 */
export function closePostings(order: Money, settlement: Settlement): Posting[] {
  const { currencyId, marginUnits } = order;
  const owner = { owner: order.userId };
  return [
    ...leg(owner, currencyId, 'frozen', -marginUnits),
    ...leg(owner, currencyId, 'available', settlement.payoutUnits),
    ...leg({ system: 'house' }, currencyId, 'available', marginUnits - settlement.payoutUnits),
  ];
}
