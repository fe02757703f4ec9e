import { feeOf, formatUnits, type WalletKind } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { lockUser } from '../../db/dialect';
import type { CurrencyTable } from '../../db/schema';
import { Rejection } from '../../rejection';
import { inTransaction, postTransaction } from '../ledger/service';
import { findOwnUpload } from '../upload/service';
import { verifyPassword } from '../user/password';

type CurrencyFlags = Pick<CurrencyTable, 'is_match' | 'is_lever' | 'is_micro' | 'is_legal'>;

/** Which currencies each wallet holds (the currency's flags). */
export function walletAllows(wallet: WalletKind, currency: CurrencyFlags): boolean {
  const flag = { change: currency.is_match, lever: currency.is_lever, micro: currency.is_micro, legal: currency.is_legal }[wallet];
  return flag === 1n;
}

async function currencyOrReject(db: Db, currencyId: bigint) {
  const currency = await db.selectFrom('currency').selectAll().where('id', '=', currencyId).executeTakeFirst();
  if (!currency) throw new Rejection('currency_not_found');
  return currency;
}

async function platformOpen(db: Db): Promise<boolean> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', 'platform_open').executeTakeFirst();
  return row?.value === '1';
}

/** Moves money between two of the user's wallets: one balanced ledger transaction. */
export async function transfer(
  db: Db,
  input: { userId: bigint; currencyId: bigint; from: WalletKind; to: WalletKind; amountUnits: bigint },
): Promise<void> {
  if (input.from === input.to) throw new Rejection('transfer_same_account');
  if (input.amountUnits > limits.transferUnitsMax) throw new Rejection('transfer_too_large');
  const currency = await currencyOrReject(db, input.currencyId);
  if (!walletAllows(input.from, currency) || !walletAllows(input.to, currency)) throw new Rejection('transfer_not_allowed');
  const { userId, currencyId, amountUnits } = input;
  await postTransaction(db, {
    kind: 'transfer',
    legs: [
      {
        account: { userId, wallet: input.from, currencyId },
        deltaUnits: -amountUnits,
        log: { category: 'transfer', text: 'transfer_out', wallet: input.to },
      },
      {
        account: { userId, wallet: input.to, currencyId },
        deltaUnits: amountUnits,
        log: { category: 'transfer', text: 'transfer_in', wallet: input.from },
      },
    ],
  });
}

export async function addAddress(
  db: Db,
  input: { userId: bigint; currencyId: bigint; address: string; notes: string; network: string },
): Promise<void> {
  await currencyOrReject(db, input.currencyId);
  const inserted = await db
    .insertInto('withdraw_address')
    .values({
      user_id: input.userId,
      currency_id: input.currencyId,
      address: input.address,
      nettype: input.network,
      notes: input.notes,
      created_at_ms: BigInt(Date.now()),
    })
    .onConflict((oc) => oc.columns(['user_id', 'currency_id', 'address']).doNothing())
    .executeTakeFirst();
  if (inserted.numInsertedOrUpdatedRows !== 1n) throw new Rejection('address_exists');
}

export async function deleteAddress(db: Db, userId: bigint, addressId: bigint): Promise<void> {
  const deleted = await db.deleteFrom('withdraw_address').where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst();
  if (deleted.numDeletedRows !== 1n) throw new Rejection('address_not_found');
}

export async function bindBankCard(db: Db, userId: bigint, card: { bank_account: string; bank_name: string; real_name: string }) {
  const row = { ...card, created_at_ms: BigInt(Date.now()) };
  await db
    .insertInto('bank_card')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

const DAY_MS = 24 * 3600_000;

/** The withdrawal limits of a currency and what is left of the user's daily limit. */
export async function withdrawLimits(db: Db, userId: bigint, currencyId: bigint, nowMs = Date.now()) {
  const settings = await db.selectFrom('currency_withdraw').selectAll().where('currency_id', '=', currencyId).executeTakeFirst();
  if (!settings) throw new Rejection('currency_not_found');
  const dayStart = BigInt(nowMs - (nowMs % DAY_MS));
  const used = await db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount_units'), eb.val(0n)).as('units'))
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('created_at_ms', '>=', dayStart)
    .where('status', 'not in', ['rejected', 'chain_failure'])
    .executeTakeFirstOrThrow();
  const usedUnits = BigInt(used.units);
  const remaining = settings.daily_limit_units > usedUnits ? settings.daily_limit_units - usedUnits : 0n;
  return { ...settings, dailyRemainingUnits: remaining };
}

/**
 * A withdrawal request: checked against the limits and the fund password, the amount moves from
 * available to frozen at once and waits for staff. Fee and received are the server's figures.
 */
export async function requestWithdrawal(
  db: Db,
  input: { userId: bigint; currencyId: bigint; amountUnits: bigint; address: string; payPassword: string; bank: boolean },
  nowMs = Date.now(),
): Promise<bigint> {
  if (!(await platformOpen(db))) throw new Rejection('platform_closed');
  const user = await db.selectFrom('user').select('pay_password_hash').where('id', '=', input.userId).executeTakeFirstOrThrow();
  if (!user.pay_password_hash) throw new Rejection('pay_password_unset');
  if (!(await verifyPassword(user.pay_password_hash, input.payPassword))) throw new Rejection('pay_password_wrong');

  let network: string;
  let address: string;
  if (input.bank) {
    const card = await db.selectFrom('bank_card').selectAll().where('user_id', '=', input.userId).executeTakeFirst();
    if (!card) throw new Rejection('bank_unbound');
    network = 'Bank';
    address = `${card.bank_name} ${card.bank_account}`;
  } else {
    const entry = await db
      .selectFrom('withdraw_address')
      .select(['address', 'nettype'])
      .where('user_id', '=', input.userId)
      .where('currency_id', '=', input.currencyId)
      .where((eb) => eb.or([eb('address', '=', input.address), eb(eb.cast('id', 'text'), '=', input.address)]))
      .executeTakeFirst();
    if (!entry) throw new Rejection('address_required');
    network = entry.nettype;
    address = entry.address;
  }

  return inTransaction(db, async (trx) => {
    await lockUser(trx, input.userId);
    const limit = await withdrawLimits(trx, input.userId, input.currencyId, nowMs);
    const amount = input.amountUnits;
    if (amount < limit.min_units) throw new Rejection('withdraw_below_min', { min: formatUnits(limit.min_units, 2) });
    if (amount > limit.max_units) throw new Rejection('withdraw_above_max', { max: formatUnits(limit.max_units, 2) });
    if (amount > limit.dailyRemainingUnits) {
      throw new Rejection('withdraw_daily_limit', { remaining: formatUnits(limit.dailyRemainingUnits, 2) });
    }
    const fee = feeOf(amount, limit.rate_units);
    const row = await trx
      .insertInto('withdrawal')
      .values({
        user_id: input.userId,
        currency_id: input.currencyId,
        network,
        address,
        amount_units: amount,
        fee_units: fee,
        received_units: amount - fee,
        status: 'applying',
        created_at_ms: BigInt(nowMs),
        reviewed_at_ms: null,
        reviewed_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = { userId: input.userId, wallet: 'change' as const, currencyId: input.currencyId };
    await postTransaction(
      trx,
      {
        kind: 'withdraw_freeze',
        reference: `withdrawal:${row.id}`,
        legs: [
          { account, deltaUnits: -amount, log: { category: 'withdraw', text: 'withdraw_freeze' } },
          { account, bucket: 'frozen', deltaUnits: amount },
        ],
      },
      nowMs,
    );
    return row.id;
  });
}

/** A deposit application: an amount and the user's own screenshot (at most 500 KB), for staff. */
export async function requestDeposit(
  db: Db,
  input: { userId: bigint; currencyId: bigint; amountUnits: bigint; pic: string },
): Promise<bigint> {
  if (!(await platformOpen(db))) throw new Rejection('platform_closed');
  const offered = await db.selectFrom('deposit_address').select('network').where('currency_id', '=', input.currencyId).executeTakeFirst();
  if (!offered) throw new Rejection('deposit_not_offered');
  const upload = await findOwnUpload(db, input.userId, input.pic);
  if (!upload) throw new Rejection('upload_not_found');
  if (upload.size_bytes > BigInt(limits.uploadDepositBytesMax)) throw new Rejection('upload_too_large', { limit: '500 KB' });
  const row = await db
    .insertInto('deposit_request')
    .values({
      user_id: input.userId,
      currency_id: input.currencyId,
      amount_units: input.amountUnits,
      upload_id: upload.id,
      status: 'pending',
      created_at_ms: BigInt(Date.now()),
      reviewed_at_ms: null,
      reviewed_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
