import type { TDayMarketEvent, TQuotation } from '@tidemark/protocol';
import { useEffect } from 'react';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { slice, useSlice } from './slice';

/** A pair's 24-hour figures, decimal strings as the wire carries them. */
export type Ticker = Pick<TQuotation, 'now_price' | 'change' | 'high' | 'low' | 'volume'>;

/**
 * The latest `daymarket` figures by symbol, for the whole app: the market list, the chart header
 * and the price footer read them, on whichever page they arrive.
 */
export const liveTickers = slice<ReadonlyMap<string, Ticker>>(new Map());

export function applyDayMarket({ symbol, now_price, change, high, low, volume }: TDayMarketEvent): void {
  liveTickers.set(new Map(liveTickers.get()).set(symbol, { now_price, change, high, low, volume }));
}

/** Keeps `liveTickers` current from the app's connection (every connection receives the 24h figures). */
export function useLiveTickers(): void {
  const realtime = useRealtime();
  useEffect(() => realtime.on('daymarket', applyDayMarket), [realtime]);
}

/** A pair's live figures, or the quotation's (polled) until the socket has sent some. */
export function useTicker(symbol: string, fallback: Ticker): Ticker;
export function useTicker(symbol: string, fallback?: Ticker): Ticker | undefined;
export function useTicker(symbol: string, fallback?: Ticker): Ticker | undefined {
  return useSlice(liveTickers, (tickers) => tickers.get(symbol)) ?? fallback;
}
