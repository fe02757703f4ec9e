import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallSpec } from '@tidemark/protocol';
import { startTestServer, type TestServer } from './harness';

interface Operation {
  requestBody?: { content: Record<string, unknown> };
  security?: Record<string, string[]>[];
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
}

let server: TestServer;
let doc: Doc;
beforeAll(async () => {
  server = await startTestServer();
  doc = (await fetch(`${server.url}/api/docs/json`).then((r) => r.json())) as Doc;
});
afterAll(() => server.close());

/** The document's path of a call: `:name` becomes `{name}`. */
const operationOf = (call: CallSpec) => doc.paths[call.path.replace(/:(\w+)/g, '{$1}')]?.[call.method.toLowerCase()];

describe('the API document', () => {
  const all = Object.entries(calls as Record<string, CallSpec>);

  it('documents every call of the table', () => {
    expect(all.filter(([, call]) => !operationOf(call)).map(([name]) => name)).toEqual([]);
  });

  it('documents request bodies as form-urlencoded, and multipart for uploads', () => {
    const wrong = all
      .filter(([, call]) => call.method === 'POST' && call.request)
      .filter(([, call]) => {
        const types = Object.keys(operationOf(call)?.requestBody?.content ?? {});
        return types.join() !== (call.encoding === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded');
      })
      .map(([name, call]) => `${name}: ${Object.keys(operationOf(call)?.requestBody?.content ?? {}).join() || 'none'}`);
    expect(wrong).toEqual([]);
    expect(Object.keys(operationOf(calls.upload)?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
  });

  it('declares the token on every call that needs a session, and on no other', () => {
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'http', scheme: 'bearer' });
    const wrong = all
      .filter(([, call]) => (call.auth !== 'public') !== Boolean(operationOf(call)?.security?.some((s) => 'token' in s)))
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });
});
