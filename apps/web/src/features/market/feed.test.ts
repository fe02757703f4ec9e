import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDepthView } from '@tidemark/protocol';
import { MarketFeed } from './feed';
import type { Trade } from './tape';

// A stand-in socket: the test fires server events and reads what the feed emitted.
const socket = vi.hoisted(() => {
  const handlers = new Map<string, (payload?: unknown) => void>();
  return {
    handlers,
    connected: false,
    emit: vi.fn(),
    disconnect: vi.fn(),
    on(event: string, handler: (payload?: unknown) => void) {
      handlers.set(event, handler);
    },
    fire(event: string, payload?: unknown) {
      if (event === 'connect') this.connected = true;
      handlers.get(event)!(payload);
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => socket }));

const api = vi.hoisted(() => ({ fetchDepth: vi.fn(), fetchTrades: vi.fn() }));
vi.mock('./api', () => api);

const pair = { symbol: 'BTC/USDT', currencyId: '1', legalId: '3', currencyName: 'BTC', legalName: 'USDT' };
const trade = (time: number): Trade => ({ time, price: '100', amount: '1', direction: 'buy' });
const book = (price: string): TDepthView => ({ lever_transaction: { in: [[price, '1']], out: [] }, last_price: price });
const flush = () => new Promise((resolve) => setTimeout(resolve));

let feed: MarketFeed;
let stop: () => void;

beforeEach(() => {
  socket.handlers.clear();
  socket.connected = false;
  api.fetchDepth.mockResolvedValue(book('1'));
  api.fetchTrades.mockResolvedValue([trade(10)]);
  feed = new MarketFeed(pair, { token: 'tok', userId: '7' });
  stop = feed.start();
});

afterEach(() => {
  stop();
  vi.clearAllMocks();
});

describe('MarketFeed', () => {
  it('loads the snapshots, then logs in and subscribes on connect', async () => {
    await flush();
    expect(feed.trades.get()).toEqual([trade(10)]);
    expect(feed.depth.get()?.lastPrice).toBe('1');
    socket.fire('connect');
    expect(socket.emit.mock.calls).toEqual([
      ['login', { token: 'tok', user_id: '7', currency_name: 'BTC', legal_name: 'USDT' }],
      ['sub', { symbol: 'BTC/USDT', period: '1min', channels: ['market_depth', 'market_detail', 'kline', 'daymarket'] }],
    ]);
    feed.setPeriod('5min');
    expect(socket.emit).toHaveBeenLastCalledWith('sub', {
      symbol: 'BTC/USDT',
      period: '5min',
      channels: ['market_depth', 'market_detail', 'kline', 'daymarket'],
    });
  });

  it('prepends pushed trades and reloads them after a seq gap', async () => {
    await flush();
    socket.fire('connect');
    socket.fire('market_detail', { symbol: 'BTC/USDT', seq: 1, time: 11, data: [trade(11)] });
    socket.fire('market_detail', { symbol: 'ETH/USDT', seq: 2, time: 12, data: [trade(12)] });
    socket.fire('market_detail', { symbol: 'BTC/USDT', seq: 2, time: 13, data: [trade(13)] });
    expect(feed.trades.get().map((t) => t.time)).toEqual([13, 11, 10]);
    expect(api.fetchTrades).toHaveBeenCalledTimes(1);

    api.fetchTrades.mockResolvedValue([trade(20)]);
    socket.fire('market_detail', { symbol: 'BTC/USDT', seq: 5, time: 21, data: [trade(21)] });
    expect(api.fetchTrades).toHaveBeenCalledTimes(2);
    await flush();
    expect(feed.trades.get().map((t) => t.time)).toEqual([21, 20]);
  });

  it('passes on the open bar of its period and asks for the history again after a gap', () => {
    socket.fire('connect');
    const bars = vi.fn();
    const reload = vi.fn();
    feed.onBar(bars);
    feed.onCandleReload(reload);
    const bar = { symbol: 'BTC/USDT', time: 0, period: '1min', change: '0', open: '1', close: '1', high: '1', low: '1', volume: '0' };
    socket.fire('kline', { ...bar, seq: 1 });
    socket.fire('kline', { ...bar, seq: 2, period: '5min' });
    socket.fire('kline', { ...bar, seq: 3 });
    expect(bars).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads everything after a reconnect, keeping a book pushed while the snapshot was in flight', async () => {
    socket.fire('connect');
    await flush();
    const reload = vi.fn();
    feed.onCandleReload(reload);
    let answer: (view: TDepthView) => void = () => {};
    api.fetchDepth.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    socket.fire('connect');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(api.fetchTrades).toHaveBeenCalledTimes(2);
    socket.fire('market_depth', { symbol: 'BTC/USDT', seq: 9, time: 1, in: [['3', '1']], out: [], last_price: '3' });
    answer(book('2'));
    await flush();
    expect(feed.depth.get()?.lastPrice).toBe('3');
  });
});
