import { checkLegs, type Bucket } from '@tidemark/core';
import { describeEntry } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { ledgerTransactions } from '../../metrics';
import { Rejection } from '../../rejection';
import {
  accountKey,
  applyDeltas,
  descriptionKey,
  entryValues,
  insertAccount,
  insertEntries,
  insertTxn,
  insertTxns,
  insertWalletLogs,
  selectDescriptionIds,
  selectTxnIdByKey,
  selectUserAvailable,
  walletLogValues,
  type EntryRow,
  type WalletLogRow,
} from './queries';
import type { AccountRef, Leg, LegLog, PostedTxn, TxnBatch, TxnInput } from './types';

interface AccountChange {
  ref: AccountRef;
  delta: Record<Bucket, bigint>;
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
 * Applies the accounts' changes, one statement each, in one global order (by account key) so
 * concurrent txns lock alike (no deadlock); their ids in `changes`' order.
 */
async function applyChanges(trx: Db, changes: readonly AccountChange[]): Promise<bigint[]> {
  const keys = changes.map((change) => accountKey(change.ref));
  const order = keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  const ids = new Array<bigint>(changes.length);
  for (const i of order) ids[i] = await applyChange(trx, changes[i]!);
  return ids;
}

/** Throws when the legs do not balance per currency: a bug in the caller. */
function assertBalanced(input: TxnInput): void {
  const { legs } = input;
  const check = checkLegs(legs.length, (i) => legs[i]!.account.currencyId, (i) => legs[i]!.deltaUnits);
  if (!check.ok) throw new Error(`ledger txn ${input.kind} refused: ${check.reason} ${check.currencyId ?? ''}`.trim());
}

/** The legs' changes, summed per account. */
function changesOf(legs: readonly Leg[]): AccountChange[] {
  const byKey = new Map<string, AccountChange>();
  for (const leg of legs) {
    const key = accountKey(leg.account);
    let change = byKey.get(key);
    if (!change) byKey.set(key, (change = { ref: leg.account, delta: { available: 0n, frozen: 0n } }));
    change.delta[leg.bucket ?? 'available'] += leg.deltaUnits;
  }
  return [...byKey.values()];
}

/**
 * Refuses `insufficient_balance` when the legs would take a user's available balance below zero,
 * reading only: a caller checks before its own first write, so that a work grouped with others
 * (db/group-commit.ts) is refused having written nothing. `postTransaction` still decides, in the
 * same statement as the write.
 */
export async function refuseShortFunds(trx: Db, legs: readonly Leg[]): Promise<void> {
  for (const { ref, delta } of changesOf(legs)) {
    if (delta.available >= 0n || !('userId' in ref)) continue;
    if (((await selectUserAvailable(trx, ref)) ?? 0n) + delta.available < 0n) throw new Rejection('insufficient_balance');
  }
}

/** Applies the legs' changes, summed per account; the ids of the accounts by key. */
async function applyLegs(trx: Db, legs: readonly Leg[]): Promise<Map<string, bigint>> {
  const changes = changesOf(legs);
  const ids = await applyChanges(trx, changes);
  return new Map(changes.map((change, i) => [accountKey(change.ref), ids[i]!]));
}

/** The entry rows of a transaction's legs. */
function entriesOf(input: TxnInput, txnId: bigint, accountIds: ReadonlyMap<string, bigint>): EntryRow[] {
  return input.legs.map((leg) => ({
    txn_id: txnId,
    account_id: accountIds.get(accountKey(leg.account))!,
    currency_id: leg.account.currencyId,
    bucket: leg.bucket ?? 'available',
    delta_units: leg.deltaUnits,
  }));
}

/**
 * The stored descriptions' ids by key, per database (a transaction shares its root's): read once,
 * after the start stored this build's (seed); postings only refer to them.
 */
const storedDescriptions = new WeakMap<object, Promise<Map<string, bigint>>>();
function descriptionIds(db: Db): Promise<Map<string, bigint>> {
  const root = db.getExecutor().adapter;
  let ids = storedDescriptions.get(root);
  if (!ids) {
    storedDescriptions.set(root, (ids = selectDescriptionIds(db)));
    // a failed read is tried again by the next posting
    ids.catch(() => storedDescriptions.delete(root));
  }
  return ids;
}

/** Description keys of log lines: a few distinct ones, asked once a leg on hot paths. */
const descriptionKeys = new Map<string, string>();

/** The id of a log line's stored description. */
async function descriptionId(db: Db, log: LegLog): Promise<bigint> {
  const name = `${log.text}:${log.wallet ?? ''}`;
  let key = descriptionKeys.get(name);
  if (key === undefined) descriptionKeys.set(name, (key = descriptionKey(describeEntry(log.text, log.wallet))));
  let id = (await descriptionIds(db)).get(key);
  if (id === undefined) {
    // stored since they were read (another process started on the database)
    storedDescriptions.delete(db.getExecutor().adapter);
    id = (await descriptionIds(db)).get(key);
  }
  if (id === undefined) throw new Error(`wallet-log description ${name} is not stored: a start stores every one (seed)`);
  return id;
}

/** The wallet-log lines of a transaction's logged legs. */
async function walletLogsOf(db: Db, input: TxnInput, txnId: bigint, nowMs: number): Promise<WalletLogRow[]> {
  const rows: WalletLogRow[] = [];
  for (const leg of input.legs) {
    if (!leg.log || !('userId' in leg.account)) continue;
    rows.push({
      user_id: leg.account.userId,
      currency_id: leg.account.currencyId,
      wallet: leg.account.wallet,
      txn_id: txnId,
      category: leg.log.category,
      value_units: leg.deltaUnits,
      text_id: await descriptionId(db, leg.log),
      created_at_ms: BigInt(nowMs),
    });
  }
  return rows;
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
    await insertEntries(trx, entriesOf(input, txnId, accountIds), entryValues);
    await insertWalletLogs(trx, await walletLogsOf(trx, input, txnId, nowMs), walletLogValues);
    return { txnId, replayed: false };
  });
}

/**
 * Posts many transactions of one kind in one database transaction, each its own ledger
 * transaction with its own postings, in a few statements: the txn rows, entries and log lines
 * inserted together and each account's balance moved once by the sum of its legs (so the
 * no-negative condition holds for the whole batch, as it would after posting them one by one in
 * an order that credits first). For engines settling many orders at once: every transaction names
 * a distinct reference, and none carries an idempotency key (the caller's own state guards against
 * a repeat). Throws, writing nothing, when a transaction's legs do not balance. Answers the txn
 * ids in the batch's order.
 */
export async function postTransactions(db: Db, batch: TxnBatch, nowMs: number): Promise<bigint[]> {
  const { kind, references, legCounts, accounts, legAccounts, legFrozen, legDeltaUnits, log } = batch;
  const n = references.length;
  if (legCounts.length !== n || new Set(references).size !== n) throw new Error(`ledger batch: ${kind} needs one leg count and a distinct reference a transaction`);
  // each leg's transaction, and each transaction checked on its own legs
  let legs = 0;
  const currencyOf = (i: number) => accounts[legAccounts[legs + i]!]!.currencyId;
  const deltaOf = (i: number) => legDeltaUnits[legs + i]!;
  for (let t = 0; t < n; t++) {
    const check = checkLegs(legCounts[t]!, currencyOf, deltaOf);
    if (!check.ok) throw new Error(`ledger txn ${kind} refused: ${check.reason} ${check.currencyId ?? ''}`.trim());
    legs += legCounts[t]!;
  }
  if (legAccounts.length !== legs || legFrozen.length !== legs || legDeltaUnits.length !== legs) throw new Error(`ledger batch: ${kind} has ${legs} legs by its counts, not its columns' lengths`);
  const legTxn = new Uint32Array(legs);
  for (let t = 0, leg = 0; t < n; t++) legTxn.fill(t, leg, (leg += legCounts[t]!));
  return inTransaction(db, async (trx) => {
    const txnIds = await insertTxns(trx, kind, references, BigInt(nowMs));
    const changes: AccountChange[] = accounts.map((ref) => ({ ref, delta: { available: 0n, frozen: 0n } }));
    for (let leg = 0; leg < legs; leg++) changes[legAccounts[leg]!]!.delta[legFrozen[leg] ? 'frozen' : 'available'] += legDeltaUnits[leg]!;
    const accountIds = await applyChanges(trx, changes);
    // the rows' values straight from the columns, a leg an item
    await insertEntries(trx, legDeltaUnits, (delta, leg) => {
      const a = legAccounts[leg]!;
      return [txnIds[legTxn[leg]!], accountIds[a], accounts[a]!.currencyId, legFrozen[leg] ? 'frozen' : 'available', delta];
    });
    const logged: number[] = [];
    for (let leg = 0; leg < legs; leg++) if (!legFrozen[leg] && 'userId' in accounts[legAccounts[leg]!]!) logged.push(leg);
    const textId = await descriptionId(trx, log);
    const createdAtMs = BigInt(nowMs);
    await insertWalletLogs(trx, logged, (leg) => {
      const ref = accounts[legAccounts[leg]!] as Extract<AccountRef, { userId: bigint }>;
      return [ref.userId, ref.currencyId, ref.wallet, txnIds[legTxn[leg]!], log.category, legDeltaUnits[leg], textId, createdAtMs];
    });
    ledgerTransactions.inc({ kind }, n);
    return txnIds;
  });
}
