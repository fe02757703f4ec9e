import { randomBytes } from 'node:crypto';
import { mustParseUnits, type Clock, type WalletKind } from '@tidemark/core';
import { CURRENCY_IDS } from '@tidemark/protocol';
import type { Db } from '../db/database';
import type { StaffRole, UserTable } from '../db/schema';
import { postTransaction } from '../modules/ledger/service';
import { createSession } from '../modules/session/service';
import { addStaffRole } from '../modules/staff/service';
import { hashPassword } from '../modules/user/password';
import { addAddress } from '../modules/wallet/service';

/**
 * Test, demo and bench factories: one line gives a user, a trader ready to move money, a staff
 * member, or a funded wallet. Money only ever arrives through the ledger, as a deposit would.
 */

const USDT = BigInt(CURRENCY_IDS.USDT);

/** Where factories write, and the clock their rows and sessions are stamped with: a running server fits. */
export interface FactoryContext {
  db: Db;
  clock: Clock;
}

export interface BuiltUser {
  id: bigint;
  email: string;
  password: string;
}

export interface SignedInUser extends BuiltUser {
  token: string;
}

interface UserOverrides {
  email?: string;
  password?: string;
}

async function insertTestUser({ db, clock }: FactoryContext, role: UserTable['role'], overrides: UserOverrides): Promise<BuiltUser> {
  const suffix = randomBytes(6).toString('hex');
  const email = overrides.email ?? `${role === 'staff' ? 'staff' : 'trader'}-${suffix}@example.test`;
  const password = overrides.password ?? `Pass${suffix}`;
  const row = await db
    .insertInto('user')
    .values({
      email,
      phone: null,
      country_code: null,
      password_hash: await hashPassword(password),
      extension_code: suffix.toUpperCase(),
      parent_id: null,
      role,
      is_invee: 0n,
      review_status: 0n,
      created_at_ms: BigInt(clock()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

export function buildUser(ctx: FactoryContext, overrides: UserOverrides = {}): Promise<BuiltUser> {
  return insertTestUser(ctx, 'user', overrides);
}

/** A user with a live session token. */
export async function buildSignedInUser(ctx: FactoryContext, overrides: UserOverrides = {}): Promise<SignedInUser> {
  const user = await buildUser(ctx, overrides);
  return { ...user, token: await createSession(ctx.db, user.id, ctx.clock()) };
}

/**
 * A signed-in staff member of the role (admin unless said): the `staffId` of review decisions, and
 * a staff session token for `/api/admin/*` as if their TOTP code had been given. No TOTP secret is
 * set up, so signing in through the console starts with the set-up.
 */
export async function buildStaff(ctx: FactoryContext, overrides: UserOverrides & { role?: StaffRole } = {}): Promise<SignedInUser> {
  const staff = await insertTestUser(ctx, 'staff', overrides);
  await addStaffRole(ctx.db, staff.id, overrides.role ?? 'admin', ctx.clock());
  return { ...staff, token: await createSession(ctx.db, staff.id, ctx.clock(), 'staff') };
}

/** Credits a wallet through the `deposits` clearing account, as an approved deposit would. */
export async function fundWallet(
  { db, clock }: FactoryContext,
  userId: bigint,
  currencyId: bigint,
  amount: string,
  wallet: WalletKind = 'change',
): Promise<void> {
  const units = mustParseUnits(amount);
  await postTransaction(
    db,
    {
      kind: 'deposit',
      reference: `test-funding:${userId}`,
      legs: [
        { account: { userId, wallet, currencyId }, deltaUnits: units },
        { account: { system: 'deposits', currencyId }, deltaUnits: -units },
      ],
    },
    clock(),
  );
}

/** One starting balance: currency id, decimal amount, and the wallet (spot `change` unless said). */
export type Funding = readonly [currencyId: bigint, amount: string, wallet?: WalletKind];

export interface WithdrawalAddress {
  currencyId: bigint;
  address: string;
  network: string;
  notes: string;
}

export interface TraderOptions extends UserOverrides {
  /** starting balances, in this order; 1,000 USDT in the spot wallet unless said */
  funds?: readonly Funding[];
  /** the 6-digit fund password withdrawals ask for */
  fundPassword?: string;
  /** the saved withdrawal address */
  address?: WithdrawalAddress;
}

export interface Trader extends SignedInUser {
  fundPassword: string;
  address: WithdrawalAddress;
}

export const TRADER_DEFAULTS = {
  funds: [[USDT, '1000']] as readonly Funding[],
  fundPassword: '123456',
  // a real TRC20 address (well-formed, with a valid checksum): the book refuses anything else
  address: { currencyId: USDT, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', network: 'TRC20', notes: 'cold' } as WithdrawalAddress,
};

/** A signed-in trader who can move money at once: funded wallets, a fund password and a saved withdrawal address. */
export async function buildTrader(ctx: FactoryContext, options: TraderOptions = {}): Promise<Trader> {
  const { funds = TRADER_DEFAULTS.funds, fundPassword = TRADER_DEFAULTS.fundPassword, address = TRADER_DEFAULTS.address, ...overrides } = options;
  const { db } = ctx;
  const user = await buildSignedInUser(ctx, overrides);
  for (const [currencyId, amount, wallet] of funds) await fundWallet(ctx, user.id, currencyId, amount, wallet);
  // set directly: the service's way needs a mailed code, which is what its own tests cover
  await db.updateTable('user').set({ pay_password_hash: await hashPassword(fundPassword) }).where('id', '=', user.id).execute();
  await addAddress(db, { userId: user.id, ...address }, ctx.clock());
  return { ...user, fundPassword, address };
}

/** Well-formed deposit addresses for each seeded network (staff set them on a real install). */
export const DEPOSIT_ADDRESSES = {
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  Trc20: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV',
} as const;

/** Opens deposits over `networks` (all seeded ones unless said) by configuring their addresses, as staff would. */
export async function openDeposits(ctx: FactoryContext, networks: readonly (keyof typeof DEPOSIT_ADDRESSES)[] = ['BTC', 'ETH', 'Trc20']): Promise<void> {
  for (const network of networks) {
    await ctx.db.updateTable('deposit_address').set({ address: DEPOSIT_ADDRESSES[network] }).where('network', '=', network).execute();
  }
}
