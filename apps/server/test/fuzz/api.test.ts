import fc from 'fast-check';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, ERROR_CODES } from '@tidemark/protocol';
import { createSession } from '../../src/modules/session/service';
import { buildStaff, buildTrader, type SignedInUser, type Trader } from '../../src/testing/factories';
import { callOf, expectContract, onPostgres, startTestServer, type TestServer } from '../harness';

/**
 * The fuzz suite: every call in the running app's OpenAPI document (so a call added later is
 * fuzzed with no extra work) gets random and malformed fields, types, sizes, encodings and
 * headers, signed in and not: "signed in" sends the session of the call's kind (a trader's, or an
 * administrator's who signed in with a password and an authenticator code), signed in again
 * whenever a fuzzed call ended it, and a session of the other kind is tried too. It fails on a 5xx or an `internal` answer, an answer outside the envelope, a stack trace or
 * an internal path in an answer, and any movement of money: the fuzzing trader's wallets are
 * empty, so every money call must be refused, and the ledger must prove out afterwards with no
 * transaction added but those an audited staff decision made. FUZZ_RUNS sets the number of requests (300 by default); the fast-check seed
 * is printed, and SEED=<n> replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}
interface Operation {
  parameters?: { name: string; in: 'query' | 'path' | 'header'; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, string[]>[];
}
interface Endpoint {
  method: 'GET' | 'POST';
  /** the document's path, `{name}` for path parameters */
  path: string;
  fields: { name: string; schema: JsonSchema }[];
  multipart: boolean;
}

/** Every call of the document, with the fields it documents (query for GET, body for POST). */
function endpointsOf(doc: { paths: Record<string, Record<string, Operation>> }): Endpoint[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => method === 'get' || method === 'post')
      .map(([method, op]) => {
        const content = op.requestBody?.content ?? {};
        const body = Object.values(content)[0]?.schema.properties ?? {};
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} }));
        return {
          method: method.toUpperCase() as Endpoint['method'],
          path,
          fields: [...query, ...Object.entries(body).map(([name, schema]) => ({ name, schema }))],
          multipart: 'multipart/form-data' in content,
        };
      }),
  );
}

/** Values that broke parsers before, or might: prototype names, huge and odd numbers, markup, traversal, control characters. */
const NASTY = [
  '', ' ', '0', '-1', '1', '3', '1.5', '0.00000001', '0.000000001', '-0', '1e309', '1e-7', 'NaN', 'Infinity', '0x1f',
  '99999999999999999999999999', '9999999999999999', '-9007199254740993', 'constructor', '__proto__', 'hasOwnProperty',
  'toString', 'valueOf', 'null', 'undefined', 'true', '[]', '{}', "' OR 1=1 --", '"; DROP TABLE user; --', '../../../etc/passwd',
  '%00', '\u0000', '\r\n', '<script>alert(1)</script>', '😀', '\uD800', 'BTC/USDT', '1min', '1mon', 'a'.repeat(5_000),
];

function valueOf(schema: JsonSchema): fc.Arbitrary<string> {
  const typed: fc.Arbitrary<string>[] = [];
  const choices = schema.enum ?? schema.anyOf?.flatMap((s) => s.enum ?? []);
  if (choices?.length) typed.push(fc.constantFrom(...choices.map(String)));
  const types = [schema.type ?? []].flat();
  if (types.includes('integer') || types.includes('number')) typed.push(fc.integer().map(String), fc.double({ noNaN: false }).map(String));
  return fc.oneof(
    fc.constantFrom(...NASTY),
    ...typed,
    fc.nat({ max: 1000 }).map(String),
    fc.bigInt().map(String),
    fc.string({ maxLength: schema.maxLength ? schema.maxLength + 5 : 40 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );
}

type Encoding = 'form' | 'json' | 'multipart' | 'garbage' | 'bad-percent' | 'none';
interface FuzzRequest {
  endpoint: Endpoint;
  values: (string | undefined)[];
  /** a field sent twice (an array to a naive parser) */
  repeated: boolean;
  extra: Record<string, string>;
  pathValue: string;
  encoding: Encoding;
  garbage: Uint8Array;
  /** `valid`: the session of the call's kind; `other`: the other kind's (a trader's at the console) */
  token: 'none' | 'valid' | 'other' | 'garbage';
  tokenGarbage: string;
  lang: string | undefined;
  idempotencyKey: string | undefined;
  hugeHeader: boolean;
}

/** Printable ASCII only: fetch itself refuses other header bytes, before anything reaches the server. */
const headerText = (maxLength: number) => fc.string({ maxLength }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

function requestOf(endpoints: Endpoint[]): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...endpoints).chain((endpoint) =>
    fc.record({
      endpoint: fc.constant(endpoint),
      values: fc.tuple(...endpoint.fields.map((f) => fc.option(valueOf(f.schema), { nil: undefined, freq: 4 }))),
      repeated: fc.boolean(),
      extra: fc.dictionary(fc.oneof(fc.constantFrom(...NASTY.slice(0, 30)), fc.string({ maxLength: 12 })), valueOf({}), { maxKeys: 3 }),
      pathValue: valueOf({}),
      encoding: fc.constantFrom<Encoding>('form', 'form', 'form', 'json', 'multipart', 'garbage', 'bad-percent', 'none'),
      garbage: fc.uint8Array({ maxLength: 200 }),
      token: fc.constantFrom<FuzzRequest['token']>('none', 'valid', 'valid', 'valid', 'other', 'garbage'),
      tokenGarbage: headerText(300),
      lang: fc.option(fc.oneof(fc.constantFrom('zh', 'hk', 'en', 'kr', 'jp', 'spa', 'xx', 'constructor'), headerText(50)), { nil: undefined }),
      idempotencyKey: fc.option(headerText(200), { nil: undefined }),
      // rarely: most requests should get past the header parser
      hugeHeader: fc.nat({ max: 30 }).map((n) => n === 0),
    }),
  );
}

let ipCounter = 0;

/** The sessions the fuzz signs in with: a trader's, and an administrator's for the console's calls. */
interface Sessions {
  trader: string;
  staff: string;
}

const isStaffCall = (endpoint: Endpoint) => callOf(endpoint.method, endpoint.path)?.auth === 'staff';

function build(request: FuzzRequest, baseUrl: string, sessions: Sessions): { url: URL; init: RequestInit } {
  const { endpoint } = request;
  // a lone surrogate cannot be put in a URL at all (encodeURIComponent throws): the client's limit, not the server's
  const wellFormed = request.pathValue.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '?');
  const pathname = endpoint.path.replace(/\{\w+\}/g, () => encodeURIComponent(wellFormed) || 'x');
  const url = new URL(pathname, baseUrl);
  const fields: [string, string][] = endpoint.fields.flatMap((f, i) => (request.values[i] === undefined ? [] : [[f.name, request.values[i]!]]));
  if (request.repeated && fields[0]) fields.push(fields[0]);
  fields.push(...Object.entries(request.extra));

  ipCounter += 1;
  const headers: Record<string, string> = { 'x-forwarded-for': `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}` };
  const [own, other] = isStaffCall(endpoint) ? [sessions.staff, sessions.trader] : [sessions.trader, sessions.staff];
  if (request.token === 'valid') headers.authorization = `Bearer ${own}`;
  if (request.token === 'other') headers.authorization = `Bearer ${other}`;
  if (request.token === 'garbage') headers.authorization = request.tokenGarbage;
  if (request.lang !== undefined) headers.lang = request.lang;
  if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
  if (request.hugeHeader) headers['x-pad'] = 'a'.repeat(20_000);

  if (endpoint.method === 'GET') {
    for (const [k, v] of fields) url.searchParams.append(k, v);
    return { url, init: { method: 'GET', headers } };
  }
  let body: RequestInit['body'];
  switch (request.encoding) {
    case 'form':
      body = new URLSearchParams(fields).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
      break;
    case 'bad-percent':
      body = `${new URLSearchParams(fields).toString()}&%zz=%E0%A4%A&x=%`;
      headers['content-type'] = 'application/x-www-form-urlencoded';
      break;
    case 'json':
      body = JSON.stringify(Object.fromEntries(fields.map(([k, v]) => [k, /^-?\d+$/.test(v) && v.length < 15 ? Number(v) : v])));
      headers['content-type'] = 'application/json';
      break;
    case 'multipart': {
      const form = new FormData();
      for (const [k, v] of fields) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(request.garbage)], { type: 'image/png' }), request.pathValue.slice(0, 40) || 'f.png');
      body = form;
      break;
    }
    case 'garbage':
      body = new Uint8Array(request.garbage);
      headers['content-type'] = request.endpoint.multipart ? 'multipart/form-data; boundary=zz' : request.tokenGarbage.slice(0, 40) || 'application/octet-stream';
      break;
    case 'none':
      break;
  }
  return { url, init: { method: 'POST', headers, ...(body !== undefined ? { body } : {}) } };
}

/** What no answer may show: a stack frame, a source or install path, an engine error name. */
const LEAK = /\n\s+at |node_modules|\/apps\/server|\/src\/|\.ts:\d+|\b(?:Type|Syntax|Reference|Range)Error\b|SQLITE_|\bpg_|duplicate key|violates/;
const CODES = new Set<string>(ERROR_CODES);

describe(`fuzzing every documented call (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let server: TestServer;
  let trader: Trader;
  let admin: SignedInUser;
  let sessions: Sessions;
  let lastTxnBefore: bigint;
  const tally = () => ({ requests: 0, ok: 0, error: 0, session: 0 });
  const seen = { signedIn: tally(), signedOut: tally(), raw: 0, byCode: new Map<string, number>() };

  beforeAll(async () => {
    server = await startTestServer();
    // a trader who could move money if a call let them: a fund password and a withdrawal address, but empty wallets
    trader = await buildTrader(server, { funds: [] });
    // an administrator signed in as the console does: the password, then an authenticator code
    admin = await buildStaff(server, { role: 'admin', password: 'Fuzz-admin-pass-1' });
    const step = await server.call(calls.adminLogin, { email: admin.email, password: admin.password });
    const code = await generate({ secret: step.message.setup!.secret, epoch: Math.floor(server.clock() / 1000) });
    const signedIn = await server.call(calls.adminLoginTotp, { ticket: step.message.ticket, code });
    sessions = { trader: trader.token, staff: signedIn.message };
    lastTxnBefore = await lastTxn();
  });
  afterAll(() => server?.close());

  const lastTxn = async () => BigInt((await server.db.selectFrom('ledger_txn').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0);

  it(`answers ${RUNS} random requests in the envelope, with no 5xx, no leak and no money moved`, { timeout: 120_000 + RUNS * 1_000 }, async () => {
    const doc = (await fetch(`${server.url}/api/docs/json`).then((r) => r.json())) as { paths: Record<string, Record<string, Operation>> };
    const endpoints = endpointsOf(doc);
    expect(endpoints.length).toBeGreaterThan(50);
    console.log(`fuzz (${onPostgres ? 'PostgreSQL' : 'SQLite'}): ${endpoints.length} calls, FUZZ_RUNS=${RUNS}, seed ${fc.readConfigureGlobal().seed}`);

    await fc.assert(
      fc.asyncProperty(requestOf(endpoints), async (request) => {
        const { url, init } = build(request, server.url, sessions);
        const response = await fetch(url, init);
        const text = await response.text();
        const counts = request.token === 'valid' ? seen.signedIn : seen.signedOut;
        counts.requests += 1;
        const where = `${init.method} ${url.pathname}`;
        expect(response.status, `${where} answered ${response.status}: ${text.slice(0, 300)}`).toBeLessThan(500);
        expect(LEAK.test(text), `${where} leaked: ${text.slice(0, 500)}`).toBe(false);
        // an image served to its owner is the one answer that is not JSON
        if (response.status === 200 && /^image\//.test(response.headers.get('content-type') ?? '')) return;
        let answer: { type?: unknown; code?: unknown; message?: unknown; reason?: unknown };
        try {
          answer = JSON.parse(text) as typeof answer;
        } catch {
          expect.fail(`${where} answered outside the envelope (${response.status}): ${text.slice(0, 300)}`);
        }
        expect(['ok', 'error', '999'], `${where}: ${text.slice(0, 300)}`).toContain(answer.type);
        expect(answer, where).toHaveProperty('message');
        if (response.status !== 200) seen.raw += 1;
        if (answer.type === 'ok') {
          counts.ok += 1;
          expectContract(init.method!, url.pathname, answer as { type: string; message: unknown });
        } else {
          counts[answer.type === '999' ? 'session' : 'error'] += 1;
          // the chart call answers its refusal at the top level: code -1, the refusal's code as `reason`
          if (answer.code === -1) answer = { ...answer, code: answer.reason };
          expect(CODES.has(String(answer.code)), `${where}: unknown code ${String(answer.code)}`).toBe(true);
          // the envelope's 5xx: the server failed, whatever status it answered with
          expect(answer.code, `${where} failed inside: ${JSON.stringify(request).slice(0, 600)}`).not.toBe('internal');
          expect(String(answer.message), `${where}: a placeholder left unfilled`).not.toMatch(/\{\w+\}/);
          seen.byCode.set(String(answer.code), (seen.byCode.get(String(answer.code)) ?? 0) + 1);
        }
        // a random call may end the session (a logout, a password change): sign in again, so the rest still fuzz signed in
        if (request.token === 'valid' && answer.type === '999') {
          if (isStaffCall(request.endpoint)) sessions.staff = await createSession(server.db, admin.id, server.clock(), 'staff');
          else sessions.trader = await createSession(server.db, trader.id, server.clock());
        }
      }),
      { numRuns: RUNS },
    );

    const top = [...seen.byCode].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([c, n]) => `${c} ${n}`).join(', ');
    const line = (c: ReturnType<typeof tally>) => `${c.requests} (${c.ok} ok, ${c.error} refused, ${c.session} lost session)`;
    console.log(`fuzz: signed in ${line(seen.signedIn)}; signed out or with another kind's session ${line(seen.signedOut)}; ${seen.raw} with a non-200 status; most refused: ${top}`);
    // a session lost while signed in is one a fuzzed call ended (then it signs in again), never most of them
    expect(seen.signedIn.session).toBeLessThan(seen.signedIn.requests / 4);

    // no money moved but by an audited staff decision: the ledger proves out, and each transaction
    // written since the start answers to one; the trader's wallets are still empty
    await server.expectLedgerSound();
    const written = await server.db.selectFrom('ledger_txn').select(['reference']).where('id', '>', lastTxnBefore).execute();
    const decided = new Set((await server.db.selectFrom('audit_log').select('subject').execute()).map((a) => a.subject));
    expect(written.filter((t) => !decided.has(t.reference ?? ''))).toEqual([]);
    const held = await server.db
      .selectFrom('account')
      .select(['currency_id', 'wallet', 'available_units', 'frozen_units'])
      .where('user_id', '=', trader.id)
      .where((eb) => eb.or([eb('available_units', '<>', 0n), eb('frozen_units', '<>', 0n)]))
      .execute();
    expect(held).toEqual([]);
  });
});
