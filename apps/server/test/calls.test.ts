import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type RouteOptions } from 'fastify';
import { calls, type CallSpec } from '@tidemark/protocol';
import { requireCall } from '../src/app';
import { callOf, expectContract, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const table = Object.entries(calls) as [string, CallSpec][];
/** the API document's spelling of a path: `:name` becomes `{name}` */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the call table', () => {
  it.each(table)('registers %s with the method the table says', (_name, call) => {
    expect(server.app.hasRoute({ method: call.method, url: call.path })).toBe(true);
    const other = call.method === 'GET' ? 'POST' : 'GET';
    expect(server.app.hasRoute({ method: other, url: call.path })).toBe(false);
  });

  it.each(table)('documents %s under its module', (_name, call) => {
    const document = server.app.swagger() as { paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> };
    const operation = document.paths[openApiPath(call.path)]?.[call.method.toLowerCase()];
    expect(operation?.tags).toEqual([call.module]);
    expect(operation?.summary).toBe(call.summary);
  });
});

describe('the guard on routes', () => {
  const route = (url: string, config?: RouteOptions['config']): RouteOptions => ({ method: 'GET', url, handler: async () => 'x', ...(config ? { config } : {}) });

  it('refuses an API route that does not come from the table', () => {
    expect(() => requireCall(route('/api/wallet/secret'))).toThrow(/GET \/api\/wallet\/secret is not registered from the call table/);
  });

  it('lets through table routes, the API docs and everything outside /api/', () => {
    expect(() => requireCall(route('/api/common/config', { call: calls.commonConfig }))).not.toThrow();
    for (const url of ['/api/docs', '/api/docs/json', '/', '/wss/socket.io/']) expect(() => requireCall(route(url))).not.toThrow();
  });

  it('lets no call through by its path alone, money calls included', () => {
    for (const call of [calls.walletOut, calls.walletChargeReq, calls.walletChange, calls.walletList]) expect(() => requireCall(route(call.path))).toThrow();
  });

  it('stops an app from starting with such a route', async () => {
    const app = Fastify();
    app.addHook('onRoute', requireCall);
    const start = async () => {
      await app.register(async (scope) => {
        scope.get('/api/stray', async () => 'x');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/\/api\/stray/);
    await app.close();
  });
});

describe('the contract check of the harness', () => {
  it('finds the call of a request by method and path, matching path parameters', () => {
    expect(callOf('GET', '/api/common/config')).toBe(calls.commonConfig);
    expect(callOf('GET', `/api/upload/${'a'.repeat(32)}.png`)).toBe(calls.uploadRead);
    expect(callOf('POST', '/api/common/config')).toBeUndefined();
    expect(callOf('GET', '/api/probe/ip')).toBeUndefined();
  });

  it('fails a test whose ok answer is outside the call’s response schema, naming the field', () => {
    expect(() => expectContract('GET', '/api/common/config', { type: 'ok', message: { support_url: '', languages: ['en'] } })).not.toThrow();
    expect(() => expectContract('GET', '/api/common/config', { type: 'ok', message: { languages: 'en' } })).toThrow(
      /GET \/api\/common\/config answered outside its response schema:\n {2}message\.support_url: .*\n {2}message\.languages: /,
    );
  });
});

describe('the architecture document', () => {
  it('lists every call whose handler lives outside the module its path names, from the table', () => {
    const document = fs.readFileSync(new URL('../../../docs/ARCHITECTURE.md', import.meta.url), 'utf8');
    const listed = [...document.matchAll(/^\| `(GET|POST) (\/api\/\S+)` \| (\w+) \|$/gm)].map(([, method, path, module]) => `${method} ${path} ${module}`);
    const expected = table.filter(([, call]) => call.path.split('/')[2] !== call.module).map(([, call]) => `${call.method} ${call.path} ${call.module}`);
    expect(listed).toEqual(expected);
  });
});
