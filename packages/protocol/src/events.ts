import { z } from 'zod';
import { ZLeverOrderRow } from './calls/lever';
import { ZCandleBar, ZDepthLevel, ZRecentTrade } from './calls/market';
import { MARKET_CHANNELS } from './channels';
import { zDecimal, zTimeMs } from './fields';

/**
 * The realtime socket (socket.io at `/wss/socket.io/`). Every market event names its pair
 * (`symbol`, "BTC/USDT"), its `time` (when it was published, epoch ms; for bars, the bar's
 * start) and `seq`, which grows by exactly one per event of that name and pair (per period for
 * `kline`): a jump means events were missed (a reconnect, a conflated book on a slow link, a
 * new engine leader), and the client should reload the snapshot over HTTP.
 */
const zMarket = {
  symbol: z.string(),
  seq: z.number().int(),
  time: zTimeMs,
  // what clients of the template family filter by (CLIENT-COMPAT.md, Realtime): the pair's
  // currency, legal currency and pair id, as JSON numbers
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  match_id: z.number().int(),
};
/** Every payload names its event in `type`: template-family handlers begin by testing it. */
const zType = <T extends string>(name: T) => ({ type: z.literal(name) });

/** How many levels a side of `bids`/`asks` carries: the template's best ten. */
export const DEPTH_COMPAT_LEVELS = 10;

/** Order book of the subscribed pair. Conflated: a slow client gets the latest book, not every one. */
export const ZMarketDepthEvent = z.object({
  ...zType('market_depth'),
  ...zMarket,
  in: z.array(ZDepthLevel),
  out: z.array(ZDepthLevel),
  /** `in` and `out` as template-family clients name them, best ten each */
  bids: z.array(ZDepthLevel).max(DEPTH_COMPAT_LEVELS),
  asks: z.array(ZDepthLevel).max(DEPTH_COMPAT_LEVELS),
  last_price: zDecimal,
});

/** New trades of the subscribed pair, newest first (the client prepends them, capped at 40 rows). */
export const ZMarketDetailEvent = z.object({ ...zType('market_detail'), ...zMarket, data: z.array(ZRecentTrade) });

/** The latest trade of the subscribed pair, for tickers. */
export const ZMarketTradeEvent = z.object({ ...ZRecentTrade.shape, ...zType('market_trade'), ...zMarket });

/**
 * The open bar of a period (`kline`) or of 1 minute (`market_kline`), updated live. `kline` goes
 * out for 1min and 1day (the page header reads the day's high, low and volume from it) and for the
 * period a socket follows; `period` is the template's word (`1min` ... `60min`, `1day`, `1week`, `1mon`).
 */
export const ZKlineEvent = z.object({
  type: z.enum(['kline', 'market_kline']),
  ...zMarket,
  period: z.string(),
  change: zDecimal,
  ...ZCandleBar.shape,
});

/** 24-hour figures of every pair, sent to every client (the market list and price footer). */
export const ZDayMarketEvent = z.object({
  ...zType('daymarket'),
  ...zMarket,
  now_price: zDecimal,
  change: zDecimal,
  high: zDecimal,
  low: zDecimal,
  volume: zDecimal,
});

/**
 * `coin_depth`: the spot book of the subscribed pair (resting orders by price, best first; the
 * last spot fill price), the whole book after each batch the matcher ran. Shaped as `market_depth`.
 */
export const ZCoinDepthEvent = ZMarketDepthEvent.extend(zType('coin_depth'));
/** `coin_detail`: real spot fills of the subscribed pair, newest first. Shaped as `market_detail`. */
export const ZCoinDetailEvent = ZMarketDetailEvent.extend(zType('coin_detail'));
export type TCoinDepthEvent = z.infer<typeof ZCoinDepthEvent>;
export type TCoinDetailEvent = z.infer<typeof ZCoinDetailEvent>;

export type TMarketDepthEvent = z.infer<typeof ZMarketDepthEvent>;
export type TMarketDetailEvent = z.infer<typeof ZMarketDetailEvent>;
export type TMarketTradeEvent = z.infer<typeof ZMarketTradeEvent>;
export type TKlineEvent = z.infer<typeof ZKlineEvent>;
export type TDayMarketEvent = z.infer<typeof ZDayMarketEvent>;

/** `lever_trade` (CLIENT-COMPAT): the account's margin ratio, PnL and margin of its open positions, and its open and pending orders. */
export const ZLeverTradeEvent = z.object({
  type: z.literal('lever_trade'),
  to: z.number().int(),
  /** equity over margin of the open positions, in percent */
  hazard_rate: zDecimal,
  profits_all: zDecimal,
  caution_money_all: zDecimal,
  /** open positions (status 1) and pending entrusts (status 0), newest first */
  orders: z.array(ZLeverOrderRow),
});
export type TLeverTradeEvent = z.infer<typeof ZLeverTradeEvent>;

/**
 * Events only the logged-in user's own sockets receive; their payloads belong to the issues that
 * send them. Each goes out with `type` (the event's name) and `to` (the user's id) added.
 */
export interface PrivateEvents {
  /** a spot trade of the user filled: wallets and orders changed */
  afterCoinTrade: Record<string, unknown>;
  /** a micro order of the user settled: the closed order */
  closed_microorder: Record<string, unknown>;
  /** the user's contract risk and live orders: every two seconds while they hold positions, at once on a change */
  lever_trade: TLeverTradeEvent;
}

/** Events the server sends. */
export interface ServerToClientEvents {
  market_depth: (event: TMarketDepthEvent) => void;
  market_detail: (event: TMarketDetailEvent) => void;
  market_trade: (event: TMarketTradeEvent) => void;
  market_kline: (event: TKlineEvent) => void;
  kline: (event: TKlineEvent) => void;
  daymarket: (event: TDayMarketEvent) => void;
  afterCoinTrade: (event: PrivateEvents['afterCoinTrade']) => void;
  closed_microorder: (event: PrivateEvents['closed_microorder']) => void;
  lever_trade: (event: PrivateEvents['lever_trade']) => void;
  coin_depth: (event: TCoinDepthEvent) => void;
  coin_detail: (event: TCoinDetailEvent) => void;
}

/**
 * `login` binds the socket to its user (the token proves who it is; `user_id`, when given, must
 * match it) and, with currency and legal names, subscribes to that pair. The token may come in
 * the handshake instead (`auth: { token }`). Template-family clients send a bare user id (`"2"`,
 * even `"null"`): read as `{ user_id }`, which without a token joins no private room.
 */
const ZLoginFields = z.object({
  token: z.string().optional(),
  user_id: z.union([z.string(), z.number()]).optional(),
  currency_name: z.string().optional(),
  legal_name: z.string().optional(),
});
export const ZLoginEmit = z.union([
  ZLoginFields,
  z.union([z.string(), z.number()]).transform((user_id): z.infer<typeof ZLoginFields> => ({ user_id })),
]);
export type TLoginEmit = z.input<typeof ZLoginEmit>;

/**
 * `sub`: follow a pair ("BTC/USDT"), and for `kline` one period (default 1min) beside 1min and
 * 1day. A second `sub` of another pair adds it; one of the same pair replaces what is followed of
 * it. `channels` narrows what is sent to the events a screen shows (all of them when absent, as
 * older clients expect): fewer frames per tick for every socket, which is what fan-out costs.
 * A socket that sends `login` (naming no pair) and never `sub` is a template-family client: it gets
 * every pair's book, trades, 1min and 1day bars and 24h figures, at most once a second per pair and
 * period. A socket that sends neither gets no market event. Without `symbol`,
 * `sub` follows no pair, only `daymarket` if its channels name it: what a page showing no market
 * sends so as not to get that stream.
 */
export const ZSubEmit = z.union([
  z.string(),
  z.object({ symbol: z.string().optional(), period: z.string().optional(), channels: z.array(z.enum(MARKET_CHANNELS)).optional() }),
]);
export type TSubEmit = z.infer<typeof ZSubEmit>;

/** `unsub`: stop following a pair ("BTC/USDT", or `{ symbol }`). */
export const ZUnsubEmit = z.union([z.string(), z.object({ symbol: z.string() })]);
export type TUnsubEmit = z.infer<typeof ZUnsubEmit>;

/** What an emit's acknowledgement says. */
export type TEmitAck = { ok: true } | { ok: false; code: 'session_invalid' | 'invalid_field' | 'not_found' };

/** Events the client sends; the last argument is an optional acknowledgement. */
export interface ClientToServerEvents {
  login: (payload: TLoginEmit, ack?: (answer: TEmitAck) => void) => void;
  sub: (payload: TSubEmit, ack?: (answer: TEmitAck) => void) => void;
  unsub: (payload: TUnsubEmit, ack?: (answer: TEmitAck) => void) => void;
}
