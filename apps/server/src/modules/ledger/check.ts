import { findLedgerProblems } from '@tidemark/core';
import type { Db } from '../../db/database';
import { selectForeignEntries, selectSuspectAccounts, selectUnbalancedTxns } from './queries';

/**
 * Proves the ledger for the whole database: every txn sums to zero per currency, every
 * account's balance equals the sum of its postings, no user balance is negative, and every
 * posting is in its account's currency. Returns the problems found (empty when sound). The
 * queries return only suspect rows, so a sound ledger costs one pass and no transfer.
 */
export async function checkLedger(db: Db): Promise<string[]> {
  const unbalanced = await selectUnbalancedTxns(db);
  const accounts = await selectSuspectAccounts(db);
  const foreign = await selectForeignEntries(db);
  return [
    ...findLedgerProblems({
      txns: unbalanced.map((r) => ({
        txnId: r.txn_id,
        sumsByCurrency: [{ currencyId: r.currency_id, sumUnits: BigInt(r.sum_units) }],
      })),
      accounts: accounts.map((a) => ({
        accountId: a.id,
        availableUnits: a.available_units,
        frozenUnits: a.frozen_units,
        postedAvailableUnits: BigInt(a.posted_available),
        postedFrozenUnits: BigInt(a.posted_frozen),
        allowNegative: a.allow_negative === 1n,
      })),
    }),
    ...foreign.map((e) => `entry ${e.id} of txn ${e.txn_id} is not in the currency of account ${e.account_id}`),
  ];
}
