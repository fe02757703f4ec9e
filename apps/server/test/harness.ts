import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { calls, type CallSpec, type CallWhole, type TEnvelopeError, type TTimesharError } from '@tidemark/protocol';
import type { z } from 'zod';
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
  /** the client address the server sees; unless given, each call to a test server comes from its next address */
  ip?: string;
  /** the values of the call's path parameters (`:name`) */
  params?: Record<string, string>;
}

/** The options of a test's own route, which is not in the table: its GET query as well. */
export interface RouteOptions extends CallOptions {
  query?: Record<string, string>;
}

/**
 * A form as the wire carries it: the call's request fields, each a string (form bodies and
 * query strings are text) and each optional (negative tests leave fields out); a link call's
 * signed link (`expires`, `sig`) too. A call known only as some call of the table (a `Request`)
 * takes the fields `request` checked.
 */
export type Form<C extends CallSpec> = CallSpec extends C
  ? Record<string, string>
  :
      | (C['request'] extends z.ZodType ? { [K in keyof z.input<C['request']>]?: string } : Record<string, never>)
      | (C extends { auth: 'link' } ? { expires?: string; sig?: string } : never);

/** A call with its form, kept to be sent later (a test's table of operations, a call retried). */
export interface Request {
  call: CallSpec;
  form: Record<string, string>;
}
/** A request whose form is checked against its call's. */
export const request = <C extends CallSpec>(call: C, form: Form<C>): Request => ({ call, form: form as Record<string, string> });

declare const malformedForm: unique symbol;
/** Fields outside a call's form, made only by `malformed`. */
export type Malformed = Record<string, string> & { readonly [malformedForm]: true };
/** Fields the call's form does not name, sent on purpose: what no client should send, or what template clients send beside the form. */
export const malformed = (fields: Record<string, string>): Malformed => fields as Malformed;

/** A refused call: `error` with its code, or `999` (no valid session); a chart call's carries its chart fields. */
export type Refusal<C extends CallSpec> = C extends { answer: 'chart' } ? TTimesharError : TEnvelopeError;
/** An ok answer, as the call's response schema types it. */
export type Ok<C extends CallSpec> = CallSpec extends C ? { type: 'ok'; message: unknown } : CallWhole<C>;
/** Either answer, told apart by `type`; `code` reads as undefined on an ok answer that has none. */
export type Answer<C extends CallSpec> = (Ok<C> extends { code: unknown } ? Ok<C> : Ok<C> & { code?: undefined }) | Refusal<C>;

/** Makes calls of the table to one server. */
export interface Client {
  /** a call that must succeed: its ok answer; a refusal fails the test */
  call<C extends CallSpec>(call: C, form?: Form<C> | Malformed, options?: CallOptions): Promise<Ok<C>>;
  /** a call that must be refused: its refusal; an ok answer fails the test */
  refused<C extends CallSpec>(call: C, form?: Form<C> | Malformed, options?: CallOptions): Promise<Refusal<C>>;
  /** a call whose outcome the test reads (races, limits, retries): either answer */
  attempt<C extends CallSpec>(call: C, form?: Form<C> | Malformed, options?: CallOptions): Promise<Answer<C>>;
}

export interface TestServer extends RunningServer, Client {
  /** a test's own route (`extraRoutes`, not in the table): POST a form-urlencoded body; answers the parsed envelope */
  post(pathname: string, form?: Record<string, string>, options?: RouteOptions): Promise<Envelope>;
  get(pathname: string, options?: RouteOptions): Promise<Envelope>;
  /** fails the test with the problems if the ledger does not prove out */
  expectLedgerSound(): Promise<void>;
  /** the engines' current term (this process leads), or one running its jobs on `jobs` (a test's own runner) */
  lead(jobs?: JobRunner): Lead;
}

/** The answer of a test's own route: an envelope whose message the route decides. */
export type Envelope = { type: string; code?: string; message: unknown };

/**
 * A client of the server at `url` that calls as the web app does: the call's method and path
 * (parameters filled from `params`), the form as the body of a POST or the query of a GET. Each
 * call comes from `nextIp()` unless it names its `ip`; without `nextIp`, from this process.
 */
export function clientOf(url: string, nextIp?: () => string): Client {
  const send = async <C extends CallSpec>(call: C, form: Form<C> | Malformed = {}, options: CallOptions = {}) => {
    const pathname = pathOf(call, options.params);
    const fields = new URLSearchParams(form as Record<string, string>);
    const ip = options.ip ?? nextIp?.();
    return fetchEnvelope(url, call.method, pathname, call.method === 'GET' ? { query: fields } : { body: fields }, { ...options, ...(ip ? { ip } : {}) });
  };
  const where = (call: CallSpec) => `${call.method} ${call.path}`;
  return {
    attempt: (call, form, options) => send(call, form, options) as Promise<Answer<typeof call>>,
    async call(call, form, options) {
      const answer = await send(call, form, options);
      if (answer.type !== 'ok') expect.fail(`${where(call)} was refused: ${JSON.stringify(answer).slice(0, 500)}`);
      return answer as unknown as Ok<typeof call>;
    },
    async refused(call, form, options) {
      const answer = await send(call, form, options);
      if (answer.type === 'ok') expect.fail(`${where(call)} was not refused: ${JSON.stringify(answer).slice(0, 500)}`);
      return answer as unknown as Refusal<typeof call>;
    },
  };
}

/**
 * The outcome of a request to a server that may die under it: `ok`, the refusal's code, or
 * `unanswered` when the connection died. An ok answer outside its call's schema still fails the test.
 */
export async function outcomeOf(url: string, { call, form }: Request, options: CallOptions): Promise<string> {
  try {
    const answer = await clientOf(url).attempt(call, form, options);
    return answer.type === 'ok' ? 'ok' : answer.code;
  } catch (error) {
    if (error instanceof Error && error.name === 'AssertionError') throw error;
    return 'unanswered';
  }
}

/** A call's path with its parameters (`:name`) filled in, for a test that fetches it itself. */
export function pathOf(call: CallSpec, params: Record<string, string> = {}): string {
  return call.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${call.method} ${call.path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** A signed link to an upload, as the upload answered it, in a call's parts: the file name and the signature fields. */
export function uploadLink(link: string): { params: { name: string }; form: { expires: string; sig: string } } {
  const url = new URL(link, 'http://link');
  return { params: { name: url.pathname.split('/').pop()! }, form: { expires: url.searchParams.get('expires')!, sig: url.searchParams.get('sig')! } };
}

/** One request; an ok answer of a call in the table is checked against its response schema. */
async function fetchEnvelope(
  base: string,
  method: string,
  pathname: string,
  { query, body }: { query?: URLSearchParams; body?: URLSearchParams },
  o: CallOptions,
): Promise<Envelope> {
  const url = new URL(pathname, base);
  for (const [k, v] of query ?? []) url.searchParams.set(k, v);
  const response = await fetch(url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.lang ? { lang: o.lang } : {}),
      // a test server trusts the proxy header (TRUST_PROXY=1), so this is the address it rate-limits by
      ...(o.ip ? { 'x-forwarded-for': o.ip } : {}),
      ...o.headers,
    },
    ...(body ? { body } : {}),
  });
  const answer = (await response.json()) as Envelope;
  if (answer.type === 'ok') expectContract(method, url.pathname, answer);
  return answer;
}

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
  const route = (method: string, pathname: string, body: URLSearchParams | undefined, { query, ...o }: RouteOptions = {}) =>
    fetchEnvelope(server.url, method, pathname, { query: new URLSearchParams(query), ...(body ? { body } : {}) }, { ...o, ip: o.ip ?? nextIp() });

  return {
    ...server,
    ...clientOf(server.url, nextIp),
    post: (p, form = {}, o) => route('POST', p, new URLSearchParams(form), o),
    get: (p, o) => route('GET', p, undefined, o),
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
