import type { Period } from '@tidemark/core';
import { SCREEN_CHANNELS, type ClientToServerEvents, type ServerToClientEvents, type TKlineEvent } from '@tidemark/protocol';
import { io, type Socket } from 'socket.io-client';
import { fetchDepth, fetchTrades } from './api';
import type { Level } from './depth';
import type { Pair } from './pair';
import { SeqTracker } from './seq';
import { slice } from './slice';
import { mergeSnapshot, prependTrades, type Trade } from './tape';
import { applyDayMarket } from './tickers';

export interface Book {
  bids: readonly Level[];
  asks: readonly Level[];
  lastPrice: string;
}

type Listener<T> = (value: T) => void;

/** A failed snapshot is not fatal: the socket keeps the panel going and the next gap or reconnect retries. */
const ignore = () => {};

/**
 * The live market of one page: one socket, the order book and recent trades as slices for
 * components to read, and the open bar handed to the chart imperatively. Snapshots come over
 * HTTP at start, after a reconnect and after a `seq` gap, so the screen never keeps a stale view.
 */
export class MarketFeed {
  readonly depth = slice<Book | undefined>(undefined);
  readonly trades = slice<readonly Trade[]>([]);
  private readonly barListeners = new Set<Listener<TKlineEvent>>();
  private readonly candleReloads = new Set<() => void>();
  private readonly seq = new SeqTracker();
  private socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;
  private period: Period = '1min';
  /** counts pushed books, so a snapshot answer older than a pushed book is dropped */
  private depthVersion = 0;

  constructor(
    readonly pair: Pair,
    private readonly session: { token: string | null; userId: string | null },
  ) {}

  /** Connects and loads the snapshots; returns the disconnect. */
  start(): () => void {
    const { token } = this.session;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      path: '/wss/socket.io/',
      auth: token ? { token } : {},
    });
    this.socket = socket;
    let connectedBefore = false;
    socket.on('connect', () => {
      this.seq.reset();
      this.subscribe();
      // the first connection comes with the loads below; a later one may have missed anything
      if (connectedBefore) this.resync();
      connectedBefore = true;
    });
    const ours = (event: { symbol: string }) => event.symbol === this.pair.symbol;
    socket.on('market_depth', (event) => {
      // Not seq-checked: every book pushed is the whole book, so a missed one leaves nothing stale.
      if (!ours(event)) return;
      this.depthVersion += 1;
      this.depth.set({ bids: event.in, asks: event.out, lastPrice: event.last_price });
    });
    socket.on('market_detail', (event) => {
      if (!ours(event)) return;
      if (this.seq.check('market_detail', event.seq) === 'gap') this.reloadTrades();
      this.trades.set(prependTrades(this.trades.get(), event.data));
    });
    socket.on('kline', (event) => {
      // bars of the previous period can still arrive just after switching
      if (!ours(event) || event.period !== this.period) return;
      if (this.seq.check('kline', event.seq) === 'gap') this.candleReloads.forEach((reload) => reload());
      this.barListeners.forEach((listener) => listener(event));
    });
    socket.on('daymarket', applyDayMarket);
    this.reloadDepth();
    this.reloadTrades();
    return () => {
      socket.disconnect();
      this.socket = undefined;
    };
  }

  /** Follows the open bar of another chart period. */
  setPeriod(period: Period): void {
    this.period = period;
    this.seq.reset('kline');
    if (this.socket?.connected) this.socket.emit('sub', { symbol: this.pair.symbol, period, channels: [...SCREEN_CHANNELS] });
  }

  /** The open bar of the current period, each time it changes. */
  onBar(listener: Listener<TKlineEvent>): () => void {
    this.barListeners.add(listener);
    return () => void this.barListeners.delete(listener);
  }

  /** Called when the chart's history may have missed bars and must be loaded again. */
  onCandleReload(reload: () => void): () => void {
    this.candleReloads.add(reload);
    return () => void this.candleReloads.delete(reload);
  }

  private subscribe(): void {
    const { socket, pair, session } = this;
    if (!socket) return;
    // login binds a signed-in user's private events; the market itself is public
    if (session.token) {
      socket.emit('login', {
        token: session.token,
        user_id: session.userId ?? undefined,
        currency_name: pair.currencyName,
        legal_name: pair.legalName,
      });
    }
    socket.emit('sub', { symbol: pair.symbol, period: this.period, channels: [...SCREEN_CHANNELS] });
  }

  private resync(): void {
    this.reloadDepth();
    this.reloadTrades();
    this.candleReloads.forEach((reload) => reload());
  }

  private reloadDepth(): void {
    const version = this.depthVersion;
    fetchDepth(this.pair).then((view) => {
      if (version !== this.depthVersion) return;
      this.depth.set({ bids: view.lever_transaction.in, asks: view.lever_transaction.out, lastPrice: view.last_price });
    }, ignore);
  }

  private reloadTrades(): void {
    fetchTrades(this.pair).then((snapshot) => this.trades.set(mergeSnapshot(snapshot, this.trades.get())), ignore);
  }
}
