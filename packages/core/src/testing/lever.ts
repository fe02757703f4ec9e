import type { LeverCommand } from '../lever/types';

export type Submit = Extract<LeverCommand, { type: 'submit' }>;

/** A market long of 10 hands at 10x on pair 1 by user 7, no stops, unless `over` says otherwise. */
export const submitCommand = (orderId: bigint, over: Partial<Submit> = {}): Submit => ({
  type: 'submit',
  orderId,
  userId: 7n,
  pairId: 1n,
  direction: 1,
  entryMode: 1,
  multiple: 10,
  hands: 10,
  limitPriceUnits: 0n,
  takeProfitUnits: 0n,
  stopLossUnits: 0n,
  ...over,
});
