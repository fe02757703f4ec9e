import type { Db } from '../../db/database';

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

/** A page of the user's wallet log, newest first; `categories` narrows it. One extra row tells if there is more. */
export function selectWalletLog(
  db: Db,
  input: { userId: bigint; categories?: readonly string[]; currencyId?: bigint; page: number; pageSize: number },
) {
  let query = db
    .selectFrom('wallet_log')
    .innerJoin('currency', 'currency.id', 'wallet_log.currency_id')
    .selectAll('wallet_log')
    .select('currency.name as currency_name')
    .where('wallet_log.user_id', '=', input.userId);
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
