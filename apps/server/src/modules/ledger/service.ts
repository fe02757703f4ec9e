import { checkPostings, type Posting } from '@tidemark/core';
import type { Db } from '../../db/database';
import { Rejection } from '../../rejection';
import {
  accountKey,
  applyDeltas,
  insertAccounts,
  insertEntries,
  insertTxn,
  selectAccountIds,
  selectTxnIdByKey,
} from './queries';
import type { AccountRef, PostedTxn, TxnInput } from './types';

/** Runs `work` in a transaction, or inside the caller's when it already holds one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

async function resolveAccountIds(db: Db, refs: readonly AccountRef[]): Promise<Map<string, bigint>> {
  let ids = await selectAccountIds(db, refs);
  const missing = refs.filter((r) => !ids.has(accountKey(r)));
  if (missing.length > 0) {
    await insertAccounts(db, missing);
    ids = await selectAccountIds(db, refs);
  }
  return ids;
}

/**
 * Posts one double-entry transaction atomically: every leg or none. Throws an Error when the
 * legs do not balance per currency (a bug in the caller) and a Rejection `insufficient_balance`
 * when a user's bucket would go below zero; in both cases nothing is written. A repeated
 * idempotency key returns the first transaction and writes nothing.
 */
export function postTransaction(db: Db, input: TxnInput, nowMs = Date.now()): Promise<PostedTxn> {
  return inTransaction(db, async (trx) => {
    const ids = await resolveAccountIds(trx, input.legs.map((l) => l.account));
    const postings: Posting[] = input.legs.map((leg) => ({
      accountId: ids.get(accountKey(leg.account))!,
      currencyId: leg.account.currencyId,
      bucket: leg.bucket ?? 'available',
      deltaUnits: leg.deltaUnits,
    }));
    const check = checkPostings(postings);
    if (!check.ok) {
      throw new Error(`ledger txn ${input.kind} rejected: ${check.reason} ${check.currencyId ?? ''}`.trim());
    }

    const txnId = await insertTxn(trx, {
      kind: input.kind,
      reference: input.reference ?? null,
      idempotency_key: input.idempotencyKey ?? null,
      created_at_ms: BigInt(nowMs),
    });
    if (txnId === undefined) {
      return { txnId: (await selectTxnIdByKey(trx, input.idempotencyKey!))!, replayed: true };
    }
    await insertEntries(
      trx,
      postings.map((p) => ({
        txn_id: txnId,
        account_id: p.accountId,
        currency_id: p.currencyId,
        bucket: p.bucket,
        delta_units: p.deltaUnits,
      })),
    );

    // one conditional update per account, in id order so concurrent txns lock alike (no deadlock)
    const perAccount = new Map<bigint, { available: bigint; frozen: bigint }>();
    for (const p of postings) {
      const d = perAccount.get(p.accountId) ?? { available: 0n, frozen: 0n };
      d[p.bucket] += p.deltaUnits;
      perAccount.set(p.accountId, d);
    }
    const ordered = [...perAccount].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [accountId, d] of ordered) {
      if (!(await applyDeltas(trx, accountId, d.available, d.frozen))) {
        throw new Rejection('insufficient_balance');
      }
    }
    return { txnId, replayed: false };
  });
}
