import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../../test/fakeStorage';
import { calls } from '@tidemark/protocol';
import { ApiError, call, submitter, upload } from './client';

// The client runs in the browser; these tests give it just enough of one.
const storage = fakeStorage();
const assign = vi.fn();
const fetchMock = vi.fn();

function answer(body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 200 }));
}

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.lastCall as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

beforeEach(() => {
  storage.clear();
  vi.useFakeTimers();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', { location: { pathname: '/exchange', assign } });
  vi.stubGlobal('navigator', { language: 'en-US' });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('api client', () => {
  it('sends the language and, when logged in, the bearer token', async () => {
    storage.setItem('lang', 'jp');
    answer({ type: 'ok', message: [] });
    await call(calls.quotationNew, undefined);
    expect(lastRequest().headers).toEqual({ lang: 'jp' });

    storage.setItem('token', 't0k3n');
    answer({ type: 'ok', message: [] });
    await call(calls.newTradeHistory, { legal_id: '3', currency_id: '1' });
    expect(lastRequest().url).toBe('/api/currency/new_tradehistory?legal_id=3&currency_id=1');
    expect(lastRequest().headers).toEqual({ lang: 'jp', Authorization: 'Bearer t0k3n' });

    answer({ type: 'ok', message: {} });
    await call(calls.userInfo, undefined, { token: 'n3w' });
    expect(lastRequest().headers).toEqual({ lang: 'jp', Authorization: 'Bearer n3w' });
  });

  it('posts fields as a form body to the call path and resolves to the message', async () => {
    answer({ type: 'ok', message: { page: 1 } });
    const message = await call(calls.walletLegalLog, { type: 2, currency: undefined, page: 1 });
    expect(message).toEqual({ page: 1 });
    const { url, init } = lastRequest();
    expect(url).toBe('/api/wallet/legal_log');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(String(init.body)).toBe('type=2&page=1');
  });

  it('gives every submit of a money-moving call an Idempotency-Key, and other calls none', async () => {
    const transfer = { number: '1.5', from_field: 'change', to_field: 'lever', currency_id: '3' } as const;
    const sendTransfer = submitter(calls.walletChange);
    answer({ type: 'ok', message: 'Transfer completed' });
    await sendTransfer(transfer);
    const first = lastRequest().headers['Idempotency-Key'];
    expect(first).toMatch(/^[0-9a-f]{32}$/);

    // a new submit after an answer is a new intent with a new key
    answer({ type: 'ok', message: 'Transfer completed' });
    await sendTransfer(transfer);
    expect(lastRequest().headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(lastRequest().headers['Idempotency-Key']).not.toBe(first);

    answer({ type: 'ok', message: 'Address added' });
    await submitter(calls.walletAddAddress)({ currency_id: '3', address: 'Tabc', notes: '', netType: 'TRC20' });
    expect(lastRequest().headers).not.toHaveProperty('Idempotency-Key');
  });

  it('sends a double-clicked money submit once', async () => {
    const withdraw = { currency: '3', number: '12', address: '7', pay_password: '123456' };
    const sendWithdrawal = submitter(calls.walletOut);
    answer({ type: 'ok', message: 'Withdrawal submitted' });
    const [a, b] = [sendWithdrawal(withdraw), sendWithdrawal(withdraw)];
    await expect(Promise.all([a, b])).resolves.toEqual(['Withdrawal submitted', 'Withdrawal submitted']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(lastRequest().headers['Idempotency-Key']).toBeDefined();
  });

  it('uploads a file as multipart field "file" with the usual headers and resolves to its URL', async () => {
    storage.setItem('token', 't0k3n');
    answer({ type: 'ok', message: '/api/upload/abc.png' });
    const file = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    await expect(upload(file)).resolves.toBe('/api/upload/abc.png');
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/upload');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(headers).toEqual({ lang: 'en', Authorization: 'Bearer t0k3n' });
  });

  it('rejects a refusal with the server message and code', async () => {
    answer({ type: 'error', message: 'Insufficient balance', code: 'insufficient_balance' });
    const refusal = call(calls.walletChange, { number: '5', from_field: 'change', to_field: 'lever', currency_id: '3' });
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({
      message: 'Insufficient balance',
      code: 'insufficient_balance',
    });
  });

  it('on 999 forgets the token and user id, then goes to /login after 500 ms', async () => {
    storage.setItem('token', 'old');
    storage.setItem('user_id', '7');
    storage.setItem('lang', 'kr');
    answer({ type: '999', message: 'Please log in again' });
    await expect(call(calls.userInfo, undefined)).rejects.toBeInstanceOf(ApiError);
    expect(storage.entries()).toEqual({ lang: 'kr' });
    vi.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('logs and rejects network failures', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(call(calls.commonConfig, undefined)).rejects.toThrow('Failed to fetch');
    expect(log).toHaveBeenCalled();
  });
});
