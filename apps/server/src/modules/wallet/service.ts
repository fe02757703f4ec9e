import { ADDRESS_KIND_NAME, addressKind, feeOf, formatUnits, isValidAddress, walletAllows, type WalletKind } from '@tidemark/core';
import { BANK_CURRENCY, formatBytes, LEGAL_USDT_ID, limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { lockUser } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { guardPayPassword, guardTotpCode } from '../guard/service';
import type { Strikes } from '../guard/strikes';
import { postTransaction } from '../ledger/service';
import { requireTraderCode } from '../totp/service';
import { findOwnUpload } from '../upload/service';
import { verifyPassword } from '../user/password';
import { selectUserById } from '../user/queries';
import {
  deleteWithdrawAddress,
  insertDepositRequest,
  insertWithdrawAddress,
  insertWithdrawal,
  selectBankCard,
  selectBankDepositAccount,
  selectCurrency,
  selectDepositAddresses,
  selectPlatformOpen,
  selectSpotAvailable,
  selectWithdrawAddress,
  selectWithdrawSettings,
  sumWithdrawnSince,
  upsertBankCard,
} from './queries';

/** The currency a deposit or withdrawal call names: Bank (9999) moves USDT. */
export function currencyIdOf(requested: number): bigint {
  return BigInt(requested === BANK_CURRENCY ? LEGAL_USDT_ID : requested);
}

async function currencyOrReject(db: Db, currencyId: bigint) {
  const currency = await selectCurrency(db, currencyId);
  if (!currency) throw new Rejection('currency_not_found');
  return currency;
}

/**
 * Moves money between two of the user's wallets: one balanced ledger transaction, carrying
 * `ledgerKey` when the request has an idempotency key.
 */
export async function transfer(
  db: Db,
  input: { userId: bigint; currencyId: bigint; from: WalletKind; to: WalletKind; amountUnits: bigint; ledgerKey?: string | undefined },
  nowMs: number,
): Promise<void> {
  if (input.from === input.to) throw new Rejection('transfer_same_account');
  if (input.amountUnits > limits.transferUnitsMax) throw new Rejection('transfer_too_large');
  const currency = await currencyOrReject(db, input.currencyId);
  if (!walletAllows(input.from, currency) || !walletAllows(input.to, currency)) throw new Rejection('transfer_not_allowed');
  const { userId, currencyId, amountUnits } = input;
  await postTransaction(
    db,
    {
      kind: 'transfer',
      ...(input.ledgerKey ? { idempotencyKey: input.ledgerKey } : {}),
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
    },
    nowMs,
  );
}

/** Refuses an address that is not one of its chain (checksum included): money sent there would be lost. */
function assertAddressFits(currencyName: string, network: string, address: string): void {
  const kind = addressKind(currencyName, network);
  if (!kind) throw new Rejection('network_invalid');
  if (!isValidAddress(kind, address)) throw new Rejection('address_wrong_network', { network: ADDRESS_KIND_NAME[kind] });
}

export async function addAddress(
  db: Db,
  input: { userId: bigint; currencyId: bigint; address: string; notes: string; network: string },
  nowMs: number,
): Promise<void> {
  const currency = await currencyOrReject(db, input.currencyId);
  assertAddressFits(currency.name, input.network, input.address);
  if (!(await insertWithdrawAddress(db, { ...input, createdAtMs: nowMs }))) throw new Rejection('address_exists');
}

export async function deleteAddress(db: Db, userId: bigint, addressId: bigint): Promise<void> {
  if (!(await deleteWithdrawAddress(db, userId, addressId))) throw new Rejection('address_not_found');
}

export function bindBankCard(db: Db, userId: bigint, card: { bank_account: string; bank_name: string; real_name: string }, nowMs: number) {
  return upsertBankCard(db, userId, card, nowMs);
}

/** Where to send a deposit: the platform's bank account for Bank, else an address per network. */
export async function depositAddresses(db: Db, currency: number) {
  if (currency === BANK_CURRENCY) return { bank: await selectBankDepositAccount(db) };
  return { networks: await selectDepositAddresses(db, BigInt(currency)) };
}

/** The withdrawal limits of a currency and what is left of the user's daily limit (a UTC day). */
export async function withdrawLimits(db: Db, userId: bigint, currencyId: bigint, nowMs: number) {
  const settings = await selectWithdrawSettings(db, currencyId);
  if (!settings) throw new Rejection('currency_not_found');
  const dayStartMs = nowMs - (nowMs % limits.withdrawDailyWindowMs);
  const usedUnits = await sumWithdrawnSince(db, userId, currencyId, dayStartMs);
  const remaining = settings.daily_limit_units > usedUnits ? settings.daily_limit_units - usedUnits : 0n;
  return { ...settings, dailyRemainingUnits: remaining };
}

/** What the withdraw page shows for a currency: its name, the spot balance and the limits. */
export async function withdrawInfo(db: Db, userId: bigint, currencyId: bigint, nowMs: number) {
  const [limit, currency, availableUnits] = await Promise.all([
    withdrawLimits(db, userId, currencyId, nowMs),
    currencyOrReject(db, currencyId),
    selectSpotAvailable(db, userId, currencyId),
  ]);
  return { limit, currencyName: currency.name, availableUnits };
}

/**
 * Checks a fund password against the user's hash (argon2, slow) under the guessing lock; answers
 * the hash it matched.
 */
async function verifyPayPassword(db: Db, strikes: Strikes, userId: bigint, payPassword: string, nowMs: number): Promise<string> {
  const user = await selectUserById(db, userId);
  const hash = user.pay_password_hash;
  if (!hash) throw new Rejection('pay_password_unset');
  await guardPayPassword(strikes, userId, nowMs, () => verifyPassword(hash, payPassword));
  return hash;
}

/**
 * The checks of a withdrawal that can run before its transaction: the platform is open and the
 * fund password matches (argon2, slow). Answers the hash matched, for `requestWithdrawal`.
 */
export async function precheckWithdrawal(db: Db, strikes: Strikes, userId: bigint, payPassword: string, nowMs: number): Promise<string> {
  if (!(await selectPlatformOpen(db))) throw new Rejection('platform_closed');
  return verifyPayPassword(db, strikes, userId, payPassword, nowMs);
}

/**
 * A withdrawal request: checked against the limits and the fund password, the amount moves from
 * available to frozen at once and waits for staff. Fee and received are the server's figures.
 * `verifiedHash` is the fund password hash `precheckWithdrawal` already matched: the password is
 * verified again only if the hash changed since. The ledger txn carries `ledgerKey` when given.
 */
export async function requestWithdrawal(
  db: Db,
  input: {
    userId: bigint;
    currencyId: bigint;
    amountUnits: bigint;
    address: string;
    payPassword: string;
    /** the authenticator code, asked once the trader turned it on */
    totpCode?: string | undefined;
    /** the fund password's and the authenticator's guessing locks */
    strikes: Strikes;
    bank: boolean;
    verifiedHash?: string | undefined;
    ledgerKey?: string | undefined;
  },
  nowMs: number,
): Promise<bigint> {
  if (!(await selectPlatformOpen(db))) throw new Rejection('platform_closed');
  const user = await selectUserById(db, input.userId);
  if (user.withdraw_locked !== 0n) throw new Rejection('withdraw_locked');
  if (user.pay_password_hash === null || user.pay_password_hash !== input.verifiedHash) {
    await verifyPayPassword(db, input.strikes, input.userId, input.payPassword, nowMs);
  }

  let network: string;
  let address: string;
  if (input.bank) {
    const card = await selectBankCard(db, input.userId);
    if (!card) throw new Rejection('bank_unbound');
    network = 'Bank';
    address = `${card.bank_name} ${card.bank_account}`;
  } else {
    const entry = await selectWithdrawAddress(db, input.userId, input.currencyId, input.address);
    if (!entry) throw new Rejection('address_required');
    // an entry saved before addresses were checked is checked now, before money leaves
    assertAddressFits((await currencyOrReject(db, input.currencyId)).name, entry.nettype, entry.address);
    network = entry.nettype;
    address = entry.address;
  }

  return inTransaction(db, async (trx) => {
    await lockUser(trx, input.userId);
    // in the withdrawal's transaction: a good code is spent only if the withdrawal is made
    await requireTraderCode(trx, input.userId, input.totpCode, nowMs, (check) => guardTotpCode(input.strikes, input.userId, nowMs, check));
    const limit = await withdrawLimits(trx, input.userId, input.currencyId, nowMs);
    const amount = input.amountUnits;
    if (amount < limit.min_units) throw new Rejection('withdraw_below_min', { min: formatUnits(limit.min_units, 2) });
    if (amount > limit.max_units) throw new Rejection('withdraw_above_max', { max: formatUnits(limit.max_units, 2) });
    if (amount > limit.dailyRemainingUnits) {
      throw new Rejection('withdraw_daily_limit', { remaining: formatUnits(limit.dailyRemainingUnits, 2) });
    }
    const fee = feeOf(amount, limit.rate_units);
    const id = await insertWithdrawal(trx, {
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
    });
    const account = { userId: input.userId, wallet: 'change' as const, currencyId: input.currencyId };
    await postTransaction(
      trx,
      {
        kind: 'withdraw_freeze',
        reference: `withdrawal:${id}`,
        ...(input.ledgerKey ? { idempotencyKey: input.ledgerKey } : {}),
        legs: [
          { account, deltaUnits: -amount, log: { category: 'withdraw', text: 'withdraw_freeze' } },
          { account, bucket: 'frozen', deltaUnits: amount },
        ],
      },
      nowMs,
    );
    return id;
  });
}

/** A deposit application: an amount and the user's own screenshot (size limited), for staff. */
export async function requestDeposit(
  db: Db,
  input: { userId: bigint; currencyId: bigint; amountUnits: bigint; pic: string },
  nowMs: number,
): Promise<bigint> {
  if (!(await selectPlatformOpen(db))) throw new Rejection('platform_closed');
  // open once staff configured an address for it (an empty one means not yet)
  const configured = (await selectDepositAddresses(db, input.currencyId)).some((row) => row.address !== '');
  if (!configured) throw new Rejection('deposit_not_offered');
  const upload = await findOwnUpload(db, input.userId, input.pic);
  if (!upload) throw new Rejection('upload_not_found');
  if (upload.size_bytes > BigInt(limits.uploadDepositBytesMax)) {
    throw new Rejection('upload_too_large', { limit: formatBytes(limits.uploadDepositBytesMax) });
  }
  return insertDepositRequest(db, {
    user_id: input.userId,
    currency_id: input.currencyId,
    amount_units: input.amountUnits,
    upload_id: upload.id,
    status: 'pending',
    created_at_ms: BigInt(nowMs),
    reviewed_at_ms: null,
    reviewed_by: null,
  });
}
