import path from 'node:path';
import { z } from 'zod';
import { limits } from '@tidemark/protocol';

const DAY_MS = 24 * 3600_000;

const zFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'));

/** The URL's scheme, or undefined when it is no URL at all (refinements run after a failed `.url()` too). */
const schemeOf = (value: string) => (URL.canParse(value) ? new URL(value).protocol : undefined);

const zUrl = (protocols: readonly string[]) =>
  z
    .string()
    .url()
    .refine((u) => protocols.includes(schemeOf(u) ?? ''), `must start with ${protocols.join(' or ')}`)
    .optional();

/** Binance's public market data endpoints (no key needed): where FEED=exchange reads unless told otherwise. */
const BINANCE_WS_URL = 'wss://stream.binance.com:9443';
const BINANCE_REST_URL = 'https://api.binance.com';

/** The environment the server reads, validated once at start (README lists every variable). */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: zUrl(['postgres:', 'postgresql:']),
  REDIS_URL: zUrl(['redis:', 'rediss:']),
  SMTP_URL: zUrl(['smtp:', 'smtps:']),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  DEMO: zFlag,
  DEMO_EMAIL: z.string().email().default('demo@tidemark.local'),
  DEMO_PASSWORD: z.string().optional(),
  FEED: z.enum(['sim', 'exchange']).default('sim'),
  EXCHANGE_WS_URL: zUrl(['ws:', 'wss:']),
  EXCHANGE_REST_URL: zUrl(['http:', 'https:']),
  PRICE_RECORD_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SUPPORT_URL: zUrl(['http:', 'https:']),
  TRUST_PROXY: zFlag,
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(limits.sessionIdleMsDefault / DAY_MS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  UPLOAD_LINK_SECRET: z.string().min(32).optional().or(z.literal('').transform(() => undefined)),
  // metrics
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional().or(z.literal('').transform(() => undefined)),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional().or(z.literal('').transform(() => undefined)),
  MARKET_MAKER: zFlag,
}).refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT, { path: ['METRICS_PORT'], message: 'must differ from PORT' });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** undefined: the default for the database (on for SQLite, off for PostgreSQL). */
  demo: boolean | undefined;
  demoEmail: string;
  demoPassword: string | undefined;
  feed: 'sim' | 'exchange';
  /** the exchange's public stream (FEED=exchange); both exchange URLs without a trailing slash */
  exchangeWsUrl: string;
  /** the exchange's public REST API: book snapshots and the history of a fresh install */
  exchangeRestUrl: string;
  /** recorded seconds older than this are deleted (candles are kept) */
  priceRecordMs: number;
  supportUrl: string;
  /** behind a reverse proxy: take the client address from X-Forwarded-For (for per-IP limits) */
  trustProxy: boolean;
  /** a session unused for this long ends */
  sessionIdleMs: number;
  /** signs uploads' links; absent: a key made once in the data folder */
  uploadLinkSecret: string | undefined;
  logLevel: string;
  /** The built web app; served with a history-mode fallback when present. */
  webDistDir: string;
  // metrics
  /** serve the Prometheus metrics on this port (at /metrics); unset: not on a port of their own */
  metricsPort: number | undefined;
  /** a scrape must bring this bearer token; alone, it serves /metrics on the app's port */
  metricsToken: string | undefined;
  /** the market maker quotes the spot books (default on) */
  marketMaker: boolean;
};

export class ConfigError extends Error {}

/** Reads and checks the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // `NAME=` (as in a compose file or a copied .env) means unset: the default applies
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    // relative to where `npm start` was typed (npm runs workspace scripts in their own folder)
    dataDir: path.resolve(given.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    demo: e.DEMO,
    demoEmail: e.DEMO_EMAIL,
    demoPassword: e.DEMO_PASSWORD,
    feed: e.FEED,
    exchangeWsUrl: (e.EXCHANGE_WS_URL ?? BINANCE_WS_URL).replace(/\/+$/, ''),
    exchangeRestUrl: (e.EXCHANGE_REST_URL ?? BINANCE_REST_URL).replace(/\/+$/, ''),
    priceRecordMs: e.PRICE_RECORD_DAYS * DAY_MS,
    supportUrl: e.SUPPORT_URL ?? '',
    trustProxy: e.TRUST_PROXY ?? false,
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY_MS,
    uploadLinkSecret: e.UPLOAD_LINK_SECRET,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    marketMaker: e.MARKET_MAKER ?? true,
  };
}
