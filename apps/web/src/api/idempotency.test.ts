import { describe, expect, it } from 'vitest';
import { intent } from './idempotency';

class ApiError extends Error {
  override readonly name = 'ApiError';
}

function keys() {
  let n = 0;
  return () => `k${++n}`;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('idempotency intent', () => {
  it('joins a double submit of the same fields to the request in flight', async () => {
    const submits = intent<string>(keys());
    const sent: string[] = [];
    const answer = deferred<string>();
    const send = (key: string) => {
      sent.push(key);
      return answer.promise;
    };
    const first = submits.submit({ number: '1' }, send);
    const second = submits.submit({ number: '1' }, send);
    answer.resolve('ok');
    expect(await first).toBe('ok');
    expect(await second).toBe('ok');
    expect(sent).toEqual(['k1']);
  });

  it('keeps the key for a retry after a lost answer, and starts a new intent after an answer', async () => {
    const submits = intent<string>(keys());
    const sent: string[] = [];
    await expect(
      submits.submit({ number: '1' }, (key) => {
        sent.push(key);
        return Promise.reject(new TypeError('network'));
      }),
    ).rejects.toThrow('network');
    await submits.submit({ number: '1' }, (key) => {
      sent.push(key);
      return Promise.resolve('ok');
    });
    await submits.submit({ number: '1' }, (key) => {
      sent.push(key);
      return Promise.resolve('ok');
    });
    expect(sent).toEqual(['k1', 'k1', 'k2']);
  });

  it('ends the intent on a refusal, and gives other fields their own key', async () => {
    const submits = intent<string>(keys());
    const sent: string[] = [];
    await expect(
      submits.submit({ number: '1' }, (key) => {
        sent.push(key);
        return Promise.reject(new ApiError('insufficient'));
      }),
    ).rejects.toThrow('insufficient');
    await submits.submit({ number: '1' }, (key) => (sent.push(key), Promise.resolve('ok')));
    await submits.submit({ number: '2' }, (key) => (sent.push(key), Promise.resolve('ok')));
    expect(sent).toEqual(['k1', 'k2', 'k3']);
  });
});
