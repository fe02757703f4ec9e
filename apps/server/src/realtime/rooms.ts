import type { Period } from '@tidemark/core';

/** Socket.io room names: one per pair, one per pair and chart period, one per user. */
export const pairRoom = (symbol: string) => `pair:${symbol}`;
export const klineRoom = (symbol: string, period: Period) => `kline:${symbol}:${period}`;
export const userRoom = (userId: bigint | string) => `user:${userId}`;
