import { periodMs, type Period } from '@tidemark/core';
import type { TCandleBar, TDepthView, TTimesharResponse } from '@tidemark/protocol';
import { get } from '../../api/client';
import type { Pair } from './pair';
import type { Trade } from './tape';

const ids = (pair: Pair) => ({ legal_id: pair.legalId, currency_id: pair.currencyId });

/** How many bars of history the chart asks for (the server answers at most 2000). */
const HISTORY_BARS = 1500;
// Months vary in length; the longest keeps the window at least HISTORY_BARS months wide.
const LONGEST_MONTH_MS = 31 * 24 * 3_600_000;

export function fetchBars(symbol: string, period: Period, nowMs = Date.now()): Promise<TCandleBar[]> {
  // 1500 months reach back before 1970: the server takes no negative time
  const from = Math.max(0, nowMs - HISTORY_BARS * (periodMs(period) ?? LONGEST_MONTH_MS));
  const answer = get<TTimesharResponse['message']>('/api/currency/new_timeshar', { symbol, period, from, to: nowMs });
  // the spec's chart reads code 1 as success and anything else as no data
  return answer.then((message) => (message.code === 1 ? message.data : []));
}

/** The latest trades, newest first. */
export function fetchTrades(pair: Pair): Promise<Trade[]> {
  return get<Trade[]>('/api/currency/new_tradehistory', ids(pair));
}

export function fetchDepth(pair: Pair): Promise<TDepthView> {
  return get<TDepthView>('/api/currency/depth', ids(pair));
}
