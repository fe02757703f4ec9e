import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@tidemark/protocol';
import { buildSignedInUser } from '../src/testing/factories';
import { pathOf, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Sends raw bytes and answers the raw HTTP response. */
function raw(request: string | Buffer): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(request));
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}

const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as unknown;

describe('security headers', () => {
  it.each([
    ['an ok answer', calls.quotationNew.path],
    ['a refusal', calls.userInfo.path],
    ['an unknown path', '/api/nope'],
    ['the API document', '/api/docs/json'],
  ])('are on %s', async (_name, pathname) => {
    const response = await fetch(`${server.url}${pathname}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
      expect(csp).toContain(directive);
    }
    // no inline script may run
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS only to an answer served over HTTPS (through the trusted proxy)', async () => {
    const response = await fetch(new URL(calls.quotationNew.path, server.url), { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });
});

describe('answers the framework gives itself are in the envelope too', () => {
  const badRequest = { type: 'error', code: 'bad_request', message: 'Parameter error' };

  it('headers over 16 KB', async () => {
    const response = await raw(`GET ${calls.quotationNew.path} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(response).toMatch(/^HTTP\/1\.1 431/);
    expect(bodyOf(response)).toEqual(badRequest);
  });

  it('a malformed request line', async () => {
    const response = await raw(`GET ${calls.quotationNew.path} HTTP/9.9 nonsense\r\n\r\n`);
    expect(response).toMatch(/^HTTP\/1\.1 400/);
    expect(bodyOf(response)).toEqual(badRequest);
  });

  it.each([
    ['a path parameter over the length limit', pathOf(calls.uploadRead, { name: 'a'.repeat(5000) }), 414],
    ['a path that is no valid URL', calls.uploadRead.path.replace(':name', '%zz'), 400],
  ])('%s', async (_name, pathname, status) => {
    const response = await fetch(`${server.url}${pathname}`, { headers: { lang: 'zh' } });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ type: 'error', code: 'bad_request', message: '参数错误' });
  });

  it.each([
    ['broken JSON', 'application/json', '{"user_string":'],
    ['an unknown content type', 'text/x-nonsense', 'hello'],
    ['a form body of the wrong type for JSON', 'application/json', '"just a string"'],
  ])('%s', async (_name, type, body) => {
    const answer = await fetch(new URL(calls.userLogin.path, server.url), { method: 'POST', headers: { 'content-type': type }, body }).then((r) => r.json());
    expect(answer).toMatchObject({ type: 'error' });
    expect(['bad_request', 'invalid_field', 'account_required']).toContain((answer as { code: string }).code);
  });

  it('a multipart body without its closing boundary', async () => {
    const user = await buildSignedInUser(server);
    const boundary = 'XyZ';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n123`;
    const answer = await fetch(new URL(calls.upload.path, server.url), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${user.token}` },
      body,
    }).then((r) => r.json());
    expect(answer).toEqual(badRequest);
  });
});
