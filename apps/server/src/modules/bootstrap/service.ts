import { randomBytes } from 'node:crypto';
import { mustParseUnits } from '@tidemark/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { insertWallets } from '../ledger/queries';
import { postTransaction } from '../ledger/service';
import { hashPassword } from '../user/password';
import { insertUser, selectUserByEmail } from '../user/queries';

// what the demo trader starts with in the spot wallet: [currency id, amount]
const DEMO_FUNDS: ReadonlyArray<[bigint, string]> = [
  [3n, '100000'],
  [1n, '2'],
  [2n, '20'],
];

async function ensureUser(db: Db, email: string, password: string, role: 'user' | 'staff'): Promise<{ id: bigint; created: boolean }> {
  const existing = await selectUserByEmail(db, email);
  if (existing) return { id: existing.id, created: false };
  const id = await insertUser(db, {
    email,
    phone: null,
    country_code: null,
    password_hash: await hashPassword(password),
    extension_code: randomBytes(4).toString('hex').toUpperCase(),
    parent_id: null,
    role,
    is_invee: 0n,
    review_status: 0n,
    created_at_ms: BigInt(Date.now()),
  });
  await insertWallets(db, id);
  return { id, created: true };
}

/**
 * First-start accounts: the staff account from ADMIN_EMAIL/ADMIN_PASSWORD, and on the embedded
 * default (or DEMO=1) a demo trader funded by real deposits through the ledger, so a newcomer can
 * try everything at once. Both are created once; later starts leave them alone.
 */
export async function bootstrapAccounts(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (config.adminEmail && config.adminPassword) {
    const admin = await ensureUser(db, config.adminEmail.toLowerCase(), config.adminPassword, 'staff');
    if (admin.created) log.info(`staff account ${config.adminEmail} created`);
  }
  const demoWanted = config.demo ?? !config.databaseUrl;
  if (!demoWanted) return;
  const password = config.demoPassword ?? `demo-${randomBytes(6).toString('hex')}`;
  const demo = await ensureUser(db, config.demoEmail.toLowerCase(), password, 'user');
  if (!demo.created) return;
  for (const [currencyId, amount] of DEMO_FUNDS) {
    const units = mustParseUnits(amount);
    await postTransaction(db, {
      kind: 'deposit',
      reference: 'demo-funding',
      idempotencyKey: `demo-funding:${demo.id}:${currencyId}`,
      legs: [
        { account: { userId: demo.id, wallet: 'change', currencyId }, deltaUnits: units, log: { category: 'deposit', text: 'deposit' } },
        { account: { system: 'deposits', currencyId }, deltaUnits: -units },
      ],
    });
  }
  log.info(`demo trader created: sign in as ${config.demoEmail} with password ${password}`);
}
