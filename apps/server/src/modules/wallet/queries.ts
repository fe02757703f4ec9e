import type { Db } from '../../db/database';
import type { WalletKind } from '@tidemark/core';
import type { NewWithdrawal, NewDepositRequest } from '../../db/schema';
import { WITHDRAWAL_RETURNED_STATUSES, type DepositStatus, type LogCategory, type WithdrawalStatus } from '@tidemark/protocol';

/** Every currency with the user's balances in each wallet, one row per currency. */
export async function selectBalances(db: Db, userId: bigint) {
  const [currencies, accounts] = await Promise.all([
    db.selectFrom('currency').selectAll().orderBy('sort').execute(),
    db.selectFrom('account').select(['currency_id', 'wallet', 'available_units', 'frozen_units']).where('user_id', '=', userId).execute(),
  ]);
  const byKey = new Map(accounts.map((a) => [`${a.currency_id}:${a.wallet}`, a]));
  return currencies.map((currency) => {
    const bucket = (wallet: string) => byKey.get(`${currency.id}:${wallet}`) ?? { available_units: 0n, frozen_units: 0n };
    return { currency, change: bucket('change'), lever: bucket('lever'), micro: bucket('micro'), legal: bucket('legal') };
  });
}
export type BalanceRows = Awaited<ReturnType<typeof selectBalances>>;

export function selectCurrencies(db: Db) {
  return db.selectFrom('currency').select(['id', 'name']).orderBy('sort').execute();
}

export function selectCurrency(db: Db, currencyId: bigint) {
  return db.selectFrom('currency').selectAll().where('id', '=', currencyId).executeTakeFirst();
}

/** Whether the platform accepts deposits and withdrawals (`is_open_CTbi`). */
export async function selectPlatformOpen(db: Db): Promise<boolean> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', 'platform_open').executeTakeFirst();
  return row?.value === '1';
}

/** The platform's bank account for bank deposits, as staff set it. */
export async function selectBankDepositAccount(db: Db) {
  const settings = await db.selectFrom('setting').selectAll().where('key', 'like', 'bank_deposit_%').execute();
  const get = (key: string) => settings.find((s) => s.key === key)?.value ?? '';
  return { bankName: get('bank_deposit_bank_name'), cardName: get('bank_deposit_card_name'), cardNumber: get('bank_deposit_card_number') };
}

export function selectDepositAddresses(db: Db, currencyId: bigint) {
  return db.selectFrom('deposit_address').selectAll().where('currency_id', '=', currencyId).execute();
}

export async function selectSpotAvailable(db: Db, userId: bigint, currencyId: bigint): Promise<bigint> {
  const account = await db
    .selectFrom('account')
    .select('available_units')
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('wallet', '=', 'change')
    .executeTakeFirst();
  return account?.available_units ?? 0n;
}

export function selectWithdrawAddresses(db: Db, userId: bigint, currencyId: bigint) {
  return db
    .selectFrom('withdraw_address')
    .select(['id', 'address', 'nettype', 'notes'])
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .orderBy('id', 'desc')
    .execute();
}

/** An entry of the user's address book, named by its address or its id. */
export function selectWithdrawAddress(db: Db, userId: bigint, currencyId: bigint, addressOrId: string) {
  return db
    .selectFrom('withdraw_address')
    .select(['address', 'nettype'])
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where((eb) => eb.or([eb('address', '=', addressOrId), eb(eb.cast('id', 'text'), '=', addressOrId)]))
    .executeTakeFirst();
}

/** Adds an address to the book; false when the user already has it for the currency. */
export async function insertWithdrawAddress(
  db: Db,
  row: { userId: bigint; currencyId: bigint; address: string; network: string; notes: string; createdAtMs: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('withdraw_address')
    .values({
      user_id: row.userId,
      currency_id: row.currencyId,
      address: row.address,
      nettype: row.network,
      notes: row.notes,
      created_at_ms: BigInt(row.createdAtMs),
    })
    .onConflict((oc) => oc.columns(['user_id', 'currency_id', 'address']).doNothing())
    .executeTakeFirst();
  return inserted.numInsertedOrUpdatedRows === 1n;
}

/** Deletes one of the user's addresses; false when there is no such address of theirs. */
export async function deleteWithdrawAddress(db: Db, userId: bigint, addressId: bigint): Promise<boolean> {
  const deleted = await db.deleteFrom('withdraw_address').where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst();
  return deleted.numDeletedRows === 1n;
}

export function selectBankCard(db: Db, userId: bigint) {
  return db.selectFrom('bank_card').select(['bank_account', 'bank_name', 'real_name']).where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertBankCard(
  db: Db,
  userId: bigint,
  card: { bank_account: string; bank_name: string; real_name: string },
  nowMs: number,
): Promise<void> {
  const row = { ...card, created_at_ms: BigInt(nowMs) };
  await db
    .insertInto('bank_card')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

export function selectWithdrawSettings(db: Db, currencyId: bigint) {
  return db.selectFrom('currency_withdraw').selectAll().where('currency_id', '=', currencyId).executeTakeFirst();
}

/** What the user asked to withdraw since a time, leaving out withdrawals whose money came back. */
export async function sumWithdrawnSince(db: Db, userId: bigint, currencyId: bigint, sinceMs: number): Promise<bigint> {
  const used = await db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount_units'), eb.val(0n)).as('units'))
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('created_at_ms', '>=', BigInt(sinceMs))
    .where('status', 'not in', WITHDRAWAL_RETURNED_STATUSES)
    .executeTakeFirstOrThrow();
  return BigInt(used.units);
}

export async function insertWithdrawal(db: Db, row: NewWithdrawal): Promise<bigint> {
  const inserted = await db.insertInto('withdrawal').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertDepositRequest(db: Db, row: NewDepositRequest): Promise<bigint> {
  const inserted = await db.insertInto('deposit_request').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Moves a pending deposit to `to`, once: undefined when it was not pending (the conditional update is the lock).
 * `secondApprover` also requires a first approval by someone other than them.
 */
export function updatePendingDeposit(db: Db, id: bigint, to: DepositStatus, staffId: bigint, nowMs: number, note: string | null = null, secondApprover?: bigint) {
  let query = db
    .updateTable('deposit_request')
    .set({ status: to, reviewed_at_ms: BigInt(nowMs), reviewed_by: staffId, review_note: note })
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (secondApprover !== undefined) query = query.where('first_approved_by', 'is not', null).where('first_approved_by', '<>', secondApprover);
  return query.returning(['user_id', 'currency_id', 'amount_units']).executeTakeFirst();
}

/** A deposit application under review with the amount from which its currency needs two approvals. */
export function selectDepositForReview(db: Db, id: bigint) {
  return db
    .selectFrom('deposit_request')
    .innerJoin('currency', 'currency.id', 'deposit_request.currency_id')
    .select(['deposit_request.status', 'deposit_request.amount_units', 'deposit_request.first_approved_by', 'deposit_request.created_at_ms', 'currency.dual_approval_units'])
    .where('deposit_request.id', '=', id)
    .executeTakeFirst();
}

/** Records the first of two approvals of a deposit, once: false when it is no longer pending or already has one. */
export async function updateDepositFirstApproval(db: Db, id: bigint, staffId: bigint, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('deposit_request')
    .set({ first_approved_by: staffId, first_approved_at_ms: BigInt(nowMs) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('first_approved_by', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Moves a withdrawal from `from` to `to`, once: undefined when it was not in `from`.
 * `secondApprover` also requires a first approval by someone other than them.
 */
export function updateWithdrawalStatus(
  db: Db,
  id: bigint,
  from: WithdrawalStatus,
  to: WithdrawalStatus,
  set: { reviewedBy?: bigint; reviewedAtMs?: number; hash?: string; note?: string; secondApprover?: bigint },
) {
  let query = db
    .updateTable('withdrawal')
    .set({
      status: to,
      ...(set.reviewedBy !== undefined ? { reviewed_by: set.reviewedBy } : {}),
      ...(set.reviewedAtMs !== undefined ? { reviewed_at_ms: BigInt(set.reviewedAtMs) } : {}),
      ...(set.hash !== undefined ? { hash: set.hash } : {}),
      ...(set.note !== undefined ? { review_note: set.note } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from);
  if (set.secondApprover !== undefined) query = query.where('first_approved_by', 'is not', null).where('first_approved_by', '<>', set.secondApprover);
  return query.returning(['user_id', 'currency_id', 'amount_units', 'fee_units', 'received_units']).executeTakeFirst();
}

/** A withdrawal under review with the amount from which its currency needs two approvals. */
export function selectWithdrawalForReview(db: Db, id: bigint) {
  return db
    .selectFrom('withdrawal')
    .innerJoin('currency', 'currency.id', 'withdrawal.currency_id')
    .select(['withdrawal.status', 'withdrawal.amount_units', 'withdrawal.first_approved_by', 'withdrawal.created_at_ms', 'currency.dual_approval_units'])
    .where('withdrawal.id', '=', id)
    .executeTakeFirst();
}

/** Records the first of two approvals of a withdrawal, once: false when it is no longer applying or already has one. */
export async function updateWithdrawalFirstApproval(db: Db, id: bigint, staffId: bigint, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('withdrawal')
    .set({ first_approved_by: staffId, first_approved_at_ms: BigInt(nowMs) })
    .where('id', '=', id)
    .where('status', '=', 'applying')
    .where('first_approved_by', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A page of the user's wallet log, newest first; `categories` narrows it. One extra row tells if there is more. */
export function selectWalletLog(
  db: Db,
  input: { userId: bigint; wallet?: WalletKind; categories?: readonly LogCategory[]; currencyId?: bigint; page: number; pageSize: number },
) {
  let query = db
    .selectFrom('wallet_log')
    .innerJoin('currency', 'currency.id', 'wallet_log.currency_id')
    .innerJoin('wallet_log_text as text', 'text.id', 'wallet_log.text_id')
    .selectAll('wallet_log')
    .select(['currency.name as currency_name', 'text.info', 'text.type_info_e', 'text.type_info_j', 'text.type_info_m', 'text.type_info_k', 'text.type_info_s'])
    .where('wallet_log.user_id', '=', input.userId);
  if (input.wallet) query = query.where('wallet_log.wallet', '=', input.wallet);
  if (input.categories) query = query.where('wallet_log.category', 'in', input.categories);
  if (input.currencyId !== undefined) query = query.where('wallet_log.currency_id', '=', input.currencyId);
  return query
    .orderBy('wallet_log.id', 'desc')
    .limit(input.pageSize + 1)
    .offset((input.page - 1) * input.pageSize)
    .execute();
}

export function selectWithdrawals(db: Db, userId: bigint, page: number, pageSize: number) {
  return db
    .selectFrom('withdrawal')
    .innerJoin('currency', 'currency.id', 'withdrawal.currency_id')
    .selectAll('withdrawal')
    .select('currency.name as currency_name')
    .where('withdrawal.user_id', '=', userId)
    .orderBy('withdrawal.id', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
}

export function selectDeposits(db: Db, userId: bigint, page: number, pageSize: number) {
  return db
    .selectFrom('deposit_request')
    .innerJoin('currency', 'currency.id', 'deposit_request.currency_id')
    .selectAll('deposit_request')
    .select('currency.name as currency_name')
    .where('deposit_request.user_id', '=', userId)
    .orderBy('deposit_request.id', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
}
