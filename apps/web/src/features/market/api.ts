import { periodMs, type Period } from '@tidemark/core';
import { calls, type TCandleBar, type TDepthView } from '@tidemark/protocol';
import { call, callWhole } from '../../api/client';
import type { Pair } from './pair';
import type { Trade } from './tape';

const ids = (pair: Pair) => ({ legal_id: pair.legalId, currency_id: pair.currencyId });

/**
 * How many bars of history the chart asks for at a time (the server answers at most
 * `limits.candlesPerAnswerMax`): several screens, as exchanges' charts first load, and the
 * older ones as the trader scrolls back. Every bar more is work before the chart first draws.
 */
const HISTORY_BARS = 500;
// Months vary in length; the longest keeps the window at least HISTORY_BARS months wide.
const LONGEST_MONTH_MS = 31 * 24 * 3_600_000;

/** The bars up to `toMs` (now, or just before the oldest bar shown), oldest first. */
export function fetchBars(symbol: string, period: Period, toMs = Date.now()): Promise<TCandleBar[]> {
  // 500 months reach back before 1970: the server takes no negative time
  const from = Math.max(0, toMs - HISTORY_BARS * (periodMs(period) ?? LONGEST_MONTH_MS));
  const answer = callWhole(calls.newTimeshar, { symbol, period, from: String(from), to: String(toMs) });
  // the spec's chart reads code 1 as success and anything else as no data
  return answer.then((whole) => (whole.code === 1 ? whole.data : []));
}

/** The latest trades, newest first. */
export function fetchTrades(pair: Pair): Promise<Trade[]> {
  return call(calls.newTradeHistory, ids(pair));
}

export function fetchDepth(pair: Pair): Promise<TDepthView> {
  return call(calls.depth, ids(pair));
}

/** The spot book: real resting orders by price. */
export function fetchSpotDepth(pair: Pair): Promise<TDepthView> {
  return call(calls.coinDepth, ids(pair));
}

/** Real spot fills, newest first. */
export function fetchSpotTrades(pair: Pair): Promise<Trade[]> {
  return call(calls.coinTrades, ids(pair));
}
