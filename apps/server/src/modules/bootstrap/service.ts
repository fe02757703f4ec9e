import { randomBytes } from 'node:crypto';
import { mustParseUnits, type Clock } from '@tidemark/core';
import { CURRENCY_IDS, everyDescription, REVIEW_STATUS } from '@tidemark/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { lockSeeding } from '../../db/dialect';
import { insertReferenceData } from '../../db/seed';
import { inTransaction } from '../../db/transaction';
import { insertDescriptions, insertWallets } from '../ledger/queries';
import { postTransaction } from '../ledger/service';
import { hashPassword } from '../user/password';
import { addStaffRole, hasStaff } from '../staff/service';
import { insertUser, selectUserByEmail } from '../user/queries';

/**
 * The reference data and this build's wallet-log descriptions (which postings refer to), in one
 * transaction; safe to run on every start.
 */
export async function seed(db: Db): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockSeeding(trx);
    await insertReferenceData(trx);
    await insertDescriptions(trx, everyDescription());
  });
}

// what the demo trader starts with in the spot wallet: [currency id, amount]
const DEMO_FUNDS: ReadonlyArray<[number, string]> = [
  [CURRENCY_IDS.USDT, '100000'],
  [CURRENCY_IDS.BTC, '2'],
  [CURRENCY_IDS.ETH, '20'],
];

/** The market maker: an account no one can sign in to (no password is kept), quoting the spot books. */
export const MARKET_MAKER_EMAIL = 'market-maker@tidemark.invalid';

// what the market maker starts with in its spot wallet, from the `market_maker` system account: [currency id, amount]
const MARKET_MAKER_FUNDS: ReadonlyArray<[number, string]> = [
  [CURRENCY_IDS.USDT, '1000000'],
  [CURRENCY_IDS.BTC, '10'],
  [CURRENCY_IDS.ETH, '100'],
  [4, '400'],
  [5, '1600'],
  [6, '400000'],
  [7, '1600000'],
  [8, '3000'],
];

async function ensureUser(
  db: Db,
  user: { email: string; password: string; role: 'user' | 'staff' },
  nowMs: number,
): Promise<{ id: bigint; created: boolean }> {
  const { email, password, role } = user;
  const existing = await selectUserByEmail(db, email);
  if (existing) return { id: existing.id, created: false };
  const passwordHash = await hashPassword(password);
  try {
    // the user and its wallets together: a process starting beside this one sees both or neither
    const id = await inTransaction(db, async (trx) => {
      const userId = await insertUser(trx, {
        email,
        phone: null,
        country_code: null,
        password_hash: passwordHash,
        extension_code: randomBytes(4).toString('hex').toUpperCase(),
        parent_id: null,
        role,
        is_invee: 0n,
        review_status: BigInt(REVIEW_STATUS.none),
        created_at_ms: BigInt(nowMs),
      });
      await insertWallets(trx, userId);
      return userId;
    });
    return { id, created: true };
  } catch (error) {
    // another process starting at the same moment made it first (the e-mail is unique)
    const made = await selectUserByEmail(db, email);
    if (made) return { id: made.id, created: false };
    throw error;
  }
}

/**
 * The market maker's account, created and funded once through the ledger: its spot wallet is
 * credited from the `market_maker` system account (which goes negative by the capital it put in),
 * so it quotes only what it holds. Answers its user id.
 */
export async function ensureMarketMaker(db: Db, clock: Clock): Promise<bigint> {
  const maker = await ensureUser(db, { email: MARKET_MAKER_EMAIL, password: randomBytes(32).toString('hex'), role: 'user' }, clock());
  for (const [id, amount] of MARKET_MAKER_FUNDS) {
    const currencyId = BigInt(id);
    const units = mustParseUnits(amount);
    await postTransaction(
      db,
      {
        kind: 'market_maker_funding',
        reference: 'market-maker-funding',
        idempotencyKey: `market-maker-funding:${currencyId}`,
        legs: [
          { account: { userId: maker.id, wallet: 'change', currencyId }, deltaUnits: units },
          { account: { system: 'market_maker', currencyId }, deltaUnits: -units },
        ],
      },
      clock(),
    );
  }
  return maker.id;
}

/**
 * First-start accounts: the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD while no staff
 * member exists (there is no built-in password: without both, no staff account), and on the embedded
 * default (or DEMO=1) a demo trader funded by real deposits through the ledger, so a newcomer can
 * try everything at once. Both are created once; later starts leave them alone.
 */
export async function bootstrapAccounts(db: Db, config: Config, log: FastifyBaseLogger, clock: Clock): Promise<void> {
  if (config.adminEmail && config.adminPassword && !(await hasStaff(db))) {
    const email = config.adminEmail.toLowerCase();
    const existing = await selectUserByEmail(db, email);
    if (existing && existing.role !== 'staff') {
      log.warn(`ADMIN_EMAIL ${email} belongs to a trader; no staff account created`);
    } else {
      const admin = await ensureUser(db, { email, password: config.adminPassword, role: 'staff' }, clock());
      await addStaffRole(db, admin.id, 'admin', clock());
      log.info(`first administrator ${email} created: sign in at /admin and set up the authenticator code`);
    }
  }
  const demoWanted = config.demo ?? !config.databaseUrl;
  if (!demoWanted) return;
  const password = config.demoPassword ?? `demo-${randomBytes(6).toString('hex')}`;
  const demo = await ensureUser(db, { email: config.demoEmail.toLowerCase(), password, role: 'user' }, clock());
  if (!demo.created) return;
  for (const [id, amount] of DEMO_FUNDS) {
    const currencyId = BigInt(id);
    const units = mustParseUnits(amount);
    await postTransaction(
      db,
      {
        kind: 'deposit',
        reference: 'demo-funding',
        idempotencyKey: `demo-funding:${demo.id}:${currencyId}`,
        legs: [
          { account: { userId: demo.id, wallet: 'change', currencyId }, deltaUnits: units, log: { category: 'deposit', text: 'deposit' } },
          { account: { system: 'deposits', currencyId }, deltaUnits: -units },
        ],
      },
      clock(),
    );
  }
  log.info(`demo trader created: sign in as ${config.demoEmail} with password ${password}`);
}
