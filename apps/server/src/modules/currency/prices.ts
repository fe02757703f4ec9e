import type { MarketView } from '@tidemark/core';
import { LEGAL_USDT_ID } from '@tidemark/protocol';

/**
 * The USDT price of each currency (units of USDT per whole coin) from the live market: USDT
 * itself is 1, others the last price of their X/USDT pair; a currency without one is worth 0.
 */
export function usdtPrices(market: MarketView): Map<bigint, bigint> {
  const prices = new Map<bigint, bigint>();
  for (const pair of market.pairs()) {
    if (pair.legalId === LEGAL_USDT_ID) prices.set(BigInt(pair.currencyId), market.lastPriceUnits(pair.pairId));
  }
  prices.set(BigInt(LEGAL_USDT_ID), 100_000_000n);
  return prices;
}
