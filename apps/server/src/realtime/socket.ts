import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { parsePeriod, type Period, type TickEvent, type Trade } from '@tidemark/core';
import {
  limits,
  ZLoginEmit,
  ZSubEmit,
  ZUnsubEmit,
  MARKET_CHANNELS,
  type MarketChannel,
  type ClientToServerEvents,
  type PrivateEvents,
  type ServerToClientEvents,
  type TEmitAck,
} from '@tidemark/protocol';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { MarketEngine } from '../engine/market/market';
import { fanoutLag, socketsOpen } from '../metrics';
import type { SpotBookUpdate } from '../engine/hosted';
import { resolveSession, sessionRevoked } from '../modules/session/service';
import { addressGate, handshakeAddress } from './address-gate';
import { marketEvents } from './market-events';
import { channelRoom, DAYMARKET_ROOM, isPairRoom, klineRoom, LEGACY_ROOM, sessionRoom, userRoom } from './rooms';

interface SocketData {
  /** a string, not a bigint: socket data crosses processes as JSON through the Redis adapter */
  userId: string | undefined;
  /** the session the token proved, whose end disconnects the socket */
  sessionId: string | undefined;
  /** the latest book held back from a slow socket, sent when its queue drains */
  parkedDepth: Parameters<ServerToClientEvents['market_depth']>[0] | undefined;
  /** the socket said what it follows (`sub`, or a login naming a pair): never the every-pair stream again */
  subscribed: boolean | undefined;
  /** the session the handshake's token proved, held only until the connection binds to it */
  handshakeSession: { sessionId: bigint; userId: bigint } | undefined;
}

/** What one process tells the others through the adapter: sessions ended, whose sockets close. */
interface ServerSideEvents {
  endSessions: (sessionIds: string[]) => void;
}

type TidemarkServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
type TidemarkSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

/** The socket layer as other modules use it. */
export interface Realtime {
  io: TidemarkServer;
  /** sends a market tick this process applied to its own sockets (every process gets every tick) */
  publishMarket(event: TickEvent): void;
  /** the spot book and fills of a pair, from the matcher on the leader to every process's sockets */
  publishSpot(update: SpotBookUpdate): void;
  /** sends an event to every socket of one user, on whichever server process it is connected */
  publishPrivate<E extends keyof PrivateEvents>(userId: bigint, event: E, payload: PrivateEvents[E]): void;
  /** false only when no socket of the user can hear a private event (one process, none of theirs connected) */
  listening(userId: bigint): boolean;
  /** disconnects every socket bound to these sessions, on whichever process (call it once their end committed) */
  endSessions(sessionIds: readonly bigint[]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Bars every `kline` follower gets beside its own period: the page header reads the day bar. */
const ALWAYS_KLINE_PERIODS: readonly Period[] = ['1min', '1day'];

const queued = (socket: TidemarkSocket) => (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;

/**
 * socket.io at `/wss/socket.io/` on the HTTP server. Public market events go to the sockets
 * subscribed to a pair; private events only to sockets whose session token proved the user.
 * With Redis, the adapter carries private events between processes; market events are not
 * carried by it, since every process receives every tick and serves its own sockets.
 */
export const realtimePlugin = fp<{ db: Db; config: Config; market: MarketEngine }>(async (app, { db, config, market }) => {
  const redis = config.redisUrl ? new Redis(config.redisUrl) : undefined;
  const gate = addressGate({ redis, prefix: market.redisPrefix, onError: (err) => app.log.error({ err }, 'socket address gate') });
  const addressOf = (request: IncomingMessage) => handshakeAddress(request, config.trustProxy);
  const io: TidemarkServer = new Server(app.server, {
    path: '/wss/socket.io/',
    serveClient: false,
    // template-family clients speak socket.io 2 (Engine.IO 3)
    allowEIO3: true,
    // refused before the connection exists: answered 403 (400 to a WebSocket) with the code as its message
    allowRequest: (request, answer) => {
      void gate.admit(addressOf(request), market.clock()).then((refusal) => answer(refusal ?? null, refusal === undefined));
    },
  });
  io.engine.on('connection', (connection: { request: IncomingMessage; once(event: 'close', listener: () => void): void }) => {
    const address = addressOf(connection.request);
    gate.opened(address);
    connection.once('close', () => gate.closed(address));
  });
  if (redis) {
    const sub = redis.duplicate();
    for (const client of [redis, sub]) client.on('error', (err) => app.log.error({ err }, 'socket adapter'));
    io.adapter(createAdapter(redis, sub, { key: `${market.redisPrefix}-socket.io` }));
    app.addHook('onClose', async () => {
      await gate.close();
      await Promise.allSettled([redis.quit(), sub.quit()]);
    });
  } else app.addHook('onClose', () => gate.close());
  const { board } = market;

  const authenticate = async (token: unknown) =>
    typeof token === 'string' && token
      ? resolveSession(db, token, { kind: 'user', idleMs: config.sessionIdleMs }, market.clock(), (sessionId, nowMs) =>
          app.jobs.run({ name: 'markSessionSeen', args: { sessionId, nowMs }, payload: '' }),
        )
      : undefined;

  /** Follows `symbol` with `channels` (and bars of `periodText`); other pairs followed stay. */
  const subscribe = (
    socket: TidemarkSocket,
    symbol: string,
    periodText = '1min',
    channels: readonly MarketChannel[] = MARKET_CHANNELS,
  ): TEmitAck => {
    const pair = board.pairBySymbol(symbol);
    if (!pair) return { ok: false, code: 'not_found' };
    const period: Period | undefined = parsePeriod(periodText);
    if (!period) return { ok: false, code: 'invalid_field' };
    socket.data.subscribed = true;
    void socket.leave(LEGACY_ROOM);
    unsubscribe(socket, pair.symbol);
    if (!channels.includes('daymarket')) void socket.leave(DAYMARKET_ROOM);
    const periods = new Set([...ALWAYS_KLINE_PERIODS, period]);
    void socket.join(
      channels.flatMap((channel) =>
        channel === 'kline'
          ? [...periods].map((each) => klineRoom(pair.symbol, each))
          : channel === 'daymarket'
            ? [DAYMARKET_ROOM]
            : [channelRoom(pair.symbol, channel)],
      ),
    );
    return { ok: true };
  };

  const unsubscribe = (socket: TidemarkSocket, symbol: string) => {
    for (const room of socket.rooms) if (isPairRoom(room, symbol)) void socket.leave(room);
  };

  /**
   * Binds the socket to a live session: its user's private events, and its end disconnects it.
   * The session is read again once the socket is in its room: a revocation that committed between
   * the first read and the join found no socket to close, and this read sees it.
   */
  const bind = async (socket: TidemarkSocket, session: { sessionId: bigint; userId: bigint }) => {
    // a socket hears one session at a time: a login as someone else leaves the previous user's room
    if (socket.data.userId !== undefined) void socket.leave(userRoom(socket.data.userId));
    if (socket.data.sessionId !== undefined) void socket.leave(sessionRoom(socket.data.sessionId));
    socket.data.userId = session.userId.toString();
    socket.data.sessionId = session.sessionId.toString();
    void socket.join([userRoom(session.userId), sessionRoom(session.sessionId)]);
    if (await sessionRevoked(db, session.sessionId)) {
      socket.conn.close();
      return false;
    }
    return true;
  };

  io.use(async (socket, next) => {
    try {
      socket.data.handshakeSession = await authenticate(socket.handshake.auth?.token);
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket) => {
    socketsOpen.inc();
    socket.on('disconnect', () => socketsOpen.dec());
    // no market event until the socket says what it follows: `sub`, or a template-family `login`
    const { handshakeSession } = socket.data;
    socket.data.handshakeSession = undefined;
    if (handshakeSession) void bind(socket, handshakeSession).catch((err: unknown) => app.log.error({ err }, 'socket session'));
    socket.conn.on('drain', () => {
      const parked = socket.data.parkedDepth;
      if (!parked) return;
      socket.data.parkedDepth = undefined;
      socket.emit('market_depth', parked);
    });

    socket.on('login', async (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const parsed = ZLoginEmit.safeParse(payload ?? {});
      if (!parsed.success) return reply({ ok: false, code: 'invalid_field' });
      const { token, user_id, currency_name, legal_name } = parsed.data;
      // the market is public: the named pair is followed whether or not the login holds; a
      // template-family client names none and never sends `sub`: it gets every pair's stream
      if (currency_name && legal_name) subscribe(socket, `${currency_name}/${legal_name}`);
      else if (!socket.data.subscribed) void socket.join([LEGACY_ROOM, DAYMARKET_ROOM]);
      const session = token ? await authenticate(token) : undefined;
      const userId = session?.userId.toString() ?? socket.data.userId;
      if (userId === undefined || (user_id !== undefined && String(user_id) !== userId)) {
        return reply({ ok: false, code: 'session_invalid' });
      }
      if (session && !(await bind(socket, session))) return reply({ ok: false, code: 'session_invalid' });
      reply({ ok: true });
    });

    socket.on('sub', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const parsed = ZSubEmit.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, code: 'invalid_field' });
      const { symbol, period, channels } = typeof parsed.data === 'string' ? { symbol: parsed.data } : parsed.data;
      if (symbol !== undefined) return reply(subscribe(socket, symbol, period, channels));
      socket.data.subscribed = true;
      void socket.leave(LEGACY_ROOM);
      if (channels && !channels.includes('daymarket')) void socket.leave(DAYMARKET_ROOM);
      else void socket.join(DAYMARKET_ROOM);
      reply({ ok: true });
    });

    socket.on('unsub', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const parsed = ZUnsubEmit.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, code: 'invalid_field' });
      const pair = board.pairBySymbol(typeof parsed.data === 'string' ? parsed.data : parsed.data.symbol);
      if (!pair) return reply({ ok: false, code: 'not_found' });
      unsubscribe(socket, pair.symbol);
      reply({ ok: true });
    });
  });

  /** Local sockets of a room; a socket whose queue passed the limit is dropped (it reconnects and reloads). */
  const localSockets = (room: string): TidemarkSocket[] => {
    const sockets: TidemarkSocket[] = [];
    for (const id of io.of('/').adapter.rooms.get(room) ?? []) {
      const socket = io.of('/').sockets.get(id);
      if (!socket) continue;
      if (queued(socket) > limits.socketQueuePacketsMax) socket.disconnect(true);
      else sockets.push(socket);
    }
    return sockets;
  };

  /**
   * Closes the transports of this process's sockets bound to the sessions. Not a socket.io
   * disconnect, which tells a client to stay away: its client reconnects by itself, as a visitor,
   * since the token it sends again binds it to no one.
   */
  const closeSessions = (sessionIds: readonly string[]) => {
    for (const sessionId of sessionIds) {
      for (const id of io.of('/').adapter.rooms.get(sessionRoom(sessionId)) ?? []) io.of('/').sockets.get(id)?.conn.close();
    }
  };
  // the sessions other processes ended, through the adapter
  io.on('endSessions', closeSessions);

  const events = marketEvents(board, market.clock);
  const daymarkets = new Map<number, { sentAtMs: number; seq: number }>();
  // the legacy stream: when each pair's event (and period) last went out, and its own numbering
  const legacySent = new Map<string, { sentAtMs: number; seq: number }>();
  /** trades of each pair since its last legacy `market_detail`, oldest first */
  const legacyTrades = new Map<number, Trade[]>();
  /** the stream's next seq when `key` is due (a second since it last went out), else undefined */
  const legacyDue = (key: string): number | undefined => {
    const last = legacySent.get(key) ?? { sentAtMs: -Infinity, seq: 0 };
    const nowMs = market.clock();
    if (nowMs - last.sentAtMs < limits.legacyPushIntervalMs) return undefined;
    legacySent.set(key, { sentAtMs: nowMs, seq: last.seq + 1 });
    return last.seq + 1;
  };
  const followed = (room: string) => (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;

  /** Template-family sockets (a `login`, never a `sub`): every pair's book, trades and 1min and 1day bars, throttled. */
  const publishLegacy = (event: TickEvent) => {
    if (!followed(LEGACY_ROOM)) {
      legacyTrades.clear();
      return;
    }
    let checked = false;
    const legacy = () => {
      // once per tick at most, and only when something is sent: drops sockets that stopped reading
      if (!checked) localSockets(LEGACY_ROOM);
      checked = true;
      return io.local.to(LEGACY_ROOM);
    };
    if (event.kind === 'depth') {
      const seq = legacyDue(`${event.pairId}:market_depth`);
      if (seq !== undefined) legacy().emit('market_depth', events.depth(event, seq));
      return;
    }
    const trades = [...(legacyTrades.get(event.pairId) ?? []), ...event.trades].slice(-limits.recentTradesMax);
    const detailSeq = legacyDue(`${event.pairId}:market_detail`);
    if (detailSeq === undefined) legacyTrades.set(event.pairId, trades);
    else {
      legacyTrades.delete(event.pairId);
      legacy().emit('market_detail', events.detail(event.pairId, trades, detailSeq));
    }
    for (const period of ALWAYS_KLINE_PERIODS) {
      const seq = legacyDue(`${event.pairId}:kline:${period}`);
      if (seq !== undefined) legacy().emit('kline', events.kline(event, period, 'kline', seq));
    }
  };

  const spotSeqs = new Map<number, { depth: number; detail: number }>();
  const realtime: Realtime = {
    io,
    // each payload is built only when some socket of this process follows its channel
    publishMarket(event) {
      const { symbol } = board.pair(event.pairId);
      publishLegacy(event);
      if (event.kind === 'depth') {
        const room = channelRoom(symbol, 'market_depth');
        if (!followed(room)) return;
        const payload = events.depth(event);
        const slow: string[] = [];
        for (const socket of localSockets(room)) {
          if (queued(socket) < limits.socketConflateAfterPackets) continue;
          socket.data.parkedDepth = payload;
          slow.push(socket.id);
        }
        io.local.to(room).except(slow).emit('market_depth', payload);
        return;
      }
      const detailRoom = channelRoom(symbol, 'market_detail');
      if (followed(detailRoom)) io.local.to(detailRoom).emit('market_detail', events.detail(event.pairId, event.trades, event.seq));
      const tradeRoom = channelRoom(symbol, 'market_trade');
      if (followed(tradeRoom)) io.local.to(tradeRoom).emit('market_trade', events.trade(event));
      const barRoom = channelRoom(symbol, 'market_kline');
      if (followed(barRoom)) io.local.to(barRoom).emit('market_kline', events.kline(event, '1min', 'market_kline'));
      for (const period of events.periods) {
        const name = klineRoom(symbol, period);
        if (followed(name)) io.local.to(name).emit('kline', events.kline(event, period));
      }
      const last = daymarkets.get(event.pairId) ?? { sentAtMs: -Infinity, seq: 0 };
      const nowMs = market.clock();
      const newest = event.trades.at(-1);
      if (newest) fanoutLag.observe(Math.max(0, nowMs - newest.timeMs) / 1000);
      if (nowMs - last.sentAtMs >= limits.dayMarketPushIntervalMs && followed(DAYMARKET_ROOM)) {
        daymarkets.set(event.pairId, { sentAtMs: nowMs, seq: last.seq + 1 });
        io.local.to(DAYMARKET_ROOM).emit('daymarket', events.daymarket(event, last.seq + 1));
      }
    },
    publishSpot({ pairId, depth, lastPriceUnits, trades }) {
      // through the adapter (not io.local): only the leader's matcher publishes, every process serves sockets
      const { symbol } = board.pair(pairId);
      const seq = spotSeqs.get(pairId) ?? { depth: 0, detail: 0 };
      spotSeqs.set(pairId, seq);
      seq.depth += 1;
      io.to(channelRoom(symbol, 'coin_depth')).emit('coin_depth', events.spotDepth(pairId, depth, lastPriceUnits, seq.depth));
      if (trades.length === 0) return;
      seq.detail += 1;
      io.to(channelRoom(symbol, 'coin_detail')).emit('coin_detail', events.spotDetail(pairId, trades, seq.detail));
    },
    publishPrivate(userId, event, payload) {
      // `type` and `to`: template-family handlers test the event's name and the addressee
      const addressed = { ...payload, type: event, to: Number(userId) };
      // typed per event by the signature; socket.io's emit overloads cannot follow a generic key
      (io.to(userRoom(userId)).emit as (e: string, p: unknown) => boolean)(event, addressed);
    },
    // with Redis the user's sockets may be on another process: only this one's are known here
    listening: (userId) => redis !== undefined || followed(userRoom(userId)),
    endSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      const names = sessionIds.map(String);
      closeSessions(names);
      if (redis) io.serverSideEmit('endSessions', names);
    },
  };
  app.decorate('realtime', realtime);
  // closing the transports, not disconnecting the sockets, is what makes socket.io clients
  // reconnect by themselves (a server-side disconnect would tell them to stay away): through the
  // proxy they land on another process, log in again and reload what they show
  app.addHook('preClose', async () => {
    io.engine.close();
  });
});
