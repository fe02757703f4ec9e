// Shared by the micro tests: a default submission and a recorded price history.
import { mustParseUnits } from '../money';
import type { MicroSubmitInput } from './submit';
import type { MicroLimits, PriceLookup, PriceTick } from './types';

export const NOW_MS = Date.UTC(2025, 5, 1, 12, 0, 0);
export const LIMITS: MicroLimits = { openOrdersPerUserMax: 3, priceStaleAfterMs: 5_000 };
export const ACCOUNTS = { userAccountId: 11n, feesAccountId: 901n, houseAccountId: 902n };

/** BTC/USDT (pair 2) at 67000, USDT (currency 3) 10..10000 with a 1% fee, 30 s at 80%, 1000 USDT available. */
export function submitInput(overrides: Partial<MicroSubmitInput> = {}): MicroSubmitInput {
  return {
    orderId: 1n,
    userId: 7n,
    direction: 'up',
    number: '100',
    pair: { pairId: 2n, microOpen: true },
    currency: {
      currencyId: 3n,
      payable: true,
      minUnits: mustParseUnits('10'),
      maxUnits: mustParseUnits('10000'),
      feePercentUnits: mustParseUnits('1'),
    },
    secondsOption: { seconds: 30, profitRatioPercentUnits: mustParseUnits('80'), enabled: true },
    latestTick: { priceUnits: mustParseUnits('67000'), atMs: NOW_MS - 1_000 },
    availableUnits: mustParseUnits('1000'),
    openOrdersOfUser: 0,
    accounts: ACCOUNTS,
    ...overrides,
  };
}

/** A recorded price history that grows as ticks are appended (in time order per pair). */
export function priceHistory(): { record(pairId: bigint, tick: PriceTick): void; priceAt: PriceLookup } {
  const ticksByPair = new Map<bigint, PriceTick[]>();
  return {
    record(pairId, tick) {
      const ticks = ticksByPair.get(pairId) ?? [];
      const last = ticks.at(-1);
      if (last && last.atMs > tick.atMs) throw new Error('ticks are recorded in time order');
      ticks.push(tick);
      ticksByPair.set(pairId, ticks);
    },
    priceAt(pairId, atMs) {
      const ticks = ticksByPair.get(pairId) ?? [];
      // the last tick at or before atMs: binary search for the first tick after it
      let low = 0;
      let high = ticks.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (ticks[mid]!.atMs <= atMs) low = mid + 1;
        else high = mid;
      }
      return low === 0 ? undefined : ticks[low - 1];
    },
  };
}
