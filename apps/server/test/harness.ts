import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { calls, type CallSpec } from '@tidemark/protocol';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import type { Mail, Mailer } from '../src/modules/mail/service';
import { checkLedger } from '../src/modules/ledger/check';
import type { MarketOptions } from '../src/engine/market/market';
import { startServer, type RunningServer } from '../src/server';
import type { Lead } from '../src/engine/hosted';
import { openLead } from '../src/engine/lead';
import type { JobRunner } from '../src/jobs';

/** Which database this run of the suite uses: SQLite always, PostgreSQL when CI asks for it. */
export const onPostgres = process.env.TEST_DB === 'pg';

export interface CallOptions {
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  /** GET query */
  query?: Record<string, string>;
  /** the client address the server sees; unless given, each call comes from the server's next address */
  ip?: string;
}

export interface TestServer extends RunningServer {
  /** POST a form-urlencoded body, as the spec's client does; answers the parsed envelope */
  post(pathname: string, form?: Record<string, string>, options?: CallOptions): Promise<Envelope>;
  get(pathname: string, options?: CallOptions): Promise<Envelope>;
  /** fails the test with the problems if the ledger does not prove out */
  expectLedgerSound(): Promise<void>;
  /** the engines' current term (this process leads), or one running its jobs on `jobs` (a test's own runner) */
  lead(jobs?: JobRunner): Lead;
}

/** An answer: the envelope, and `data` where a call answers at the top level (the chart) */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Envelope = { type: string; code?: string; message: any; data?: any[] };

/**
 * A real server on an ephemeral port over a fresh database: a new SQLite file, or a new
 * PostgreSQL schema (dropped on close) so suites run side by side.
 */
export interface TestServerOptions {
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
  env?: Record<string, string>;
  mailer?: Mailer;
  /** seed, clock and pace of the market engine */
  market?: MarketOptions;
  /** receives every line the server logs, from level info up */
  logLines?: string[];
}

export async function startTestServer({ extraRoutes, env = {}, mailer, market, logLines }: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  let pgSchema: string | undefined;
  if (onPostgres) {
    if (!pgUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
    pgSchema = `t_${randomBytes(6).toString('hex')}`;
    await withPg(pgUrl, (c) => c.query(`create schema ${pgSchema}`));
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    TRUST_PROXY: '1',
    DEMO: '0',
    // an empty spot book unless a test asks for the market maker's quotes
    MARKET_MAKER: '0',
    ...(onPostgres ? { DATABASE_URL: pgUrl } : {}),
    ...env,
  });
  const server = await startServer(config, {
    logger: logLines ? { level: 'info', stream: { write: (line: string) => logLines.push(line) } } : process.env.TEST_LOG ? { level: 'error' } : false,
    ...(extraRoutes ? { extraRoutes } : {}),
    ...(mailer ? { mailer } : {}),
    ...(market ? { market } : {}),
    ...(pgSchema ? { pgSchema } : {}),
  });

  const nextIp = clientAddresses();
  const call = async (method: string, pathname: string, body: URLSearchParams | undefined, o: CallOptions = {}) => {
    const url = new URL(pathname, server.url);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
    const response = await fetch(url, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.lang ? { lang: o.lang } : {}),
        // the server trusts the proxy header (TRUST_PROXY=1), so this is the address it rate-limits by
        'x-forwarded-for': o.ip ?? nextIp(),
        ...o.headers,
      },
      ...(body ? { body } : {}),
    });
    const answer = (await response.json()) as Envelope;
    if (answer.type === 'ok') expectContract(method, url.pathname, answer);
    return answer;
  };

  return {
    ...server,
    post: (p, form = {}, o) => call('POST', p, new URLSearchParams(form), o),
    get: (p, o) => call('GET', p, undefined, o),
    async expectLedgerSound() {
      expect(await checkLedger(server.db)).toEqual([]);
    },
    lead(jobs) {
      const current = server.market.lead();
      if (!current) throw new Error('this test server does not lead');
      if (!jobs) return current;
      return openLead({ db: server.db, jobs, epoch: current.epoch, clock: server.clock, log: server.app.log, lost: () => {} });
    },
    async close() {
      await server.close();
      if (pgSchema) await withPg(pgUrl!, (c) => c.query(`drop schema ${pgSchema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The table's call for a request, matching `:name` segments; undefined for a test's own routes. */
export function callOf(method: string, pathname: string): CallSpec | undefined {
  const segments = pathname.split('/');
  return Object.values<CallSpec>(calls).find((call) => {
    if (call.method !== method) return false;
    const pattern = call.path.split('/');
    return pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') || part === segments[i]);
  });
}

/**
 * Every ok answer a test receives must match its call's response schema in the table, so each
 * integration test also checks the contract the web app relies on.
 */
export function expectContract(method: string, pathname: string, answer: Envelope): void {
  const schema = callOf(method, pathname)?.response;
  if (!schema) return;
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
    expect.fail(`${method} ${pathname} answered outside its response schema:\n  ${problems.join('\n  ')}\nanswer: ${JSON.stringify(answer).slice(0, 500)}`);
  }
}

/**
 * Client addresses for one test server, in order from 198.18.0.1 (the range set aside for
 * testing networks): the same calls get the same addresses on every run, and no two calls share
 * one, so per-IP limits only bite where a test passes the same `ip` on purpose.
 */
export function clientAddresses(): () => string {
  let n = 0;
  return () => {
    n += 1;
    if (n >= 1 << 17) throw new Error('a test server ran out of client addresses');
    return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
  };
}

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A mailer that keeps what it was asked to send, for reading codes in tests. */
export function captureMailer(): Mailer & { sent: Mail[]; lastCode(to: string): string } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
    lastCode(to) {
      const mail = sent.filter((m) => m.to === to.toLowerCase()).at(-1);
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code was mailed to ${to}`);
      return code;
    },
  };
}
