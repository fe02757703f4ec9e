import type { Period } from '@tidemark/core';

import type { MarketChannel } from '@tidemark/protocol';

/** Socket.io room names: one per pair and channel, one per pair and chart period, one per user, one per session. */
export const channelRoom = (symbol: string, channel: Exclude<MarketChannel, 'kline' | 'daymarket'>) => `pair:${symbol}:${channel}`;
/** every pair's 24-hour figures: a socket joins it by a `sub` that does not leave it out, or a template-family `login` */
export const DAYMARKET_ROOM = 'daymarket';
/** sockets that sent a `login` naming no pair and never `sub` (template-family clients): every pair, throttled */
export const LEGACY_ROOM = 'legacy';
export const klineRoom = (symbol: string, period: Period) => `kline:${symbol}:${period}`;
/** whether `room` is one of the rooms that follow `symbol` */
export const isPairRoom = (room: string, symbol: string) => room.startsWith(`pair:${symbol}:`) || room.startsWith(`kline:${symbol}:`);
export const userRoom = (userId: bigint | string) => `user:${userId}`;
/** the sockets bound to a session: ending the session disconnects them */
export const sessionRoom = (sessionId: bigint | string) => `session:${sessionId}`;
