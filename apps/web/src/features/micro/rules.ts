import { feeOf, formatUnits, microProfitUnits, parseUnits } from '@tidemark/core';
import type { TMicroOrderRow, TMicroPayableCurrency } from '@tidemark/protocol';
import type { Quotation } from '../../api/queries';

/** The pairs the micro page lists and trades: those open for micro options. */
export const isMicroPair = (quotation: Quotation) => quotation.open_microtrade === 1;

/** The spec's preset layout: rows of 7. */
export const PRESETS_PER_ROW = 7;
/** How long a pushed closed order stays in the open list, showing its result. */
export const CLOSED_LINGER_MS = 500;
/** The spec's refresh of the micro balance and the open orders. */
export const MICRO_REFRESH_MS = 800;

export function presetRows<T>(presets: readonly T[], perRow = PRESETS_PER_ROW): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < presets.length; i += perRow) rows.push(presets.slice(i, i + perRow));
  return rows;
}

/** The amount a currency starts with: its first preset, or 0 when it has none. */
export const firstPreset = (currency: Pick<TMicroPayableCurrency, 'micro_numbers'> | undefined): string =>
  currency?.micro_numbers[0]?.number ?? '0';

/** The number field refuses the letter e (a number input would take it as an exponent). */
export const isBlockedKey = (key: string): boolean => key === 'e' || key === 'E';

/** Units of a decimal string, or undefined when it is not a plain positive-or-zero amount. */
const unitsOf = (text: string): bigint | undefined => {
  const parsed = parseUnits(text.trim());
  return parsed.ok ? parsed.units : undefined;
};

/**
 * What a win pays back for a stake at a profit ratio (a percent): the stake plus its profit,
 * by the settlement's own rule; the fee is charged beside it at submission.
 */
export function expectedPayout(number: string, profitRatio: string): { payout: string; profit: string } | undefined {
  const stake = unitsOf(number);
  const ratio = unitsOf(profitRatio);
  if (stake === undefined || ratio === undefined || stake <= 0n) return undefined;
  const profit = microProfitUnits(stake, ratio);
  return { payout: formatUnits(stake + profit), profit: formatUnits(profit) };
}

/** The fee of a stake at a fee percent, as the server charges it at submission. */
export function submitFee(number: string, feePercent: string): string | undefined {
  const stake = unitsOf(number);
  const percent = unitsOf(feePercent);
  if (stake === undefined || percent === undefined || stake <= 0n) return undefined;
  return formatUnits(feeOf(stake, percent));
}

export type LiveProfit = { trend: 'up' | 'down'; amount: string };

/**
 * The spec's live display of an open order against the current price: a gain of
 * number x profit_ratio / 100 when the price is on the order's side or level (the spec shows a
 * level price as a gain; settlement pays it as a draw), else the loss of the stake.
 */
export function liveProfit(order: Pick<TMicroOrderRow, 'type' | 'open_price' | 'number' | 'profit_ratio'>, currentPrice: string): LiveProfit | undefined {
  const open = unitsOf(order.open_price);
  const now = unitsOf(currentPrice);
  const stake = unitsOf(order.number);
  const ratio = unitsOf(order.profit_ratio);
  if (open === undefined || now === undefined || stake === undefined || ratio === undefined) return undefined;
  const winning = order.type === 1 ? open <= now : open >= now;
  return winning ? { trend: 'up', amount: formatUnits(microProfitUnits(stake, ratio)) } : { trend: 'down', amount: formatUnits(stake) };
}

/**
 * The open list as shown: the polled rows with pushed closings laid over them, a pushed closing
 * the poll already dropped kept in its place until it lingers out (then null), and one lingered
 * out left off even if a poll read before its settlement still lists it.
 */
export function withClosings(open: readonly TMicroOrderRow[], closing: ReadonlyMap<number, TMicroOrderRow | null>): TMicroOrderRow[] {
  const shown = open.flatMap((order) => {
    const closed = closing.get(order.id);
    return closed === null ? [] : [closed ?? order];
  });
  const listed = new Set(open.map((order) => order.id));
  for (const row of closing.values()) if (row && !listed.has(row.id)) shown.push(row);
  // newest first, as the server lists them
  return shown.sort((a, b) => b.id - a.id);
}

/** Seconds left until `endAtMs`, never below zero, as mm:ss. */
export function countdown(endAtMs: number, nowMs: number): { text: string; leftMs: number } {
  const leftMs = Math.max(0, endAtMs - nowMs);
  const seconds = Math.ceil(leftMs / 1000);
  const text = `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  return { text, leftMs };
}
