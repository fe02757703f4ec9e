import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calls, zPositiveAmount } from '@tidemark/protocol';
import { ok } from '../src/http/envelope';
import { buildSignedInUser } from '../src/testing/factories';
import { startTestServer, type TestServer } from './harness';

const probeRoutes = async (app: FastifyInstance) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/probe/boom', async () => {
    throw new Error('secret internal detail');
  });
  typed.post('/api/probe/amount', { schema: { body: z.object({ number: zPositiveAmount }) } }, async (req) =>
    ok(req.body.number.toString()),
  );
  typed.get('/api/probe/me', { config: { auth: 'user' } }, async (req) => ok(req.userId.toString()));
  typed.get('/api/probe/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ok('fine'));
};

describe('HTTP conventions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ extraRoutes: probeRoutes });
  });
  afterAll(() => server.close());

  it('answers quotation_new with groups of displayed pairs in the envelope', async () => {
    const answer = await server.call(calls.quotationNew);
    const pairs = answer.message.flatMap((g) => g.quotation);
    const btc = pairs.find((p) => p.currency_name === 'BTC');
    expect(btc).toMatchObject({ id: 2, currency_id: 1, legal_id: 3, legal_name: 'USDT', is_display: 1 });
    expect(btc!.now_price).toMatch(/^\d+\.\d{8}$/);
    // each pair's precision, in the shortest form the web formats to
    expect(btc).toMatchObject({ price_tick: '0.01', amount_step: '0.0001' });
    const doge = pairs.find((p) => p.currency_name === 'DOGE');
    expect(doge).toMatchObject({ price_tick: '0.00001', amount_step: '1' });
  });

  it('gives the spot rules the tick and step the quotation shows', async () => {
    const rules = await server.db.selectFrom('spot_rule').innerJoin('pair', 'pair.id', 'spot_rule.pair_id').selectAll().execute();
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect([rule.tick_units, rule.lot_units]).toEqual([rule.price_tick_units, rule.amount_step_units]);
  });

  it('hides pairs that are not displayed', async () => {
    await server.db.updateTable('pair').set({ is_display: 0n }).where('id', '=', 7n).execute();
    const answer = await server.call(calls.quotationNew);
    const ids = answer.message.flatMap((g) => g.quotation.map((q) => q.id));
    expect(ids).not.toContain(7);
    expect(ids).toContain(2);
  });

  it('never leaks an internal error, and translates it', async () => {
    const en = await server.get('/api/probe/boom');
    expect(en).toEqual({ type: 'error', code: 'internal', message: 'The server is busy, please try again later' });
    const jp = await server.get('/api/probe/boom', { lang: 'jp' });
    expect(jp.message).toBe('サーバーが混み合っています。しばらくしてから再度お試しください');
    expect(JSON.stringify(jp)).not.toContain('secret');
  });

  it.each([
    ['zh', '参数错误：number'],
    ['hk', '參數錯誤：number'],
    ['en', 'Parameter error: number'],
    ['kr', '매개변수 오류: number'],
    ['jp', 'パラメータエラー：number'],
    ['spa', 'Error de parámetro: number'],
  ])('names a missing field in %s', async (lang, message) => {
    expect(await server.post('/api/probe/amount', {}, { lang })).toEqual({ type: 'error', code: 'invalid_field', message });
  });

  it('falls back to English for an unknown language', async () => {
    expect((await server.post('/api/probe/amount', {}, { lang: 'xx' })).message).toBe('Parameter error: number');
  });

  it.each([
    ['1e5', 'amount_malformed'],
    ['NaN', 'amount_malformed'],
    ['', 'amount_empty'],
    ['1.123456789', 'amount_too_many_decimals'],
    ['99999999999999999999', 'amount_out_of_range'],
    ['0', 'amount_not_positive'],
    ['-3', 'amount_not_positive'],
  ])('refuses the amount %j with %s', async (number, code) => {
    expect(await server.post('/api/probe/amount', { number })).toMatchObject({ type: 'error', code });
  });

  it('reads form-urlencoded and JSON bodies alike', async () => {
    expect(await server.post('/api/probe/amount', { number: '1.5' })).toEqual({ type: 'ok', message: '150000000' });
    const json = await fetch(`${server.url}/api/probe/amount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: '2' }),
    }).then((r) => r.json());
    expect(json).toEqual({ type: 'ok', message: '200000000' });
  });

  it('answers a malformed body with a parameter error, not a crash', async () => {
    const answer = await fetch(`${server.url}/api/probe/amount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'hk' },
      body: '{"number":',
    }).then((r) => r.json());
    expect(answer).toEqual({ type: 'error', code: 'bad_request', message: '參數錯誤' });
  });

  it('answers 999 without a token, with an unknown one, and after revocation', async () => {
    expect(await server.get('/api/probe/me')).toMatchObject({ type: '999', code: 'session_invalid' });
    expect(await server.get('/api/probe/me', { token: 'not-a-token' })).toMatchObject({ type: '999' });
    const user = await buildSignedInUser(server);
    expect(await server.get('/api/probe/me', { token: user.token })).toEqual({ type: 'ok', message: user.id.toString() });
    // the spec's client sends the bare token; both forms resolve
    expect(await server.get('/api/probe/me', { headers: { authorization: user.token } })).toMatchObject({ type: 'ok' });
    await server.db.updateTable('session').set({ revoked_at_ms: 1n }).where('user_id', '=', user.id).execute();
    expect(await server.get('/api/probe/me', { token: user.token, lang: 'zh' })).toEqual({
      type: '999',
      code: 'session_invalid',
      message: '登录已失效，请重新登录',
    });
  });

  it('expires a session idle for longer than the limit', async () => {
    const user = await buildSignedInUser(server);
    const eightDaysAgo = BigInt(Date.now() - 8 * 24 * 3600_000);
    await server.db.updateTable('session').set({ last_seen_at_ms: eightDaysAgo }).where('user_id', '=', user.id).execute();
    expect(await server.get('/api/probe/me', { token: user.token })).toMatchObject({ type: '999' });
  });

  it('rate-limits with a translated message', async () => {
    const ip = '203.0.113.7';
    expect(await server.get('/api/probe/limited', { ip })).toMatchObject({ type: 'ok' });
    expect(await server.get('/api/probe/limited', { ip })).toMatchObject({ type: 'ok' });
    // another client is not affected
    expect(await server.get('/api/probe/limited', { ip: '203.0.113.8' })).toMatchObject({ type: 'ok' });
    expect(await server.get('/api/probe/limited', { lang: 'spa', ip })).toEqual({
      type: 'error',
      code: 'rate_limited',
      message: 'Demasiadas solicitudes, inténtelo más tarde',
    });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const doc = (await fetch(`${server.url}/api/docs/json`).then((r) => r.json())) as { openapi: string; paths: object };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain(calls.quotationNew.path);
    const page = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });

  it('answers an unknown API path with the not_found envelope', async () => {
    const response = await fetch(`${server.url}/api/nope`, { headers: { lang: 'kr' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ type: 'error', code: 'not_found', message: '요청한 내용을 찾을 수 없습니다' });
  });
});

describe('serving the web app', () => {
  let server: TestServer;
  // the compressed copies say which one was sent: a body reading 'br' came from app.js.br
  const files = {
    'index.html': '<!doctype html><title>Tidemark</title><div id="root"></div>',
    'assets/app-abc123.js': 'console.log("plain")',
    // the build's page of /login (prerendered), in two of the six languages
    'pages/login/en.html': '<!doctype html><title>Log in · Tidemark</title><div id="root"><h1>Log in</h1></div>',
    'pages/login/jp.html': '<!doctype html><title>ログイン · Tidemark</title><div id="root"><h1>ログイン</h1></div>',
  };
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'pages/login'), { recursive: true });
    for (const [file, text] of Object.entries(files)) {
      fs.writeFileSync(path.join(dist, file), text);
      fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text.replace('plain', 'br').replace('Tidemark', 'Tidemark br')));
      fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text.replace('plain', 'gzip').replace('Tidemark', 'Tidemark gzip')));
    }
    server = await startTestServer({ env: { WEB_DIST: dist } });
  });
  afterAll(() => server.close());

  it('falls back to index.html for every page route (history mode)', async () => {
    for (const route of ['/', '/exchange', '/contracts', '/resetpwd?user_string=a%40b.c']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers HEAD for a page like GET, without a body', async () => {
    for (const route of ['/', '/exchange', '/index.html']) {
      const response = await fetch(`${server.url}${route}`, { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe('');
    }
    expect((await fetch(`${server.url}/api/nope`, { method: 'HEAD' })).status).toBe(404);
  });

  it('sends the precompressed copy the browser accepts, brotli first', async () => {
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br', body: 'console.log("br")' },
      { accept: 'gzip', encoding: 'gzip', body: 'console.log("gzip")' },
      { accept: 'identity', encoding: null, body: 'console.log("plain")' },
    ];
    for (const { accept, encoding, body } of cases) {
      const response = await fetch(`${server.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': accept } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(body);
    }
  });

  it('sends the history-mode fallback precompressed too', async () => {
    const response = await fetch(`${server.url}/exchange`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('Tidemark br');
  });

  it('sends a route\'s page in the language of the cookie the app sets, else of the browser, else index.html', async () => {
    const cases: { headers: Record<string, string>; body: string }[] = [
      { headers: { cookie: 'theme=x; lang=jp', 'accept-language': 'en-US,en;q=0.9' }, body: 'ログイン' },
      { headers: { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' }, body: 'ログイン' },
      { headers: { 'accept-language': 'en-GB' }, body: 'Log in' },
      { headers: { cookie: 'lang=nope' }, body: 'Log in' },
      // a language the build has no copy in: the app renders the page itself
      { headers: { cookie: 'lang=kr' }, body: '<div id="root"></div>' },
    ];
    for (const { headers, body } of cases) {
      for (const route of ['/login', '/login?next=1']) {
        const response = await fetch(`${server.url}${route}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(await response.text()).toContain(body);
      }
    }
    const compressed = await fetch(`${server.url}/login`, { headers: { cookie: 'lang=jp', 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toMatch(/cookie/i);
    expect(await compressed.text()).toContain('ログイン');
    expect(await (await fetch(`${server.url}/exchange`, { headers: { cookie: 'lang=jp' } })).text()).toContain('<div id="root"></div>');
  });

  it('serves hashed assets with a year-long immutable cache life, compressed or not', async () => {
    for (const accept of ['br', 'identity']) {
      const response = await fetch(`${server.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': accept } });
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps API paths out of the fallback', async () => {
    expect((await fetch(`${server.url}/api/nope`)).status).toBe(404);
  });

  it('compresses large API answers and leaves small ones as they are', async () => {
    const large = await fetch(`${server.url}/api/docs/json`, { headers: { 'accept-encoding': 'br' } });
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(((await large.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const gzip = await fetch(`${server.url}/api/docs/json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const small = await fetch(`${server.url}/api/nope`, { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(((await small.json()) as { code: string }).code).toBe('not_found');
  });
});
