import { checkPostings, type Bucket } from '@tidemark/core';
import { describeEntry } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { ledgerTransactions } from '../../metrics';
import { Rejection } from '../../rejection';
import { accountKey, applyDeltas, insertAccount, insertEntries, insertTxn, insertWalletLogs, selectTxnIdByKey } from './queries';
import type { AccountRef, PostedTxn, TxnInput } from './types';

interface AccountChange {
  ref: AccountRef;
  delta: Record<Bucket, bigint>;
}

/** The legs summed per account, in one global order so concurrent txns lock alike (no deadlock). */
function changesByAccount(input: TxnInput): AccountChange[] {
  const changes = new Map<string, AccountChange>();
  for (const leg of input.legs) {
    const key = accountKey(leg.account);
    const change = changes.get(key) ?? { ref: leg.account, delta: { available: 0n, frozen: 0n } };
    change.delta[leg.bucket ?? 'available'] += leg.deltaUnits;
    changes.set(key, change);
  }
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
export function postTransaction(db: Db, input: TxnInput, nowMs: number): Promise<PostedTxn> {
  const check = checkPostings(
    input.legs.map((leg, i) => ({
      accountId: BigInt(i),
      currencyId: leg.account.currencyId,
      bucket: leg.bucket ?? 'available',
      deltaUnits: leg.deltaUnits,
    })),
  );
  if (!check.ok) {
    return Promise.reject(new Error(`ledger txn ${input.kind} refused: ${check.reason} ${check.currencyId ?? ''}`.trim()));
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
    const accountIds = new Map<string, bigint>();
    for (const change of changesByAccount(input)) {
      accountIds.set(accountKey(change.ref), await applyChange(trx, change));
    }
    await insertEntries(
      trx,
      input.legs.map((leg) => ({
        txn_id: txnId,
        account_id: accountIds.get(accountKey(leg.account))!,
        currency_id: leg.account.currencyId,
        bucket: leg.bucket ?? 'available',
        delta_units: leg.deltaUnits,
      })),
    );
    await insertWalletLogs(
      trx,
      input.legs.flatMap((leg) => {
        if (!leg.log || !('userId' in leg.account)) return [];
        const text = describeEntry(leg.log.text, leg.log.wallet);
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
      }),
    );
    return { txnId, replayed: false };
  });
}
