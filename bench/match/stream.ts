/**
 * A seeded order stream around an index price of 100 (tick 0.01, lot 0.0001): a preload of
 * resting orders up to 10 away from the index, then a mix of passive limit orders, cancels of
 * live ones and crossing orders (limit orders through the spread and market orders).
 */
import { checkSpotSubmit, createRng, mustParseUnits, type SpotCommand, type SpotOrderSpec, type SpotPairRules } from '@tidemark/core';

export const rules: SpotPairRules = {
  baseCurrencyId: 2n,
  quoteCurrencyId: 3n,
  tickUnits: mustParseUnits('0.01'),
  lotUnits: mustParseUnits('0.0001'),
  minValueUnits: mustParseUnits('0.001'),
  makerFeePercentUnits: mustParseUnits('0.1'),
  takerFeePercentUnits: mustParseUnits('0.2'),
  bandPercentUnits: mustParseUnits('10'),
};
export const INDEX_UNITS = mustParseUnits('100');
const USERS = 1_000;
const DEPTH_TICKS = 1_000;

export interface Stream {
  preload: SpotCommand[];
  ops: SpotCommand[];
  counts: { place: number; cancel: number; cross: number };
}

export function buildStream(seed: number, restingOrders: number, opCount: number): Stream {
  const rng = createRng(seed);
  let nextOrderId = 1n;
  // ids of passive orders that may still rest, for cancels to pick from
  const live: Array<{ orderId: bigint; userId: bigint }> = [];
  const place = (order: SpotOrderSpec): SpotCommand => {
    const userId = BigInt(1 + rng.int(USERS));
    const checked = checkSpotSubmit(rules, order, INDEX_UNITS);
    if ('rejection' in checked) throw new Error(`the stream made a bad order: ${checked.rejection}`);
    const orderId = nextOrderId++;
    if (order.kind === 'limit') live.push({ orderId, userId });
    return { type: 'place', orderId, userId, order, frozenUnits: checked.frozenUnits };
  };
  const side = () => (rng.int(2) === 0 ? 'buy' : 'sell') as 'buy' | 'sell';
  const passive = (): SpotCommand => {
    const s = side();
    const ticks = BigInt(1 + rng.int(DEPTH_TICKS));
    const priceUnits = INDEX_UNITS + (s === 'buy' ? -ticks : ticks) * rules.tickUnits;
    return place({ kind: 'limit', side: s, priceUnits, amountUnits: BigInt(1 + rng.int(100)) * rules.lotUnits });
  };

  const preload = Array.from({ length: restingOrders }, passive);
  const ops: SpotCommand[] = [];
  const counts = { place: 0, cancel: 0, cross: 0 };
  for (let i = 0; i < opCount; i++) {
    const roll = rng.int(100);
    if (roll < 45) {
      counts.place++;
      ops.push(passive());
    } else if (roll < 85 && live.length > 0) {
      counts.cancel++;
      const at = rng.int(live.length);
      const { orderId, userId } = live[at]!;
      live[at] = live[live.length - 1]!;
      live.pop();
      ops.push({ type: 'cancel', orderId, userId });
    } else {
      counts.cross++;
      const s = side();
      const amountUnits = BigInt(1 + rng.int(300)) * rules.lotUnits;
      if (rng.int(3) === 0) {
        ops.push(place({ kind: 'market', side: s, amountUnits }));
      } else {
        const ticks = BigInt(rng.int(5));
        const priceUnits = INDEX_UNITS + (s === 'buy' ? ticks : -ticks) * rules.tickUnits;
        ops.push(place({ kind: 'limit', side: s, priceUnits, amountUnits }));
      }
    }
  }
  return { preload, ops, counts };
}
