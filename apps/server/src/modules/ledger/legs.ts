import type { Posting, PostingAccount, WalletKind } from '@tidemark/core';
import type { AccountRef, Leg, LegLog } from './types';

/** The ledger account a core posting names: its owner's `wallet`, or the system account. */
export const accountOf = (account: PostingAccount, wallet: WalletKind, currencyId: bigint): AccountRef =>
  'owner' in account ? { userId: account.owner, wallet, currencyId } : { system: account.system, currencyId };

/**
 * A core transaction's postings as ledger legs, the owners' in the engine's `wallet`. The owner's
 * legs into `available` get a wallet-log line: `log`, or with a list the n-th such leg its n-th
 * line (the last line for any after it).
 */
export function legsOf(postings: readonly Posting[], wallet: WalletKind, log?: LegLog | readonly LegLog[]): Leg[] {
  let logged = 0;
  return postings.map((p) => {
    const line =
      log === undefined || !('owner' in p.account) || p.bucket !== 'available' ? undefined : Array.isArray(log) ? log[Math.min(logged++, log.length - 1)] : log;
    return { account: accountOf(p.account, wallet, p.currencyId), bucket: p.bucket, deltaUnits: p.deltaUnits, ...(line ? { log: line as LegLog } : {}) };
  });
}
