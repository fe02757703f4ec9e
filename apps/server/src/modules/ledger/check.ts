import { sql } from 'kysely';
import { findLedgerProblems } from '@tidemark/core';
import type { Db } from '../../db/database';

/**
 * Proves the ledger for the whole database: every txn sums to zero per currency, every
 * account's balance equals the sum of its postings, no user balance is negative, and every
 * posting is in its account's currency. Returns the problems found (empty when sound). The
 * queries return only suspect rows, so a sound ledger costs one pass and no transfer.
 */
export async function checkLedger(db: Db): Promise<string[]> {
  const unbalanced = await db
    .selectFrom('ledger_entry')
    .select(['txn_id', 'currency_id', sql<bigint>`cast(sum(delta_units) as bigint)`.as('sum_units')])
    .groupBy(['txn_id', 'currency_id'])
    .having(sql`sum(delta_units)`, '<>', 0)
    .execute();

  const posted = db
    .selectFrom('ledger_entry')
    .select([
      'account_id',
      sql<bigint>`cast(sum(case when bucket = 'available' then delta_units else 0 end) as bigint)`.as('available'),
      sql<bigint>`cast(sum(case when bucket = 'frozen' then delta_units else 0 end) as bigint)`.as('frozen'),
    ])
    .groupBy('account_id')
    .as('posted');
  const accounts = await db
    .selectFrom('account')
    .leftJoin(posted, 'posted.account_id', 'account.id')
    .select([
      'account.id',
      'account.available_units',
      'account.frozen_units',
      'account.allow_negative',
      sql<bigint>`coalesce(posted.available, 0)`.as('posted_available'),
      sql<bigint>`coalesce(posted.frozen, 0)`.as('posted_frozen'),
    ])
    .where((eb) =>
      eb.or([
        eb('account.available_units', '<>', sql<bigint>`coalesce(posted.available, 0)`),
        eb('account.frozen_units', '<>', sql<bigint>`coalesce(posted.frozen, 0)`),
        eb.and([
          eb('account.allow_negative', '=', 0n),
          eb.or([eb('account.available_units', '<', 0n), eb('account.frozen_units', '<', 0n)]),
        ]),
      ]),
    )
    .execute();

  const foreign = await db
    .selectFrom('ledger_entry')
    .innerJoin('account', 'account.id', 'ledger_entry.account_id')
    .select(['ledger_entry.id', 'ledger_entry.txn_id', 'ledger_entry.account_id'])
    .whereRef('ledger_entry.currency_id', '<>', 'account.currency_id')
    .execute();

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
