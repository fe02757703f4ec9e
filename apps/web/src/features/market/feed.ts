import type { Period } from '@tidemark/core';
import { SCREEN_CHANNELS, SPOT_SCREEN_CHANNELS, type TKlineEvent } from '@tidemark/protocol';
import type { RealtimeClient } from '../../realtime/client';
import { fetchDepth, fetchSpotDepth, fetchSpotTrades, fetchTrades } from './api';
import type { Level } from './depth';
import type { Pair } from './pair';
import { SeqTracker } from './seq';
import { slice } from './slice';
import { mergeSnapshot, prependTrades, type Trade } from './tape';

export interface Book {
  bids: readonly Level[];
  asks: readonly Level[];
  lastPrice: string;
}

type Listener<T> = (value: T) => void;

/**
 * Whose book and trades a page shows: the price feed's (contracts, micro options) or the spot
 * engine's real resting orders and fills (the spot page). The chart is the feed's on every page.
 */
export type BookSource = 'feed' | 'spot';

const SOURCES = {
  feed: { depth: 'market_depth', detail: 'market_detail', channels: SCREEN_CHANNELS, fetchDepth, fetchTrades },
  spot: { depth: 'coin_depth', detail: 'coin_detail', channels: SPOT_SCREEN_CHANNELS, fetchDepth: fetchSpotDepth, fetchTrades: fetchSpotTrades },
} as const;

/** A failed snapshot is not fatal: the socket keeps the panel going and the next gap or reconnect retries. */
const ignore = () => {};

/**
 * The live market of one page over the app's shared connection: the order book and recent
 * trades as slices for components to read, and the open bar handed to the chart imperatively.
 * Snapshots come over HTTP at start, after a reconnect and after a `seq` gap, so the screen
 * never keeps a stale view.
 */
export class MarketFeed {
  readonly depth = slice<Book | undefined>(undefined);
  readonly trades = slice<readonly Trade[]>([]);
  private readonly barListeners = new Set<Listener<TKlineEvent>>();
  private readonly candleReloads = new Set<() => void>();
  private readonly seq = new SeqTracker();
  private period: Period = '1min';
  /** releases what the page declared it shows; undefined while stopped */
  private release: (() => void) | undefined;
  /** counts pushed books, so a snapshot answer older than a pushed book is dropped */
  private depthVersion = 0;

  private readonly source;

  constructor(
    readonly pair: Pair,
    private readonly realtime: RealtimeClient,
    source: BookSource = 'feed',
  ) {
    this.source = SOURCES[source];
  }

  /** Follows the pair and loads the snapshots; returns the stop. */
  start(): () => void {
    const { realtime } = this;
    let connectedBefore = realtime.connected;
    const ours = (event: { symbol: string }) => event.symbol === this.pair.symbol;
    const removals = [
      realtime.onConnect(() => {
        this.seq.reset();
        // the first connection comes with the loads below; a later one may have missed anything
        if (connectedBefore) this.resync();
        connectedBefore = true;
      }),
      realtime.on(this.source.depth, (event) => {
        // Not seq-checked: every book pushed is the whole book, so a missed one leaves nothing stale.
        if (!ours(event)) return;
        this.depthVersion += 1;
        this.depth.set({ bids: event.in, asks: event.out, lastPrice: event.last_price });
      }),
      realtime.on(this.source.detail, (event) => {
        if (!ours(event)) return;
        if (this.seq.check(this.source.detail, event.seq) === 'gap') this.reloadTrades();
        this.trades.set(prependTrades(this.trades.get(), event.data));
      }),
      realtime.on('kline', (event) => {
        // bars of the previous period can still arrive just after switching
        if (!ours(event) || event.period !== this.period) return;
        if (this.seq.check('kline', event.seq) === 'gap') this.candleReloads.forEach((reload) => reload());
        this.barListeners.forEach((listener) => listener(event));
      }),
    ];
    this.release = this.follow();
    this.reloadDepth();
    this.reloadTrades();
    return () => {
      removals.forEach((remove) => remove());
      this.release?.();
      this.release = undefined;
    };
  }

  /** Follows the open bar of another chart period. */
  setPeriod(period: Period): void {
    this.period = period;
    this.seq.reset('kline');
    if (!this.release) return;
    // the new period is declared before the old is released, so the pair is never dropped between
    const previous = this.release;
    this.release = this.follow();
    previous();
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

  private follow(): () => void {
    return this.realtime.subscribe({ symbol: this.pair.symbol, period: this.period, channels: this.source.channels });
  }

  private resync(): void {
    this.reloadDepth();
    this.reloadTrades();
    this.candleReloads.forEach((reload) => reload());
  }

  private reloadDepth(): void {
    const version = this.depthVersion;
    this.source.fetchDepth(this.pair).then((view) => {
      if (version !== this.depthVersion) return;
      this.depth.set({ bids: view.lever_transaction.in, asks: view.lever_transaction.out, lastPrice: view.last_price });
    }, ignore);
  }

  private reloadTrades(): void {
    this.source.fetchTrades(this.pair).then((snapshot) => this.trades.set(mergeSnapshot(snapshot, this.trades.get())), ignore);
  }
}
