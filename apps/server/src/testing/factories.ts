import { randomBytes } from 'node:crypto';
import { mustParseUnits, type WalletKind } from '@tidemark/core';
import { systemClock } from '../clock';
import type { Db } from '../db/database';
import { postTransaction } from '../modules/ledger/service';
import { createSession } from '../modules/session/service';
import { hashPassword } from '../modules/user/password';

/** Test and demo factories: one line gives a user, a session, or a funded wallet. */

export interface BuiltUser {
  id: bigint;
  email: string;
  password: string;
}

export async function buildUser(db: Db, overrides: { email?: string; password?: string } = {}): Promise<BuiltUser> {
  const suffix = randomBytes(6).toString('hex');
  const email = overrides.email ?? `trader-${suffix}@example.test`;
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
      role: 'user',
      is_invee: 0n,
      review_status: 0n,
      created_at_ms: BigInt(systemClock()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

/** A user with a live session token. */
export async function buildSignedInUser(db: Db, overrides: { email?: string } = {}) {
  const user = await buildUser(db, overrides);
  return { ...user, token: await createSession(db, user.id, systemClock()) };
}

/** Credits a wallet through the `deposits` clearing account, as an approved deposit would. */
export async function fundWallet(
  db: Db,
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
    systemClock(),
  );
}
