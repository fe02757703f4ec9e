import type { Bucket, SystemAccount, WalletKind } from '@tidemark/core';
import type { LedgerTextKey, LogCategory } from '@tidemark/protocol';

/** A user's wallet account, or a system account, for one currency. */
export type AccountRef =
  | { userId: bigint; wallet: WalletKind; currencyId: bigint }
  | { system: SystemAccount; currencyId: bigint };

/** One side of a transaction: a signed change of one bucket (default `available`). */
export interface Leg {
  account: AccountRef;
  bucket?: Bucket;
  deltaUnits: bigint;
  /** a line in the user's wallet log (records, transfer log), described in every language */
  log?: LegLog;
}

export interface LegLog {
  /** which records list shows it */
  category: LogCategory;
  text: LedgerTextKey;
  /** the other wallet, named in transfer descriptions */
  wallet?: WalletKind;
}

export interface TxnInput {
  /** what happened, e.g. `transfer`, `deposit`, `lever_open` */
  kind: string;
  /** the business object it belongs to, e.g. `withdrawal:12` */
  reference?: string;
  /** a client- or caller-made id: the same key posts once */
  idempotencyKey?: string;
  legs: readonly Leg[];
}

export interface PostedTxn {
  txnId: bigint;
  /** true when the idempotency key had been used: nothing was written this time */
  replayed: boolean;
}

/**
 * Many transactions of one kind as columns (an engine settling many orders at once): transaction
 * i has `legCounts[i]` legs, in order after those of the transactions before it. Columns, not
 * objects a leg: a batch holds thousands.
 */
export interface TxnBatch {
  kind: string;
  /** each transaction's business object, distinct within the batch */
  references: readonly string[];
  legCounts: ArrayLike<number>;
  /** the accounts the legs name */
  accounts: readonly AccountRef[];
  /** each leg's account, as its index in `accounts` */
  legAccounts: ArrayLike<number>;
  /** each leg's bucket: 1 frozen, 0 available */
  legFrozen: ArrayLike<number>;
  legDeltaUnits: ArrayLike<bigint>;
  /** the wallet-log line of every leg into a user's available bucket */
  log: LegLog;
}
