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
