// The market maker's ladder: where it wants its quotes for an index price. Prices sit on a grid
// whose step is drawn from the index rounded to two significant digits, so a small move of the
// index keeps most rungs where they are and a re-quote only cancels and places the rungs that moved.
import { UNITS_PER_COIN, percentOf } from '../money';
import { ceilDiv, bandOf } from './rules';
import type { SpotPairRules, SpotSide } from './types';

/** A pair's quoting settings (the `spot_maker` table). */
export interface SpotMakerConfig {
  /** rungs each side */
  levels: number;
  /** the gap between the best bid and the best ask, as a percent of the index */
  spreadPercentUnits: bigint;
  /** the gap between neighbouring rungs, as a percent of the index */
  stepPercentUnits: bigint;
  /** base amount of each rung */
  sizeUnits: bigint;
}

export interface SpotQuote {
  side: SpotSide;
  priceUnits: bigint;
  amountUnits: bigint;
}

/** `units` rounded down to two significant digits: 67_123.45 -> 67_000 */
function twoDigits(units: bigint): bigint {
  let scale = 1n;
  while (units / scale >= 100n) scale *= 10n;
  return (units / scale) * scale;
}

/**
 * The quotes wanted around `indexPriceUnits`: bids below and asks above, best first, each side
 * `levels` rungs on the grid, inside the pair's band, on its tick and lot and at least its
 * minimum value. Empty when the size is below one lot.
 */
export function makerLadder(rules: SpotPairRules, config: SpotMakerConfig, indexPriceUnits: bigint): SpotQuote[] {
  const amountUnits = (config.sizeUnits / rules.lotUnits) * rules.lotUnits;
  if (amountUnits <= 0n || indexPriceUnits <= 0n) return [];
  const rawStep = percentOf(twoDigits(indexPriceUnits), config.stepPercentUnits, 'down');
  const stepUnits = rawStep < rules.tickUnits ? rules.tickUnits : (rawStep / rules.tickUnits) * rules.tickUnits;
  const halfSpreadUnits = percentOf(indexPriceUnits, config.spreadPercentUnits, 'up') / 2n;
  const topBidUnits = ((indexPriceUnits - halfSpreadUnits) / stepUnits) * stepUnits;
  const topAskUnits = ceilDiv(indexPriceUnits + halfSpreadUnits, stepUnits) * stepUnits;
  const band = bandOf(rules, indexPriceUnits);
  const quotes: SpotQuote[] = [];
  const fits = (priceUnits: bigint) =>
    priceUnits >= band.lowUnits && priceUnits <= band.highUnits && (priceUnits * amountUnits) / UNITS_PER_COIN >= rules.minValueUnits;
  for (let i = 0n; i < BigInt(config.levels); i++) {
    const bidUnits = topBidUnits - i * stepUnits;
    const askUnits = topAskUnits + i * stepUnits;
    if (fits(bidUnits)) quotes.push({ side: 'buy', priceUnits: bidUnits, amountUnits });
    if (fits(askUnits)) quotes.push({ side: 'sell', priceUnits: askUnits, amountUnits });
  }
  return quotes;
}

/** A key of a quote's place and size on the ladder, to compare the wanted quotes with those resting. */
export const quoteKey = (quote: SpotQuote): string => `${quote.side}:${quote.priceUnits}:${quote.amountUnits}`;
