// Pure double-entry rules: the server persists postings, this module only decides whether they are valid.
import { UNITS_MAX, UNITS_MIN, assertUnitsInRange, formatUnits } from './money';

export type SystemAccount = 'house' | 'fees' | 'deposits' | 'withdrawals' | 'market_maker';
export const SYSTEM_ACCOUNTS: readonly SystemAccount[] = ['house', 'fees', 'deposits', 'withdrawals', 'market_maker'];

export type Bucket = 'available' | 'frozen';

/**
 * Whose money a posting moves: the trader an engine works for (the owner, in the wallet that
 * engine's module books it to) or a system account. The server turns these into ledger legs.
 */
export type PostingAccount = { owner: bigint } | { system: SystemAccount };

export interface Posting {
  account: PostingAccount;
  currencyId: bigint;
  bucket: Bucket;
  deltaUnits: bigint;
}

export type PostingRejection = 'empty' | 'zero_delta' | 'unbalanced' | 'out_of_range';

const BALANCED = { ok: true } as const;

export type PostingCheck = { ok: true } | { ok: false; reason: PostingRejection; currencyId?: bigint };

/** Validates one transaction's postings: non-empty, non-zero in-range deltas, summing to zero per currency. */
export const checkPostings = (postings: readonly Posting[]): PostingCheck =>
  checkLegs(postings.length, (i) => postings[i]!.currencyId, (i) => postings[i]!.deltaUnits);

/**
 * `checkPostings` over columns: leg i's currency and delta, for i below `count`. A batch of
 * thousands of transactions is checked without an object a leg.
 */
export function checkLegs(count: number, currencyOf: (leg: number) => bigint, deltaOf: (leg: number) => bigint): PostingCheck {
  if (count === 0) return { ok: false, reason: 'empty' };
  // most transactions move one currency: summed without a map (batches check thousands)
  const first = currencyOf(0);
  let firstSum = 0n;
  let others: Map<bigint, bigint> | undefined;
  for (let i = 0; i < count; i++) {
    const currencyId = currencyOf(i);
    const deltaUnits = deltaOf(i);
    if (deltaUnits === 0n) return { ok: false, reason: 'zero_delta' };
    if (deltaUnits < UNITS_MIN || deltaUnits > UNITS_MAX) return { ok: false, reason: 'out_of_range' };
    if (currencyId === first) firstSum += deltaUnits;
    else (others ??= new Map()).set(currencyId, (others.get(currencyId) ?? 0n) + deltaUnits);
  }
  if (firstSum !== 0n) return { ok: false, reason: 'unbalanced', currencyId: first };
  for (const [currencyId, sum] of others ?? []) {
    if (sum !== 0n) return { ok: false, reason: 'unbalanced', currencyId };
  }
  return BALANCED;
}

export interface Balance {
  availableUnits: bigint;
  frozenUnits: bigint;
}

const BUCKET_FIELD: Record<Bucket, keyof Balance> = { available: 'availableUnits', frozen: 'frozenUnits' };

/** One account's balance in one currency as a key (`owner:7:3`, `system:fees:3`): balances are kept by it. */
export const balanceKey = (account: PostingAccount, currencyId: bigint): string =>
  'owner' in account ? `owner:${account.owner}:${currencyId}` : `system:${account.system}:${currencyId}`;

/**
 * Applies already-checked postings to a copy of `balances` (keyed by `balanceKey`; untouched entries are shared).
 * Only the final state is judged, so posting order within a transaction does not matter.
 * Throws RangeError if a bucket would leave the signed 64-bit range.
 */
export function applyPostings(
  balances: ReadonlyMap<string, Balance>,
  postings: readonly Posting[],
  allowNegative: (account: PostingAccount) => boolean,
):
  | { ok: true; balances: Map<string, Balance> }
  | { ok: false; reason: 'insufficient'; key: string; bucket: Bucket }
  | { ok: false; reason: 'unknown_account'; key: string } {
  const changed = new Map<string, { account: PostingAccount; balance: Balance }>();
  for (const { account, currencyId, bucket, deltaUnits } of postings) {
    const key = balanceKey(account, currencyId);
    const current = changed.get(key)?.balance ?? balances.get(key);
    if (!current) return { ok: false, reason: 'unknown_account', key };
    const field = BUCKET_FIELD[bucket];
    // Fresh objects: the caller's balances stay untouched.
    changed.set(key, { account, balance: { ...current, [field]: assertUnitsInRange(current[field] + deltaUnits) } });
  }
  for (const [key, { account, balance }] of changed) {
    if (allowNegative(account)) continue;
    if (balance.availableUnits < 0n) return { ok: false, reason: 'insufficient', key, bucket: 'available' };
    if (balance.frozenUnits < 0n) return { ok: false, reason: 'insufficient', key, bucket: 'frozen' };
  }
  const next = new Map(balances);
  for (const [key, { balance }] of changed) next.set(key, balance);
  return { ok: true, balances: next };
}

/** An account's stored balance next to the sum of its postings, as read by the auditor. */
export interface AccountAudit {
  accountId: bigint;
  availableUnits: bigint;
  frozenUnits: bigint;
  postedAvailableUnits: bigint;
  postedFrozenUnits: bigint;
  allowNegative: boolean;
}

export interface TxnAudit {
  txnId: bigint;
  sumsByCurrency: ReadonlyArray<{ currencyId: bigint; sumUnits: bigint }>;
}

const signed = (units: bigint): string => (units > 0n ? '+' : '') + formatUnits(units);

/** Plain-English ledger inconsistencies; empty when the books are sound. */
export function findLedgerProblems(input: { accounts: readonly AccountAudit[]; txns: readonly TxnAudit[] }): string[] {
  const problems: string[] = [];
  for (const { txnId, sumsByCurrency } of input.txns) {
    for (const { currencyId, sumUnits } of sumsByCurrency) {
      if (sumUnits === 0n) continue;
      problems.push(`txn ${txnId} does not balance in currency ${currencyId}: ${signed(sumUnits)}`);
    }
  }
  for (const a of input.accounts) {
    const buckets = [
      ['available', a.availableUnits, a.postedAvailableUnits],
      ['frozen', a.frozenUnits, a.postedFrozenUnits],
    ] as const;
    for (const [bucket, stored, posted] of buckets) {
      if (stored !== posted) {
        const detail = `balance is ${formatUnits(stored)} but its postings sum to ${formatUnits(posted)}`;
        problems.push(`account ${a.accountId} ${bucket} ${detail}`);
      }
      if (!a.allowNegative && stored < 0n) {
        problems.push(`account ${a.accountId} may not go negative but its ${bucket} balance is ${formatUnits(stored)}`);
      }
    }
  }
  return problems;
}
