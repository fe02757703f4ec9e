import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStorage } from '../../test/fakeStorage';
import { clearSession, getSession, removeSession, setSession, subscribeSession } from './store';

const storage = fakeStorage();

beforeEach(() => {
  storage.clear();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
});

afterEach(() => vi.unstubAllGlobals());

describe('session store', () => {
  it('falls back to the default market and interval, and to null elsewhere', () => {
    expect(getSession('currency_id')).toBe('1');
    expect(getSession('currency_name')).toBe('BTC');
    expect(getSession('legal_id')).toBe('3');
    expect(getSession('legal_name')).toBe('USDT');
    expect(getSession('symbol')).toBe('BTC/USDT');
    expect(getSession('match_id')).toBe('2');
    expect(getSession('tim')).toBe('1');
    expect(getSession('token')).toBeNull();
  });

  it('reads what was set, treating an empty string as unset', () => {
    setSession('currency_id', 2);
    expect(getSession('currency_id')).toBe('2');
    setSession('token', '');
    expect(getSession('token')).toBeNull();
    setSession('token', 'abc');
    removeSession('token');
    expect(getSession('token')).toBeNull();
  });

  it('on logout keeps only the language and the selected market', () => {
    const kept = {
      lang: 'jp', locale: 'jp', legal_id: '3', currency_id: '2', legal_name: 'USDT',
      currency_name: 'ETH', symbol: 'ETH/USDT', index1: '0', index2: '1', match_id: '5', logo_name: 'eth.png',
    };
    const dropped = {
      token: 't', accountNum: '13812345678', user_id: '7', extension_code: 'AB12', is_invee: '1',
      downUp: '1', lastPrice: '3000.1', tim: '5', unrelated: 'x',
    };
    Object.entries({ ...kept, ...dropped }).forEach(([key, value]) => storage.setItem(key, value));
    clearSession();
    expect(storage.entries()).toEqual(kept);
  });

  it('tells subscribers about changes made in this tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession('token', 'abc');
    clearSession();
    unsubscribe();
    setSession('token', 'def');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
