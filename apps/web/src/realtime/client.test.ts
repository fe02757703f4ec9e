import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asSocket, fakeSocket, type FakeSocket } from '../../test/fakeSocket';
import { RealtimeClient, type MarketInterest } from './client';

const btc: MarketInterest = { symbol: 'BTC/USDT', period: '1min', channels: ['market_depth', 'kline'] };
const eth: MarketInterest = { symbol: 'ETH/USDT', period: '1min', channels: ['market_depth', 'daymarket'] };

let socket: FakeSocket;
let client: RealtimeClient;

beforeEach(() => {
  socket = fakeSocket();
  client = new RealtimeClient(asSocket(socket));
});

describe('RealtimeClient subscriptions', () => {
  it('sends what screens show once connected, and nothing while away', () => {
    client.subscribe(btc);
    expect(socket.emit).not.toHaveBeenCalled();
    client.start();
    expect(socket.connect).toHaveBeenCalledTimes(1);
    socket.fire('connect');
    expect(socket.emitted('sub')).toEqual([{ symbol: 'BTC/USDT', period: '1min', channels: ['market_depth', 'kline'] }]);
  });

  it('counts holders: the pair is followed until its last holder releases it, with the channels of all', () => {
    socket.fire('connect');
    const chart = client.subscribe(btc);
    const tape = client.subscribe({ ...btc, channels: ['market_detail'] });
    expect(socket.emitted('sub').at(-1)).toEqual({
      symbol: 'BTC/USDT',
      period: '1min',
      channels: ['market_depth', 'market_detail', 'kline'],
    });
    tape();
    expect(socket.emitted('sub').at(-1)).toEqual({ symbol: 'BTC/USDT', period: '1min', channels: ['market_depth', 'kline'] });
    const again = client.subscribe(btc);
    chart();
    // one holder left with the same channels: nothing new to tell the server
    expect(socket.emitted('sub')).toHaveLength(4);
    again();
    again();
    // nothing shown: the pair is left and only the 24h figures followed
    expect(socket.emitted('sub').at(-1)).toEqual({ channels: ['daymarket'] });
    expect(socket.emitted('unsub')).toEqual(['BTC/USDT']);
    expect(socket.emitted('sub')).toHaveLength(5);
  });

  it('follows the newest pair and goes back to the older one when the newer is released', () => {
    socket.fire('connect');
    client.subscribe(btc);
    const other = client.subscribe(eth);
    expect(socket.emitted('sub').at(-1)).toMatchObject({ symbol: 'ETH/USDT' });
    // the server adds every sub to the socket: the pair no longer shown is left first
    expect(socket.emitted('unsub')).toEqual(['BTC/USDT']);
    other();
    expect(socket.emitted('sub').at(-1)).toMatchObject({ symbol: 'BTC/USDT' });
    expect(socket.emitted('unsub')).toEqual(['BTC/USDT', 'ETH/USDT']);
  });

  it('subscribes again after a reconnect, before telling the listeners', () => {
    const order: string[] = [];
    client.onConnect(() => order.push(`connect after ${socket.emitted('sub').length} sub`));
    client.subscribe(btc);
    socket.fire('connect');
    socket.drop();
    socket.fire('connect');
    expect(socket.emitted('sub')).toEqual([
      { symbol: 'BTC/USDT', period: '1min', channels: ['market_depth', 'kline'] },
      { symbol: 'BTC/USDT', period: '1min', channels: ['market_depth', 'kline'] },
    ]);
    expect(order).toEqual(['connect after 1 sub', 'connect after 2 sub']);
  });
});

describe('RealtimeClient events', () => {
  it('dispatches each event to every listener through one socket listener, until removed', () => {
    const first = vi.fn();
    const second = vi.fn();
    const removeFirst = client.on('afterCoinTrade', first);
    client.on('afterCoinTrade', second);
    expect(socket.listeners('afterCoinTrade')).toBe(1);
    socket.fire('afterCoinTrade', { currency: 1 });
    removeFirst();
    socket.fire('afterCoinTrade', { currency: 2 });
    socket.fire('closed_microorder', { id: 1 });
    expect(first.mock.calls).toEqual([[{ currency: 1 }]]);
    expect(second.mock.calls).toEqual([[{ currency: 1 }], [{ currency: 2 }]]);
  });
});

describe('RealtimeClient session', () => {
  it('puts the token in the handshake of a connection still to come', () => {
    client.setSession('tok', '7');
    expect(socket.auth).toEqual({ token: 'tok' });
    expect(socket.emit).not.toHaveBeenCalled();
  });

  it('binds a live connection to the user who logs in', () => {
    socket.fire('connect');
    client.setSession('tok', '7');
    expect(socket.emitted('login')).toEqual([{ token: 'tok', user_id: '7' }]);
    expect(socket.disconnect).not.toHaveBeenCalled();
    client.setSession('tok', '7');
    expect(socket.emitted('login')).toHaveLength(1);
  });

  it('on logout or another login, reconnects without the old token to leave its private room', () => {
    client.setSession('tok', '7');
    socket.fire('connect');
    client.setSession(null, null);
    expect(socket.auth).toEqual({});
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    socket.fire('connect');
    client.setSession('tok', '7');
    client.setSession('other', '8');
    expect(socket.auth).toEqual({ token: 'other' });
    expect(socket.disconnect).toHaveBeenCalledTimes(2);
    expect(socket.emitted('login')).toEqual([{ token: 'tok', user_id: '7' }]);
  });
});
