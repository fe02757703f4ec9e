import { sql } from 'kysely';
import type { Db } from '../../db/database';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Traders (never staff) by id or part of the e-mail address, newest first. */
export async function selectTraders(db: Db, filter: { id?: bigint; emailPart?: string }, paging: { page: number; limit: number }) {
  let base = db.selectFrom('user').where('role', '=', 'user');
  if (filter.id !== undefined) base = base.where('id', '=', filter.id);
  if (filter.emailPart) base = base.where(sql<boolean>`email like ${`%${escapeLike(filter.emailPart.toLowerCase())}%`} escape '\\'`);
  const [data, count] = await Promise.all([
    base
      .select(['id', 'email', 'phone', 'extension_code', 'pay_password_hash', 'review_status', 'login_locked', 'withdraw_locked', 'created_at_ms'])
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data, total: Number(count.n) };
}

export function selectNonEmptyAccounts(db: Db, userId: bigint) {
  return db
    .selectFrom('account')
    .innerJoin('currency', 'currency.id', 'account.currency_id')
    .select(['currency.name as currency_name', 'account.wallet', 'account.available_units', 'account.frozen_units'])
    .where('account.user_id', '=', userId)
    .where((eb) => eb.or([eb('account.available_units', '<>', 0n), eb('account.frozen_units', '<>', 0n)]))
    .orderBy('currency.sort')
    .orderBy('account.wallet')
    .execute();
}

export function selectLiveSessions(db: Db, userId: bigint, seenSinceMs: number) {
  return db
    .selectFrom('session')
    .select(['id', 'created_at_ms', 'last_seen_at_ms'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'user')
    .where('revoked_at_ms', 'is', null)
    .where('last_seen_at_ms', '>', BigInt(seenSinceMs))
    .orderBy('id', 'desc')
    .execute();
}

export function selectNewestWalletLog(db: Db, userId: bigint, limit: number) {
  return db
    .selectFrom('wallet_log')
    .innerJoin('currency', 'currency.id', 'wallet_log.currency_id')
    .innerJoin('wallet_log_text as text', 'text.id', 'wallet_log.text_id')
    .select(['wallet_log.id', 'currency.name as currency_name', 'wallet_log.wallet', 'wallet_log.category', 'wallet_log.value_units', 'text.type_info_e', 'wallet_log.created_at_ms'])
    .where('wallet_log.user_id', '=', userId)
    .orderBy('wallet_log.id', 'desc')
    .limit(limit)
    .execute();
}

/** Sets a lock; the row before the change, or undefined for no such trader. */
export async function updateLock(db: Db, userId: bigint, lock: 'login' | 'withdraw', on: boolean) {
  const column = lock === 'login' ? 'login_locked' : 'withdraw_locked';
  const before = await db.selectFrom('user').select(['login_locked', 'withdraw_locked']).where('id', '=', userId).where('role', '=', 'user').executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('user').set({ [column]: on ? 1n : 0n }).where('id', '=', userId).execute();
  return before;
}
