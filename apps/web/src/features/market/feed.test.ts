import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDepthView } from '@tidemark/protocol';
import { asSocket, fakeSocket } from '../../../test/fakeSocket';
import { RealtimeClient } from '../../realtime/client';
import { MarketFeed } from './feed';
import type { Trade } from './tape';

const api = vi.hoisted(() => ({ fetchDepth: vi.fn(), fetchTrades: vi.fn(), fetchSpotDepth: vi.fn(), fetchSpotTrades: vi.fn() }));
vi.mock('./api', () => api);

const pair = { symbol: 'BTC/USDT', currencyId: '1', legalId: '3', currencyName: 'BTC', legalName: 'USDT' };
const trade = (time: number): Trade => ({ time: '00:00:00', ts: time, price: '100', amount: '1', direction: 'buy' });
const book = (price: string): TDepthView => ({ lever_transaction: { in: [[price, '1']], out: [] }, last_price: price });
const flush = () => new Promise((resolve) => setTimeout(resolve));

let socket: ReturnType<typeof fakeSocket>;
let realtime: RealtimeClient;
let feed: MarketFeed;
let stop: () => void;

beforeEach(() => {
  socket = fakeSocket();
  realtime = new RealtimeClient(asSocket(socket));
  api.fetchDepth.mockResolvedValue(book('1'));
  api.fetchTrades.mockResolvedValue([trade(10)]);
  feed = new MarketFeed(pair, realtime);
  stop = feed.start();
});

afterEach(() => {
  stop();
  vi.clearAllMocks();
});

describe('MarketFeed of the spot book', () => {
  it('shows the spot engine’s book and fills, never the feed’s', async () => {
    api.fetchSpotDepth.mockResolvedValue(book('7'));
    api.fetchSpotTrades.mockResolvedValue([trade(20)]);
    const spot = new MarketFeed(pair, realtime, 'spot');
    const stopSpot = spot.start();
    await flush();
    expect(spot.depth.get()?.lastPrice).toBe('7');
    expect(spot.trades.get()).toEqual([trade(20)]);
    socket.fire('connect');
    expect(socket.emit).toHaveBeenLastCalledWith('sub', {
      symbol: 'BTC/USDT',
      period: '1min',
      channels: ['market_depth', 'market_detail', 'kline', 'daymarket', 'coin_depth', 'coin_detail'],
    });
    socket.fire('market_depth', { symbol: 'BTC/USDT', seq: 1, time: 1, in: [['99', '1']], out: [], last_price: '99' });
    socket.fire('market_detail', { symbol: 'BTC/USDT', seq: 1, time: 21, data: [trade(21)] });
    expect(spot.depth.get()?.lastPrice).toBe('7');
    expect(spot.trades.get()).toEqual([trade(20)]);
    socket.fire('coin_depth', { symbol: 'BTC/USDT', seq: 1, time: 2, in: [['8', '1']], out: [], last_price: '8' });
    socket.fire('coin_detail', { symbol: 'BTC/USDT', seq: 1, time: 22, data: [trade(22)] });
    expect(spot.depth.get()?.bids).toEqual([['8', '1']]);
    expect(spot.trades.get().map((t) => t.ts)).toEqual([22, 20]);
    stopSpot();
  });
});

describe('MarketFeed', () => {
  it('loads the snapshots, then subscribes on connect', async () => {
    await flush();
    expect(feed.trades.get()).toEqual([trade(10)]);
    expect(feed.depth.get()?.lastPrice).toBe('1');
    socket.fire('connect');
    expect(socket.emit.mock.calls).toEqual([
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
    expect(feed.trades.get().map((t) => t.ts)).toEqual([13, 11, 10]);
    expect(api.fetchTrades).toHaveBeenCalledTimes(1);

    api.fetchTrades.mockResolvedValue([trade(20)]);
    socket.fire('market_detail', { symbol: 'BTC/USDT', seq: 5, time: 21, data: [trade(21)] });
    expect(api.fetchTrades).toHaveBeenCalledTimes(2);
    await flush();
    expect(feed.trades.get().map((t) => t.ts)).toEqual([21, 20]);
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

  it('on a connection already up, subscribes at once and reloads only after a later reconnect', async () => {
    stop();
    socket.fire('connect');
    socket.emit.mockClear();
    api.fetchTrades.mockClear();
    const late = new MarketFeed(pair, realtime);
    const stopLate = late.start();
    expect(socket.emitted('sub')).toHaveLength(1);
    expect(api.fetchTrades).toHaveBeenCalledTimes(1);
    socket.drop();
    socket.fire('connect');
    expect(api.fetchTrades).toHaveBeenCalledTimes(2);
    stopLate();
    // the market left: only the 24h figures are followed, no pair
    expect(socket.emitted('sub').at(-1)).toEqual({ channels: ['daymarket'] });
  });

  it('stops following the pair and its events when stopped', async () => {
    socket.fire('connect');
    await flush();
    stop();
    socket.fire('market_depth', { symbol: 'BTC/USDT', seq: 1, time: 1, in: [], out: [], last_price: '9' });
    expect(feed.depth.get()?.lastPrice).toBe('1');
  });
});
