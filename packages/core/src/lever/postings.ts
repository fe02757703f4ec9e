// Each function returns one ledger transaction's postings; zero legs are left out (the ledger refuses them).
import type { Posting } from '../ledger';
import type { Settlement } from './formulas';
import type { LeverOrder } from './types';

export interface LeverSystemAccounts {
  houseAccountId: bigint;
  feesAccountId: bigint;
}

type Money = Pick<LeverOrder, 'accountId' | 'currencyId' | 'marginUnits' | 'feeUnits'>;

const leg = (accountId: bigint, currencyId: bigint, bucket: Posting['bucket'], deltaUnits: bigint): Posting[] =>
  deltaUnits === 0n ? [] : [{ accountId, currencyId, bucket, deltaUnits }];

/** Submit: the margin moves from available to frozen in the trader's lever wallet, the fee to `fees`. */
export function openPostings(order: Money, system: LeverSystemAccounts): Posting[] {
  const { accountId, currencyId, marginUnits, feeUnits } = order;
  return [
    ...leg(accountId, currencyId, 'available', -marginUnits),
    ...leg(accountId, currencyId, 'frozen', marginUnits),
    ...leg(accountId, currencyId, 'available', -feeUnits),
    ...leg(system.feesAccountId, currencyId, 'available', feeUnits),
  ];
}

/** Cancel of a pending entrust: the exact reverse of its open postings (margin and fee back). */
export function cancelPostings(order: Money, system: LeverSystemAccounts): Posting[] {
  return openPostings(order, system).map((p) => ({ ...p, deltaUnits: -p.deltaUnits }));
}

/**
 * Close: the margin leaves frozen, the payout (margin + PnL, at least 0) lands in available, and
 * `house` takes the difference: it pays a profit, receives a loss, and absorbs any shortfall by
 * receiving only the margin.
 */
export function closePostings(order: Money, settlement: Settlement, system: LeverSystemAccounts): Posting[] {
  const { accountId, currencyId, marginUnits } = order;
  return [
    ...leg(accountId, currencyId, 'frozen', -marginUnits),
    ...leg(accountId, currencyId, 'available', settlement.payoutUnits),
    ...leg(system.houseAccountId, currencyId, 'available', marginUnits - settlement.payoutUnits),
  ];
}
