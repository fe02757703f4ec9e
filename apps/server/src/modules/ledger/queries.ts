import { sql } from 'kysely';
import type { Bucket } from '@tidemark/core';
import type { Db } from '../../db/database';
import type { AccountRef } from './types';

/** Account ids for the refs, in one query; missing accounts are absent from the map. */
export async function selectAccountIds(db: Db, refs: readonly AccountRef[]): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('account')
    .select(['id', 'user_id', 'system_name', 'wallet', 'currency_id'])
    .where((eb) =>
      eb.or(
        refs.map((r) =>
          'userId' in r
            ? eb.and([eb('user_id', '=', r.userId), eb('wallet', '=', r.wallet), eb('currency_id', '=', r.currencyId)])
            : eb.and([eb('system_name', '=', r.system), eb('currency_id', '=', r.currencyId)]),
        ),
      ),
    )
    .execute();
  return new Map(
    rows.map((row) => [
      accountKey(
        row.user_id !== null
          ? { userId: row.user_id, wallet: row.wallet as Exclude<typeof row.wallet, 'system'>, currencyId: row.currency_id }
          : { system: row.system_name!, currencyId: row.currency_id },
      ),
      row.id,
    ]),
  );
}

export function accountKey(ref: AccountRef): string {
  return 'userId' in ref ? `u:${ref.userId}:${ref.wallet}:${ref.currencyId}` : `s:${ref.system}:${ref.currencyId}`;
}

export async function insertAccounts(db: Db, refs: readonly AccountRef[]): Promise<void> {
  if (refs.length === 0) return;
  await db
    .insertInto('account')
    .values(
      refs.map((r) =>
        'userId' in r
          ? { user_id: r.userId, system_name: null, wallet: r.wallet, currency_id: r.currencyId, allow_negative: 0n }
          : { user_id: null, system_name: r.system, wallet: 'system' as const, currency_id: r.currencyId, allow_negative: 1n },
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Inserts the txn row; undefined when its idempotency key was already used. */
export async function insertTxn(
  db: Db,
  txn: { kind: string; reference: string | null; idempotency_key: string | null; created_at_ms: bigint },
): Promise<bigint | undefined> {
  const row = await db
    .insertInto('ledger_txn')
    .values(txn)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function selectTxnIdByKey(db: Db, idempotencyKey: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('ledger_txn')
    .select('id')
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row?.id;
}

export async function insertEntries(
  db: Db,
  entries: ReadonlyArray<{ txn_id: bigint; account_id: bigint; currency_id: bigint; bucket: Bucket; delta_units: bigint }>,
): Promise<void> {
  await db.insertInto('ledger_entry').values(entries).execute();
}

/**
 * Moves an account's balances by the deltas, only if a non-system account stays >= 0; false
 * otherwise. The condition and the write are one statement, so concurrent spenders cannot both win.
 */
export async function applyDeltas(db: Db, accountId: bigint, availableUnits: bigint, frozenUnits: bigint): Promise<boolean> {
  const result = await db
    .updateTable('account')
    .set({
      available_units: sql`available_units + ${availableUnits}`,
      frozen_units: sql`frozen_units + ${frozenUnits}`,
    })
    .where('id', '=', accountId)
    .where((eb) =>
      eb.or([
        eb('allow_negative', '=', 1n),
        eb.and([
          eb(sql`available_units + ${availableUnits}`, '>=', 0n),
          eb(sql`frozen_units + ${frozenUnits}`, '>=', 0n),
        ]),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
