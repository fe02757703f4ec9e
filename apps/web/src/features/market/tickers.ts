import { mustParseUnits } from '@tidemark/core';
import type { TDayMarketEvent, TQuotation } from '@tidemark/protocol';
import { useEffect } from 'react';
import type { Trend } from '../../format';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { slice, useSlice } from './slice';

/** A pair's 24-hour figures, decimal strings as the wire carries them. */
export type Ticker = Pick<TQuotation, 'now_price' | 'change' | 'high' | 'low' | 'volume'>;

/** A pair's last traded price, the direction of its latest change and a count of changes (to restart the flash). */
export interface LastPrice {
  price: string;
  trend: Trend;
  changes: number;
}

/**
 * The latest `daymarket` figures by symbol, for the whole app: the market list, the chart header
 * and the price footer read them, on whichever page they arrive.
 */
export const liveTickers = slice<ReadonlyMap<string, Ticker>>(new Map());

/**
 * The one last price of each pair. Every socket event that carries it feeds it in the order the
 * server sent them: the followed pair's book and trades several times a second, the 24h figures
 * of every pair once a second. Header, pair list, ticker and book all read it, so they agree.
 */
export const lastPrices = slice<ReadonlyMap<string, LastPrice>>(new Map());

export function applyLastPrice(symbol: string, price: string): void {
  const previous = lastPrices.get().get(symbol);
  if (previous?.price === price) return;
  const change = previous ? mustParseUnits(price) - mustParseUnits(previous.price) : 0n;
  const trend: Trend = change > 0n ? 'up' : change < 0n ? 'down' : 'flat';
  lastPrices.set(new Map(lastPrices.get()).set(symbol, { price, trend, changes: (previous?.changes ?? 0) + 1 }));
}

export function applyDayMarket({ symbol, now_price, change, high, low, volume }: TDayMarketEvent): void {
  liveTickers.set(new Map(liveTickers.get()).set(symbol, { now_price, change, high, low, volume }));
  applyLastPrice(symbol, now_price);
}

/** Keeps the 24h figures and last prices current from the app's connection. */
export function useLiveTickers(): void {
  const realtime = useRealtime();
  useEffect(() => {
    const removals = [
      realtime.on('daymarket', applyDayMarket),
      realtime.on('market_detail', (event) => event.data[0] && applyLastPrice(event.symbol, event.data[0].price)),
      realtime.on('market_depth', (event) => applyLastPrice(event.symbol, event.last_price)),
    ];
    return () => removals.forEach((remove) => remove());
  }, [realtime]);
}

/** A pair's live figures with its one last price, or the quotation's (polled) until the socket has sent some. */
export function useTicker(symbol: string, fallback: Ticker): Ticker;
export function useTicker(symbol: string, fallback?: Ticker): Ticker | undefined;
export function useTicker(symbol: string, fallback?: Ticker): Ticker | undefined {
  const ticker = useSlice(liveTickers, (tickers) => tickers.get(symbol)) ?? fallback;
  const last = useLastPrice(symbol);
  return ticker && last ? { ...ticker, now_price: last.price } : ticker;
}

/** A pair's one last price, once the socket has sent it. */
export function useLastPrice(symbol: string): LastPrice | undefined {
  return useSlice(lastPrices, (prices) => prices.get(symbol));
}
