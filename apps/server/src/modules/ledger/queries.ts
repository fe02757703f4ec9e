import { sql } from 'kysely';
import { WALLET_KINDS, type Bucket, type SystemAccount, type WalletKind } from '@tidemark/core';
import type { Expression, ExpressionBuilder, Insertable, Selectable, SqlBool } from 'kysely';
import type { describeEntry } from '@tidemark/protocol';
import { bulkInsert, bulkInsertIds, type BulkColumn, type RowOf } from '../../db/bulk';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import type { Database, WalletLogTable, WalletLogTextTable } from '../../db/schema';
import type { AccountRef } from './types';

/** A wallet-log description in every language. */
export type Description = ReturnType<typeof describeEntry>;

/** Keys of account refs met before: a batch's legs share a few refs, each keyed once. */
const accountKeys = new WeakMap<AccountRef, string>();

export function accountKey(ref: AccountRef): string {
  let key = accountKeys.get(ref);
  if (key === undefined) {
    key = 'userId' in ref ? `u:${ref.userId}:${ref.wallet}:${ref.currencyId}` : `s:${ref.system}:${ref.currencyId}`;
    accountKeys.set(ref, key);
  }
  return key;
}

/** Creates the account with zero balances if it does not exist yet. */
export async function insertAccount(db: Db, ref: AccountRef): Promise<void> {
  await db
    .insertInto('account')
    .values(
      'userId' in ref
        ? { user_id: ref.userId, system_name: null, wallet: ref.wallet, currency_id: ref.currencyId, allow_negative: 0n }
        : { user_id: null, system_name: ref.system, wallet: 'system', currency_id: ref.currencyId, allow_negative: 1n },
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Inserts the txn row; undefined when its idempotency key was already used. */
type NewTxn = { kind: string; reference: string | null; idempotency_key: string | null; created_at_ms: bigint };

// every posting runs these: compiled once
const insertTxnQuery = preparedQuery<NewTxn, { id: bigint }>((db, arg) =>
  db
    .insertInto('ledger_txn')
    .values({ kind: arg('kind'), reference: arg('reference'), idempotency_key: arg('idempotency_key'), created_at_ms: arg('created_at_ms') })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id'),
);

export async function insertTxn(db: Db, txn: NewTxn): Promise<bigint | undefined> {
  const { rows } = await insertTxnQuery(db, txn);
  return rows[0]?.id;
}

const TXN_COLUMNS: BulkColumn[] = [
  { name: 'kind', type: 'text' },
  { name: 'reference', type: 'text' },
  { name: 'created_at_ms', type: 'bigint' },
];

/** Inserts keyless txn rows of one kind, one a reference (distinct); their ids in the same order. */
export function insertTxns(db: Db, kind: string, references: readonly string[], createdAtMs: bigint): Promise<bigint[]> {
  return bulkInsertIds(db, 'ledger_txn', TXN_COLUMNS, references, (reference) => [kind, reference, createdAtMs], 'reference');
}

export async function selectTxnIdByKey(db: Db, idempotencyKey: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('ledger_txn')
    .select('id')
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row?.id;
}

const ENTRY_COLUMNS: BulkColumn[] = [
  { name: 'txn_id', type: 'bigint' },
  { name: 'account_id', type: 'bigint' },
  { name: 'currency_id', type: 'bigint' },
  { name: 'bucket', type: 'text' },
  { name: 'delta_units', type: 'bigint' },
];

/** A ledger posting as written. */
export interface EntryRow {
  txn_id: bigint;
  account_id: bigint;
  currency_id: bigint;
  bucket: Bucket;
  delta_units: bigint;
}

/** An entry's values as `insertEntries` takes them. */
export const entryValues: RowOf<EntryRow> = (e) => [e.txn_id, e.account_id, e.currency_id, e.bucket, e.delta_units];

/** Inserts a posting for each item; `valuesOf` answers its txn id, account id, currency id, bucket and delta, in that order. */
export async function insertEntries<T>(db: Db, items: ArrayLike<T>, valuesOf: RowOf<T>): Promise<void> {
  await bulkInsert(db, 'ledger_entry', ENTRY_COLUMNS, items, valuesOf);
}

/**
 * Moves an account's balances by the deltas, only if a non-system account stays >= 0, and
 * answers its id; undefined when refused or when the account does not exist. The condition and
 * the write are one statement, so concurrent spenders cannot both win.
 */
type Deltas = { available: bigint; frozen: bigint };

/** Adds the deltas to the accounts `which` selects, unless a bucket would go below zero where that is not allowed. */
const deltasQuery = <A extends Deltas>(which: (eb: ExpressionBuilder<Database, 'account'>, arg: <K extends keyof A & string>(name: K) => A[K]) => Expression<SqlBool>) =>
  preparedQuery<A, { id: bigint }>((db, arg) =>
    db
      .updateTable('account')
      .set({
        available_units: sql`available_units + ${arg('available')}`,
        frozen_units: sql`frozen_units + ${arg('frozen')}`,
      })
      .where((eb) => which(eb, arg))
      .where((eb) =>
        eb.or([
          eb('allow_negative', '=', 1n),
          eb.and([eb(sql`available_units + ${arg('available')}`, '>=', 0n), eb(sql`frozen_units + ${arg('frozen')}`, '>=', 0n)]),
        ]),
      )
      .returning('id'),
  );
const userDeltas = deltasQuery<Deltas & { userId: bigint; wallet: WalletKind; currencyId: bigint }>((eb, arg) =>
  eb.and([eb('user_id', '=', arg('userId')), eb('wallet', '=', arg('wallet')), eb('currency_id', '=', arg('currencyId'))]),
);
const systemDeltas = deltasQuery<Deltas & { system: SystemAccount; currencyId: bigint }>((eb, arg) =>
  eb.and([eb('system_name', '=', arg('system')), eb('currency_id', '=', arg('currencyId'))]),
);

/** A user's available balance in one wallet and currency; undefined when the account does not exist. */
const userAvailable = preparedQuery<{ userId: bigint; wallet: WalletKind; currencyId: bigint }, { available_units: bigint }>((db, arg) =>
  db
    .selectFrom('account')
    .select('available_units')
    .where('user_id', '=', arg('userId'))
    .where('wallet', '=', arg('wallet'))
    .where('currency_id', '=', arg('currencyId')),
);

export async function selectUserAvailable(db: Db, ref: Extract<AccountRef, { userId: bigint }>): Promise<bigint | undefined> {
  const { rows } = await userAvailable(db, ref);
  return rows[0]?.available_units;
}

export async function applyDeltas(
  db: Db,
  ref: AccountRef,
  availableUnits: bigint,
  frozenUnits: bigint,
): Promise<bigint | undefined> {
  const deltas = { available: availableUnits, frozen: frozenUnits };
  const { rows } =
    'userId' in ref
      ? await userDeltas(db, { ...deltas, userId: ref.userId, wallet: ref.wallet, currencyId: ref.currencyId })
      : await systemDeltas(db, { ...deltas, system: ref.system, currencyId: ref.currencyId });
  return rows[0]?.id;
}

/** Opens a user's four wallets in every currency, with zero balances (no money moves). */
export async function insertWallets(db: Db, userId: bigint): Promise<void> {
  const currencies = await db.selectFrom('currency').select('id').execute();
  await db
    .insertInto('account')
    .values(
      currencies.flatMap((c) =>
        WALLET_KINDS.map((wallet) => ({ user_id: userId, system_name: null, wallet, currency_id: c.id, allow_negative: 0n })),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const WALLET_LOG_COLUMNS = (['user_id', 'currency_id', 'wallet', 'txn_id', 'category', 'value_units', 'text_id', 'created_at_ms'] as const).map(
  (name) => ({ name, type: name.endsWith('_id') || name.endsWith('_units') || name.endsWith('_ms') ? 'bigint' : 'text' }) satisfies BulkColumn,
);

/** A wallet-log line as written. */
export type WalletLogRow = Omit<Insertable<WalletLogTable>, 'id'>;

/** A wallet-log line's values as `insertWalletLogs` takes them (spelled out: a lookup by column name per value costs more on batches). */
export const walletLogValues: RowOf<WalletLogRow> = (r) => [
  r.user_id,
  r.currency_id,
  r.wallet,
  r.txn_id,
  r.category,
  r.value_units,
  r.text_id,
  r.created_at_ms,
];

/** Inserts a wallet-log line for each item; `valuesOf` answers its values in WALLET_LOG_COLUMNS order (as `walletLogValues`). */
export async function insertWalletLogs<T>(db: Db, items: ArrayLike<T>, valuesOf: RowOf<T>): Promise<void> {
  await bulkInsert(db, 'wallet_log', WALLET_LOG_COLUMNS, items, valuesOf);
}

/** A description as `wallet_log_text` stores it. */
type StoredDescription = Omit<Selectable<WalletLogTextTable>, 'id'>;

const storedDescription = (t: Description): StoredDescription => ({
  info: t.zh,
  type_info_e: t.en,
  type_info_j: t.jp,
  type_info_m: t.hk,
  type_info_k: t.kr,
  type_info_s: t.spa,
});

/** A description's key: its six texts. */
const keyOfStored = (d: StoredDescription) => JSON.stringify([d.info, d.type_info_e, d.type_info_j, d.type_info_m, d.type_info_k, d.type_info_s]);
export const descriptionKey = (t: Description) => keyOfStored(storedDescription(t));

/** Stores the descriptions not stored yet (a stored one is never changed). */
export async function insertDescriptions(db: Db, descriptions: readonly Description[]): Promise<void> {
  await db
    .insertInto('wallet_log_text')
    .values(descriptions.map(storedDescription))
    .onConflict((oc) => oc.columns(['info', 'type_info_e', 'type_info_j', 'type_info_m', 'type_info_k', 'type_info_s']).doNothing())
    .execute();
}

/** The stored descriptions' ids, by `descriptionKey`. */
export async function selectDescriptionIds(db: Db): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('wallet_log_text').selectAll().execute();
  return new Map(rows.map((row) => [keyOfStored(row), row.id]));
}

/** Per-currency sums of the transactions that do not sum to zero (a sound ledger has none). */
export function selectUnbalancedTxns(db: Db) {
  return db
    .selectFrom('ledger_entry')
    .select(['txn_id', 'currency_id', sql<bigint>`cast(sum(delta_units) as bigint)`.as('sum_units')])
    .groupBy(['txn_id', 'currency_id'])
    .having(sql`sum(delta_units)`, '<>', 0)
    .execute();
}

/** Accounts whose balance differs from the sum of their postings, or that went negative where they may not. */
export function selectSuspectAccounts(db: Db) {
  const posted = db
    .selectFrom('ledger_entry')
    .select([
      'account_id',
      sql<bigint>`cast(sum(case when bucket = 'available' then delta_units else 0 end) as bigint)`.as('available'),
      sql<bigint>`cast(sum(case when bucket = 'frozen' then delta_units else 0 end) as bigint)`.as('frozen'),
    ])
    .groupBy('account_id')
    .as('posted');
  return db
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
}

/** Postings in another currency than their account's. */
export function selectForeignEntries(db: Db) {
  return db
    .selectFrom('ledger_entry')
    .innerJoin('account', 'account.id', 'ledger_entry.account_id')
    .select(['ledger_entry.id', 'ledger_entry.txn_id', 'ledger_entry.account_id'])
    .whereRef('ledger_entry.currency_id', '<>', 'account.currency_id')
    .execute();
}
