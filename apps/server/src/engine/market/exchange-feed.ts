import WebSocket from 'ws';
import {
  applyBookDiff,
  bookFromSnapshot,
  parseUnits,
  topOfBook,
  type Book,
  type BookDiff,
  type FeedEvent,
  type Level,
  type MarketPair,
  type PriceFeed,
  type Trade,
} from '@tidemark/core';
import { limits } from '@tidemark/protocol';

export interface ExchangeFeedOptions {
  pairs: readonly MarketPair[];
  /** the public stream, e.g. wss://stream.binance.com:9443 */
  wsUrl: string;
  /** the public REST API, e.g. https://api.binance.com */
  restUrl: string;
  /** trades and books are reported in batches this often */
  flushMs?: number;
  /** first wait before reconnecting after the stream drops; doubled on each failure up to RECONNECT_MS_MAX */
  reconnectMs?: number;
  onError: (error: unknown) => void;
}

type RawLevel = [string, string];
interface TradeMessage {
  e: 'trade';
  s: string;
  p: string;
  q: string;
  T: number;
  /** the buyer was the maker: the taker sold */
  m: boolean;
}
interface DepthMessage {
  e: 'depthUpdate';
  s: string;
  U: number;
  u: number;
  b: RawLevel[];
  a: RawLevel[];
}

interface PairStream {
  pair: MarketPair;
  /** undefined while a snapshot is being fetched; diffs wait in `pending` meanwhile */
  book: Book | undefined;
  pending: BookDiff[];
  /** bumped by every new snapshot request, so a late answer to an older one is dropped */
  generation: number;
  trades: Trade[];
  bookChanged: boolean;
}

const RECONNECT_MS_MAX = 30_000;

/** "BTC/USDT" → "BTCUSDT", the exchange's name for the pair. */
export const exchangeSymbol = (symbol: string) => symbol.replace('/', '').toUpperCase();

function levels(raw: RawLevel[]): Level[] {
  const out: Level[] = [];
  for (const [p, q] of raw) {
    const price = parseUnits(p);
    const amount = parseUnits(q);
    if (price.ok && amount.ok) out.push([price.units, amount.units]);
  }
  return out;
}

/**
 * Live public market data from Binance: combined trade and depth-diff streams over one
 * websocket, the book kept from a REST snapshot plus diffs. A dropped stream reconnects and
 * re-snapshots; a diff that skips update ids (lost messages) re-snapshots that pair.
 */
export function exchangeFeed({
  pairs,
  wsUrl,
  restUrl,
  flushMs = 250,
  reconnectMs = 1000,
  onError,
}: ExchangeFeedOptions): PriceFeed {
  const streams = new Map<string, PairStream>(
    pairs.map((pair) => [
      exchangeSymbol(pair.symbol),
      { pair, book: undefined, pending: [], generation: 0, trades: [], bookChanged: false },
    ]),
  );
  let socket: WebSocket | undefined;
  let stopped = false;
  let flushTimer: NodeJS.Timeout | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reconnectDelayMs = reconnectMs;

  const snapshot = async (stream: PairStream) => {
    const generation = ++stream.generation;
    stream.book = undefined;
    stream.pending = [];
    try {
      const url = `${restUrl}/api/v3/depth?symbol=${exchangeSymbol(stream.pair.symbol)}&limit=${limits.depthLevelsMax * 5}`;
      const response = await fetch(url);
      if (!response.ok) throw new Error(`depth snapshot answered ${response.status}`);
      const body = (await response.json()) as { lastUpdateId: number; bids: RawLevel[]; asks: RawLevel[] };
      if (generation !== stream.generation || stopped) return;
      let book = bookFromSnapshot(body.lastUpdateId, { bids: levels(body.bids), asks: levels(body.asks) });
      for (const diff of stream.pending) {
        const result = applyBookDiff(book, diff);
        if (!result.ok) return void snapshot(stream);
        book = result.book;
      }
      stream.book = book;
      stream.pending = [];
      stream.bookChanged = true;
    } catch (error) {
      onError(error);
      if (generation === stream.generation && !stopped) setTimeout(() => void snapshot(stream), reconnectMs);
    }
  };

  const onMessage = (text: string) => {
    const { data } = JSON.parse(text) as { data: TradeMessage | DepthMessage };
    const stream = streams.get(data.s);
    if (!stream) return;
    if (data.e === 'trade') {
      const price = parseUnits(data.p);
      const amount = parseUnits(data.q);
      if (!price.ok || !amount.ok || price.units <= 0n) return;
      stream.trades.push({ timeMs: data.T, priceUnits: price.units, amountUnits: amount.units, direction: data.m ? 'sell' : 'buy' });
      return;
    }
    const diff: BookDiff = { firstUpdateId: data.U, finalUpdateId: data.u, bids: levels(data.b), asks: levels(data.a) };
    if (!stream.book) {
      stream.pending.push(diff);
      return;
    }
    const result = applyBookDiff(stream.book, diff);
    if (!result.ok) {
      void snapshot(stream);
      stream.pending.push(diff);
      return;
    }
    stream.book = result.book;
    stream.bookChanged ||= result.applied;
  };

  const connect = () => {
    const names = [...streams.keys()].flatMap((s) => [`${s.toLowerCase()}@trade`, `${s.toLowerCase()}@depth@100ms`]);
    const ws = new WebSocket(`${wsUrl}/stream?streams=${names.join('/')}`);
    socket = ws;
    ws.on('open', () => {
      reconnectDelayMs = reconnectMs;
      for (const stream of streams.values()) void snapshot(stream);
    });
    ws.on('message', (raw) => {
      try {
        onMessage(raw.toString());
      } catch (error) {
        onError(error);
      }
    });
    ws.on('error', onError);
    ws.on('close', () => {
      if (socket !== ws || stopped) return;
      // everything between now and the new stream is lost: the books start again from snapshots
      for (const stream of streams.values()) {
        stream.generation++;
        stream.book = undefined;
        stream.pending = [];
      }
      reconnectTimer = setTimeout(connect, reconnectDelayMs);
      // an exchange that is down (or no network at all) is retried ever more slowly
      reconnectDelayMs = Math.min(reconnectDelayMs * 2, RECONNECT_MS_MAX);
    });
  };

  return {
    async start(report: (event: FeedEvent) => void) {
      connect();
      flushTimer = setInterval(() => {
        for (const stream of streams.values()) {
          if (stream.trades.length > 0) {
            report({ kind: 'trades', pairId: stream.pair.pairId, trades: stream.trades });
            stream.trades = [];
          }
          if (stream.book && stream.bookChanged) {
            report({ kind: 'depth', pairId: stream.pair.pairId, depth: topOfBook(stream.book, limits.depthLevelsMax) });
            stream.bookChanged = false;
          }
        }
      }, flushMs);
    },
    async stop() {
      stopped = true;
      clearInterval(flushTimer);
      clearTimeout(reconnectTimer);
      socket?.terminate();
    },
  };
}
