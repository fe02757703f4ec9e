import type { TDayMarketEvent, TQuotation } from '@tidemark/protocol';
import { slice, useSlice } from './slice';

/** A pair's 24-hour figures, decimal strings as the wire carries them. */
export type Ticker = Pick<TQuotation, 'now_price' | 'change' | 'high' | 'low' | 'volume'>;

/**
 * The latest `daymarket` figures by symbol, for the whole app: the market list, the chart header
 * and the price footer read them, whichever page's socket received them.
 */
export const liveTickers = slice<ReadonlyMap<string, Ticker>>(new Map());

export function applyDayMarket({ symbol, now_price, change, high, low, volume }: TDayMarketEvent): void {
  liveTickers.set(new Map(liveTickers.get()).set(symbol, { now_price, change, high, low, volume }));
}

/** A pair's live figures, or the quotation's (polled) until the socket has sent some. */
export function useTicker(symbol: string, fallback: Ticker): Ticker;
export function useTicker(symbol: string, fallback?: Ticker): Ticker | undefined;
export function useTicker(symbol: string, fallback?: Ticker): Ticker | undefined {
  return useSlice(liveTickers, (tickers) => tickers.get(symbol)) ?? fallback;
}
