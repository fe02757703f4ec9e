import {
  applySpread,
  formatUnits,
  parseUnits,
  quoteLever,
  settleLever,
  type LeverDirection,
} from '@tidemark/core';

/** The pair's contract terms as `lever/deal` sends them (decimal strings). */
export interface LeverTerms {
  contractSize: string;
  spreadPercent: string;
  feePercent: string;
}

export interface EstimateInput {
  direction: LeverDirection;
  /** 0 limit, 1 market */
  mode: 0 | 1;
  /** the typed limit price; ignored at market */
  limitPrice: string;
  currentPrice: string;
  hands: number;
  multiple: number;
  takeProfit: string;
  stopLoss: string;
}

/** What the order form shows before submitting, each a decimal string. */
export interface LeverEstimate {
  /** the price the position would open at: the asked or current price, spread added for a long, taken off for a short */
  openPrice: string;
  value: string;
  margin: string;
  fee: string;
  /** settlement at the take-profit and stop-loss prices (margin + PnL floored at 0, less the margin); absent when none is set */
  profitAtTakeProfit?: string;
  lossAtStopLoss?: string;
}

const positive = (text: string): bigint | undefined => {
  const parsed = parseUnits(text.trim());
  return parsed.ok && parsed.units > 0n ? parsed.units : undefined;
};

/**
 * The order form's live estimates, by core's own formulas (the ones the server settles with), so
 * the page can never promise other figures than the engine books: a limit already reached opens
 * at the current price, as the engine fills it.
 */
export function estimateLever(input: EstimateInput, terms: LeverTerms): LeverEstimate | undefined {
  const current = positive(input.currentPrice);
  if (current === undefined || !Number.isInteger(input.hands) || input.hands <= 0 || input.multiple <= 0) return undefined;
  let origin = current;
  if (input.mode === 0) {
    const limit = positive(input.limitPrice);
    if (limit === undefined) return undefined;
    const reached = input.direction === 1 ? limit >= current : limit <= current;
    if (!reached) origin = limit;
  }
  const openPriceUnits = applySpread(origin, input.direction, positive(terms.spreadPercent) ?? 0n);
  const contractSizeUnits = positive(terms.contractSize);
  if (openPriceUnits <= 0n || contractSizeUnits === undefined) return undefined;
  const quoted = quoteLever({
    openPriceUnits,
    hands: input.hands,
    contractSizeUnits,
    multiple: input.multiple,
    feePercentUnits: positive(terms.feePercent) ?? 0n,
  });
  if (!quoted.ok) return undefined;
  const { quantityUnits, valueUnits, marginUnits, feeUnits } = quoted.quote;
  const position = { direction: input.direction, openPriceUnits, quantityUnits, marginUnits };
  const outcomeAt = (text: string) => {
    const exit = positive(text);
    return exit === undefined ? undefined : formatUnits(settleLever(position, exit).payoutUnits - marginUnits);
  };
  const profitAtTakeProfit = outcomeAt(input.takeProfit);
  const lossAtStopLoss = outcomeAt(input.stopLoss);
  return {
    openPrice: formatUnits(openPriceUnits),
    value: formatUnits(valueUnits),
    margin: formatUnits(marginUnits),
    fee: formatUnits(feeUnits),
    ...(profitAtTakeProfit !== undefined ? { profitAtTakeProfit } : {}),
    ...(lossAtStopLoss !== undefined ? { lossAtStopLoss } : {}),
  };
}

/** The spec's stepper bounds for take-profit and stop-loss: the current price to 1000 away, on the side each belongs. */
export function stopBounds(
  kind: 'takeProfit' | 'stopLoss',
  direction: LeverDirection,
  currentPrice: string,
  rangeUnits: bigint,
): { min: string; max: string } | undefined {
  const current = positive(currentPrice);
  if (current === undefined) return undefined;
  const above = (kind === 'takeProfit') === (direction === 1);
  const [min, max] = above ? [current, current + rangeUnits] : [current - rangeUnits, current];
  return { min: formatUnits(min > 0n ? min : 0n), max: formatUnits(max) };
}
