import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  applyPostings,
  balanceKey,
  checkPostings,
  findLedgerProblems,
  type AccountAudit,
  type Balance,
  type Bucket,
  type Posting,
  type TxnAudit,
} from './ledger';
import { UNITS_MAX, UNITS_MIN, formatUnits, mustParseUnits } from './money';

// the tests' accounts are owners numbered from 1, each holding one currency
const post = (owner: bigint, currencyId: bigint, bucket: Bucket, deltaUnits: bigint): Posting => ({
  account: { owner },
  currencyId,
  bucket,
  deltaUnits,
});
const balance = (availableUnits: bigint, frozenUnits = 0n): Balance => ({ availableUnits, frozenUnits });
/** The balance key of owner `id` in `currencyId`. */
const key = (id: bigint, currencyId = 1n): string => balanceKey({ owner: id }, currencyId);
/** The owner a posting account stands for (every test account is an owner). */
const ownerOf = (account: Posting['account']): bigint => ('owner' in account ? account.owner : 0n);
const negate = (postings: readonly Posting[]): Posting[] => postings.map((p) => ({ ...p, deltaUnits: -p.deltaUnits }));
const always = (): boolean => true;
const never = (): boolean => false;

const bucketArb = fc.constantFrom<Bucket>('available', 'frozen');
const amountArb = fc.bigInt({ min: 1n, max: 10n ** 15n });

/** A transaction as balanced pairs: each pair moves `amount` between two buckets in one currency. */
const balancedPostingsArb = fc
  .array(
    fc.record({
      from: fc.bigInt({ min: 1n, max: 20n }),
      to: fc.bigInt({ min: 1n, max: 20n }),
      currencyId: fc.bigInt({ min: 1n, max: 3n }),
      fromBucket: bucketArb,
      toBucket: bucketArb,
      amount: amountArb,
    }),
    { minLength: 1, maxLength: 20 },
  )
  .map((pairs) =>
    pairs.flatMap(({ from, to, currencyId, fromBucket, toBucket, amount }) => [
      post(from, currencyId, fromBucket, -amount),
      post(to, currencyId, toBucket, amount),
    ]),
  );

// Accounts hold one currency each; transfers pick their counterparty among accounts of the same currency.
interface AccountSpec {
  currencyId: bigint;
  allowNegative: boolean;
}
const transferArb = fc.record({
  from: fc.nat(),
  to: fc.nat(),
  fromBucket: bucketArb,
  toBucket: bucketArb,
  amount: amountArb,
});
type Transfer = typeof transferArb extends fc.Arbitrary<infer T> ? T : never;

function toPostings(accounts: readonly AccountSpec[], transfers: readonly Transfer[]): Posting[] {
  return transfers.flatMap(({ from, to, fromBucket, toBucket, amount }) => {
    const source = from % accounts.length;
    const currencyId = accounts[source]?.currencyId ?? 0n;
    const peers = accounts.flatMap((a, i) => (a.currencyId === currencyId ? [i] : []));
    const target = peers[to % peers.length] ?? source;
    return [
      post(BigInt(source + 1), currencyId, fromBucket, -amount),
      post(BigInt(target + 1), currencyId, toBucket, amount),
    ];
  });
}

const accountSpecsArb = fc.array(
  fc.record({ currencyId: fc.bigInt({ min: 1n, max: 2n }), allowNegative: fc.boolean() }),
  { minLength: 1, maxLength: 8 },
);

const worldArb = fc
  .tuple(
    accountSpecsArb,
    fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 15n })), {
      minLength: 8,
      maxLength: 8,
    }),
    fc.array(transferArb, { minLength: 1, maxLength: 20 }),
  )
  .map(([accounts, amounts, transfers]) => ({
    accounts,
    balances: new Map(accounts.map((a, i) => [key(BigInt(i + 1), a.currencyId), balance(...(amounts[i] ?? [0n, 0n]))])),
    postings: toPostings(accounts, transfers),
  }));

function totalsByCurrency(
  accounts: readonly AccountSpec[],
  balances: ReadonlyMap<string, Balance>,
): Map<bigint, bigint> {
  const totals = new Map<bigint, bigint>();
  accounts.forEach(({ currencyId }, i) => {
    const b = balances.get(key(BigInt(i + 1), currencyId));
    totals.set(currencyId, (totals.get(currencyId) ?? 0n) + (b ? b.availableUnits + b.frozenUnits : 0n));
  });
  return totals;
}

/** Runs transactions from zero balances the way the server would, keeping only those applyPostings accepts. */
function simulateBooks(
  accounts: readonly AccountSpec[],
  txns: readonly Transfer[][],
): { accounts: AccountAudit[]; txns: TxnAudit[] } {
  let balances = new Map(accounts.map((a, i) => [key(BigInt(i + 1), a.currencyId), balance(0n)]));
  const audits: TxnAudit[] = [];
  txns.forEach((transfers, i) => {
    const postings = toPostings(accounts, transfers);
    const applied = applyPostings(balances, postings, (account) => accounts[Number(ownerOf(account)) - 1]?.allowNegative ?? false);
    if (!applied.ok) return;
    balances = applied.balances;
    const sums = new Map<bigint, bigint>();
    for (const p of postings) sums.set(p.currencyId, (sums.get(p.currencyId) ?? 0n) + p.deltaUnits);
    const sumsByCurrency = [...sums].map(([currencyId, sumUnits]) => ({ currencyId, sumUnits }));
    audits.push({ txnId: BigInt(i + 1), sumsByCurrency });
  });
  return {
    accounts: accounts.map(({ allowNegative, currencyId }, i) => {
      const b = balances.get(key(BigInt(i + 1), currencyId)) ?? balance(0n);
      return {
        accountId: BigInt(i + 1),
        availableUnits: b.availableUnits,
        frozenUnits: b.frozenUnits,
        postedAvailableUnits: b.availableUnits,
        postedFrozenUnits: b.frozenUnits,
        allowNegative,
      };
    }),
    txns: audits,
  };
}

const booksArb = fc
  .tuple(
    accountSpecsArb.map(([first, ...rest]) => [{ currencyId: 1n, ...first, allowNegative: true }, ...rest]),
    fc.array(fc.array(transferArb, { minLength: 1, maxLength: 4 }), { maxLength: 30 }),
  )
  .map(([accounts, txns]) => simulateBooks(accounts, txns));

describe('checkPostings', () => {
  it('accepts balanced postings, including available → frozen on one account', () => {
    expect(checkPostings([post(1n, 1n, 'available', -5n), post(1n, 1n, 'frozen', 5n)])).toEqual({ ok: true });
    expect(
      checkPostings([
        post(1n, 1n, 'available', -5n),
        post(2n, 1n, 'available', 5n),
        post(3n, 2n, 'available', 7n),
        post(4n, 2n, 'available', -7n),
      ]),
    ).toEqual({ ok: true });
    const extremes = [
      post(1n, 1n, 'available', UNITS_MIN),
      post(2n, 1n, 'available', UNITS_MAX),
      post(3n, 1n, 'frozen', 1n),
    ];
    expect(checkPostings(extremes)).toEqual({ ok: true });
  });

  it.each([
    ['empty', [], { ok: false, reason: 'empty' }],
    ['zero delta', [post(1n, 1n, 'available', 0n)], { ok: false, reason: 'zero_delta' }],
    [
      'out of range',
      [post(1n, 1n, 'available', UNITS_MAX + 1n), post(2n, 1n, 'available', -UNITS_MAX - 1n)],
      { ok: false, reason: 'out_of_range' },
    ],
    [
      'unbalanced currency',
      [post(1n, 1n, 'available', -5n), post(2n, 1n, 'available', 5n), post(3n, 2n, 'available', 5n)],
      { ok: false, reason: 'unbalanced', currencyId: 2n },
    ],
  ])('rejects %s', (_, postings, expected) => {
    expect(checkPostings(postings)).toEqual(expected);
  });

  it('passes any list of balanced pairs', () => {
    fc.assert(
      fc.property(balancedPostingsArb, (postings) => {
        expect(checkPostings(postings)).toEqual({ ok: true });
      }),
    );;
  });

  it('fails when any single delta is perturbed', () => {
    const nonZero = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).filter((e) => e !== 0n);
    fc.assert(
      fc.property(balancedPostingsArb, fc.nat(), nonZero, (postings, index, e) => {
        const i = index % postings.length;
        const perturbed = postings.map((p, j) => (j === i ? { ...p, deltaUnits: p.deltaUnits + e } : p));
        const target = perturbed[i];
        if (!target) throw new Error('unreachable');
        expect(checkPostings(perturbed)).toEqual(
          target.deltaUnits === 0n
            ? { ok: false, reason: 'zero_delta' }
            : { ok: false, reason: 'unbalanced', currencyId: target.currencyId },
        );
      }),
    );
  });
});

describe('applyPostings', () => {
  const balances = new Map([
    [key(1n), balance(10n, 3n)],
    [key(2n), balance(0n)],
  ]);

  it('moves money and leaves the input untouched', () => {
    const result = applyPostings(balances, [post(1n, 1n, 'available', -4n), post(2n, 1n, 'frozen', 4n)], never);
    expect(result).toEqual({
      ok: true,
      balances: new Map([
        [key(1n), balance(6n, 3n)],
        [key(2n), balance(0n, 4n)],
      ]),
    });
    expect(balances).toEqual(new Map([[key(1n), balance(10n, 3n)], [key(2n), balance(0n)]]));
  });

  it('judges only the final state, not intermediate steps', () => {
    const postings = [
      post(2n, 1n, 'available', -4n), // account 2 dips below zero here...
      post(1n, 1n, 'available', -4n),
      post(2n, 1n, 'available', 4n), // ...and is made whole here
      post(2n, 1n, 'frozen', 4n),
    ];
    expect(applyPostings(balances, postings, never).ok).toBe(true);
  });

  it('rejects an unknown account', () => {
    expect(applyPostings(balances, [post(1n, 1n, 'available', -1n), post(9n, 1n, 'available', 1n)], never)).toEqual({
      ok: false,
      reason: 'unknown_account',
      key: key(9n),
    });
  });

  it('rejects a bucket going negative, available or frozen', () => {
    expect(applyPostings(balances, [post(1n, 1n, 'available', -11n), post(2n, 1n, 'available', 11n)], never)).toEqual({
      ok: false,
      reason: 'insufficient',
      key: key(1n),
      bucket: 'available',
    });
    expect(applyPostings(balances, [post(1n, 1n, 'frozen', -4n), post(1n, 1n, 'available', 4n)], never)).toEqual({
      ok: false,
      reason: 'insufficient',
      key: key(1n),
      bucket: 'frozen',
    });
  });

  it('lets accounts that may go negative do so', () => {
    const postings = [post(2n, 1n, 'available', -7n), post(1n, 1n, 'available', 7n)];
    const result = applyPostings(balances, postings, (account) => ownerOf(account) === 2n);
    expect(result.ok && result.balances.get(key(2n))).toEqual(balance(-7n));
  });

  it('preserves the total per currency across all accounts', () => {
    fc.assert(
      fc.property(worldArb, ({ accounts, balances, postings }) => {
        expect(checkPostings(postings)).toEqual({ ok: true });
        const result = applyPostings(balances, postings, always);
        if (!result.ok) throw new Error(result.reason);
        expect(totalsByCurrency(accounts, result.balances)).toEqual(totalsByCurrency(accounts, balances));
      }),
    );
  });

  it('applying then applying the negation restores the original balances', () => {
    fc.assert(
      fc.property(worldArb, ({ balances, postings }) => {
        const snapshot = structuredClone(balances);
        const forward = applyPostings(balances, postings, always);
        if (!forward.ok) throw new Error(forward.reason);
        // The original balances are non-negative, so the reversal passes even for accounts that may not go negative.
        expect(applyPostings(forward.balances, negate(postings), never)).toEqual({ ok: true, balances: snapshot });
        expect(balances).toEqual(snapshot);
      }),
    );
  });
});

describe('findLedgerProblems', () => {
  const account = (overrides: Partial<AccountAudit>): AccountAudit => ({
    accountId: 1n,
    availableUnits: 0n,
    frozenUnits: 0n,
    postedAvailableUnits: 0n,
    postedFrozenUnits: 0n,
    allowNegative: false,
    ...overrides,
  });

  it('describes each kind of problem in plain English', () => {
    expect(
      findLedgerProblems({
        accounts: [
          account({ accountId: 7n, availableUnits: mustParseUnits('5'), postedAvailableUnits: mustParseUnits('4.5') }),
          account({ accountId: 8n, frozenUnits: -1n, postedFrozenUnits: -1n }),
          account({ accountId: 9n, availableUnits: -1n, postedAvailableUnits: -1n, allowNegative: true }),
        ],
        txns: [
          { txnId: 12n, sumsByCurrency: [{ currencyId: 3n, sumUnits: mustParseUnits('5') }] },
          { txnId: 13n, sumsByCurrency: [{ currencyId: 1n, sumUnits: 0n }, { currencyId: 2n, sumUnits: -1n }] },
        ],
      }),
    ).toEqual([
      'txn 12 does not balance in currency 3: +5.00000000',
      'txn 13 does not balance in currency 2: -0.00000001',
      'account 7 available balance is 5.00000000 but its postings sum to 4.50000000',
      'account 8 may not go negative but its frozen balance is -0.00000001',
    ]);
  });

  it('says nothing about consistent books', () => {
    fc.assert(
      fc.property(booksArb, (books) => {
        expect(findLedgerProblems(books)).toEqual([]);
      }),
    );;
  });

  it('finds a corrupted balance', () => {
    const delta = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).filter((d) => d !== 0n);
    fc.assert(
      fc.property(booksArb, fc.nat(), delta, (books, index, d) => {
        const i = index % books.accounts.length;
        const accounts = books.accounts.map((a, j) => (j === i ? { ...a, availableUnits: a.availableUnits + d } : a));
        const id = BigInt(i + 1); // simulateBooks numbers accounts from 1
        const problems = findLedgerProblems({ ...books, accounts });
        expect(problems.some((p) => p.startsWith(`account ${id} available balance is`))).toBe(true);
        expect(problems.every((p) => p.startsWith(`account ${id} `))).toBe(true);
      }),
    );
  });

  it('finds an unbalanced transaction', () => {
    const sum = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).filter((s) => s !== 0n);
    fc.assert(
      fc.property(booksArb, sum, (books, s) => {
        const txns = [...books.txns, { txnId: 999n, sumsByCurrency: [{ currencyId: 1n, sumUnits: s }] }];
        expect(findLedgerProblems({ ...books, txns })).toEqual([
          `txn 999 does not balance in currency 1: ${s > 0n ? '+' : ''}${formatUnits(s)}`,
        ]);
      }),
    );
  });
});
