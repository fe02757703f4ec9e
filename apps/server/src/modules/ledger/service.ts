import { checkPostings, type Bucket } from '@tidemark/core';
import { describeEntry } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { ledgerTransactions } from '../../metrics';
import { Rejection } from '../../rejection';
import { accountKey, applyDeltas, insertAccount, insertEntries, insertTxn, insertTxns, insertWalletLogs, selectTxnIdByKey, type EntryRow, type WalletLogRow } from './queries';
import type { AccountRef, Leg, LegLog, PostedTxn, TxnInput } from './types';

interface AccountChange {
  ref: AccountRef;
  delta: Record<Bucket, bigint>;
}

/** The legs summed per account (`keys[i]` is leg i's account key), in one global order so concurrent txns lock alike (no deadlock). */
function changesByAccount(legs: readonly Leg[], keys: readonly string[] = legs.map((leg) => accountKey(leg.account))): AccountChange[] {
  const changes = new Map<string, AccountChange>();
  legs.forEach((leg, i) => {
    const key = keys[i]!;
    let change = changes.get(key);
    if (!change) changes.set(key, (change = { ref: leg.account, delta: { available: 0n, frozen: 0n } }));
    change.delta[leg.bucket ?? 'available'] += leg.deltaUnits;
  });
  return [...changes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, change]) => change);
}

/** Applies one account's change, creating the account on first credit; its id, or a Rejection. */
async function applyChange(trx: Db, { ref, delta }: AccountChange): Promise<bigint> {
  const id = await applyDeltas(trx, ref, delta.available, delta.frozen);
  if (id !== undefined) return id;
  const spends = delta.available < 0n || delta.frozen < 0n;
  if (spends && 'userId' in ref) throw new Rejection('insufficient_balance');
  await insertAccount(trx, ref);
  const created = await applyDeltas(trx, ref, delta.available, delta.frozen);
  if (created === undefined) throw new Rejection('insufficient_balance');
  return created;
}

/**
 * Posts one double-entry transaction atomically: every leg or none. Throws an Error when the
 * legs do not balance per currency (a bug in the caller) and a Rejection `insufficient_balance`
 * when a user's bucket would go below zero; in both cases nothing is written. A repeated
 * idempotency key returns the first transaction and writes nothing. Inside a caller's
 * transaction, a Rejection must be let through so that the caller's writes roll back too.
 */
/** Throws when the legs do not balance per currency: a bug in the caller. */
function assertBalanced(input: TxnInput): void {
  const check = checkPostings(
    input.legs.map((leg, i) => ({
      accountId: BigInt(i),
      currencyId: leg.account.currencyId,
      bucket: leg.bucket ?? 'available',
      deltaUnits: leg.deltaUnits,
    })),
  );
  if (!check.ok) throw new Error(`ledger txn ${input.kind} refused: ${check.reason} ${check.currencyId ?? ''}`.trim());
}

/** Applies the legs' changes, one statement per account; the ids of the accounts by key. */
async function applyLegs(trx: Db, legs: readonly Leg[], keys?: readonly string[]): Promise<Map<string, bigint>> {
  const accountIds = new Map<string, bigint>();
  for (const change of changesByAccount(legs, keys)) accountIds.set(accountKey(change.ref), await applyChange(trx, change));
  return accountIds;
}

/** The entry rows of a transaction's legs (`keys[first + i]` is leg i's account key). */
function entriesOf(
  input: TxnInput,
  txnId: bigint,
  accountIds: ReadonlyMap<string, bigint>,
  keys: readonly string[] = input.legs.map((leg) => accountKey(leg.account)),
  first = 0,
): EntryRow[] {
  return input.legs.map((leg, i) => ({
    txn_id: txnId,
    account_id: accountIds.get(keys[first + i]!)!,
    currency_id: leg.account.currencyId,
    bucket: leg.bucket ?? 'available',
    delta_units: leg.deltaUnits,
  }));
}

/** A log line's description in every language: a few distinct ones, asked once a leg on hot paths. */
type Texts = ReturnType<typeof describeEntry>;
const descriptions = new Map<string, Texts>();
function described(log: LegLog): Texts {
  const key = `${log.text}:${log.wallet ?? ''}`;
  let texts = descriptions.get(key);
  if (!texts) descriptions.set(key, (texts = describeEntry(log.text, log.wallet)));
  return texts;
}

/** The wallet-log lines of a transaction's logged legs, described in every language. */
function walletLogsOf(input: TxnInput, txnId: bigint, nowMs: number) {
  return input.legs.flatMap((leg) => {
    if (!leg.log || !('userId' in leg.account)) return [];
    const text = described(leg.log);
    return [
      {
        user_id: leg.account.userId,
        currency_id: leg.account.currencyId,
        wallet: leg.account.wallet,
        txn_id: txnId,
        category: leg.log.category,
        value_units: leg.deltaUnits,
        info: text.zh,
        type_info_e: text.en,
        type_info_j: text.jp,
        type_info_m: text.hk,
        type_info_k: text.kr,
        type_info_s: text.spa,
        created_at_ms: BigInt(nowMs),
      },
    ];
  });
}

/**
 * Posts one double-entry transaction atomically: every leg or none. Throws an Error when the
 * legs do not balance per currency (a bug in the caller) and a Rejection `insufficient_balance`
 * when a user's bucket would go below zero; in both cases nothing is written. A repeated
 * idempotency key returns the first transaction and writes nothing. Inside a caller's
 * transaction, a Rejection must be let through so that the caller's writes roll back too.
 */
export function postTransaction(db: Db, input: TxnInput, nowMs: number): Promise<PostedTxn> {
  try {
    assertBalanced(input);
  } catch (error) {
    return Promise.reject(error);
  }
  return inTransaction(db, async (trx) => {
    const txnId = await insertTxn(trx, {
      kind: input.kind,
      reference: input.reference ?? null,
      idempotency_key: input.idempotencyKey ?? null,
      created_at_ms: BigInt(nowMs),
    });
    if (txnId === undefined) {
      return { txnId: (await selectTxnIdByKey(trx, input.idempotencyKey!))!, replayed: true };
    }
    ledgerTransactions.inc({ kind: input.kind });
    const accountIds = await applyLegs(trx, input.legs);
    await insertEntries(trx, entriesOf(input, txnId, accountIds));
    await insertWalletLogs(trx, walletLogsOf(input, txnId, nowMs));
    return { txnId, replayed: false };
  });
}

/**
 * Posts many transactions in one database transaction, each its own ledger transaction with its
 * own postings, in a few statements: the txn rows, entries and log lines inserted together and
 * each account's balance moved once by the sum of its legs (so the no-negative condition holds
 * for the whole batch, as it would after posting them one by one in an order that credits first).
 * For engines settling many orders at once: every transaction names a distinct `reference`, and
 * none carries an idempotency key (the caller's own state guards against a repeat). Answers the
 * txn ids in the inputs' order.
 */
export async function postTransactions(db: Db, inputs: readonly TxnInput[], nowMs: number): Promise<bigint[]> {
  const references = new Set<string>();
  for (const input of inputs) {
    assertBalanced(input);
    if (input.idempotencyKey !== undefined || input.reference === undefined || references.has(input.reference)) {
      throw new Error(`ledger batch: ${input.kind} needs a distinct reference and no idempotency key`);
    }
    references.add(input.reference);
  }
  return inTransaction(db, async (trx) => {
    const txnIds = await insertTxns(trx, inputs as readonly (TxnInput & { reference: string })[], BigInt(nowMs));
    // each leg's account key, built once: thousands of legs
    const legs = inputs.flatMap((input) => input.legs);
    const keys = legs.map((leg) => accountKey(leg.account));
    const accountIds = await applyLegs(trx, legs, keys);
    const entries: EntryRow[] = [];
    const logs: WalletLogRow[] = [];
    let first = 0;
    inputs.forEach((input, i) => {
      entries.push(...entriesOf(input, txnIds[i]!, accountIds, keys, first));
      first += input.legs.length;
      logs.push(...walletLogsOf(input, txnIds[i]!, nowMs));
    });
    await insertEntries(trx, entries);
    await insertWalletLogs(trx, logs);
    const byKind = new Map<string, number>();
    for (const input of inputs) byKind.set(input.kind, (byKind.get(input.kind) ?? 0) + 1);
    for (const [kind, count] of byKind) ledgerTransactions.inc({ kind }, count);
    return txnIds;
  });
}
