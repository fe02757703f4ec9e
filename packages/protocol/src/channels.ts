// Apart from the event schemas (events.ts), so a client that only names channels needs no zod.
/** The public market channels a socket can follow. */
export const MARKET_CHANNELS = ['market_depth', 'market_detail', 'market_trade', 'market_kline', 'kline', 'daymarket', 'coin_depth', 'coin_detail'] as const;
export type MarketChannel = (typeof MARKET_CHANNELS)[number];
/** What the trading screens follow: the book, the tape, the open bar of the chart's period and the 24h figures. */
export const SCREEN_CHANNELS: readonly MarketChannel[] = ['market_depth', 'market_detail', 'kline', 'daymarket'];
/** What the spot screen follows: the spot book and its fills instead of the feed's, with the feed's bar and figures. */
export const SPOT_SCREEN_CHANNELS: readonly MarketChannel[] = ['coin_depth', 'coin_detail', 'kline', 'daymarket'];
