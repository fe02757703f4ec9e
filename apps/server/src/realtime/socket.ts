import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { parsePeriod, type Period, type TickEvent } from '@tidemark/core';
import {
  limits,
  ZLoginEmit,
  ZSubEmit,
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
import { resolveSession } from '../modules/session/service';
import { marketEvents } from './market-events';
import { channelRoom, DAYMARKET_ROOM, klineRoom, userRoom } from './rooms';

interface SocketData {
  /** a string, not a bigint: socket data crosses processes as JSON through the Redis adapter */
  userId: string | undefined;
  /** the latest book held back from a slow socket, sent when its queue drains */
  parkedDepth: Parameters<ServerToClientEvents['market_depth']>[0] | undefined;
}

type TidemarkServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type TidemarkSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The socket layer as other modules use it. */
export interface Realtime {
  io: TidemarkServer;
  /** sends a market tick this process applied to its own sockets (every process gets every tick) */
  publishMarket(event: TickEvent): void;
  /** sends an event to every socket of one user, on whichever server process it is connected */
  publishPrivate<E extends keyof PrivateEvents>(userId: bigint, event: E, payload: PrivateEvents[E]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** A socket this far behind gets the latest book instead of every book. */
const CONFLATE_AFTER_PACKETS = 4;
/** 24-hour figures change slowly and go to every socket: once a second per pair is plenty. */
const DAYMARKET_INTERVAL_MS = 1000;

const queued = (socket: TidemarkSocket) => (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;

/**
 * socket.io at `/wss/socket.io/` on the HTTP server. Public market events go to the sockets
 * subscribed to a pair; private events only to sockets whose session token proved the user.
 * With Redis, the adapter carries private events between processes; market events are not
 * carried by it, since every process receives every tick and serves its own sockets.
 */
export const realtimePlugin = fp<{ db: Db; config: Config; market: MarketEngine }>(async (app, { db, config, market }) => {
  const io: TidemarkServer = new Server(app.server, { path: '/wss/socket.io/', serveClient: false });
  const redis = config.redisUrl ? new Redis(config.redisUrl) : undefined;
  if (redis) {
    const sub = redis.duplicate();
    for (const client of [redis, sub]) client.on('error', (err) => app.log.error({ err }, 'socket adapter'));
    io.adapter(createAdapter(redis, sub, { key: `${market.redisPrefix}-socket.io` }));
    app.addHook('onClose', async () => void (await Promise.allSettled([redis.quit(), sub.quit()])));
  }
  const { board } = market;

  const authenticate = async (token: unknown) =>
    typeof token === 'string' && token ? resolveSession(db, token, { kind: 'user', idleMs: config.sessionIdleMs }, market.clock()) : undefined;

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
    for (const room of socket.rooms) {
      if (room.startsWith('pair:') || room.startsWith('kline:') || room === DAYMARKET_ROOM) void socket.leave(room);
    }
    void socket.join(
      channels.map((channel) =>
        channel === 'kline' ? klineRoom(pair.symbol, period) : channel === 'daymarket' ? DAYMARKET_ROOM : channelRoom(pair.symbol, channel),
      ),
    );
    return { ok: true };
  };

  io.use(async (socket, next) => {
    try {
      socket.data.userId = (await authenticate(socket.handshake.auth?.token))?.userId.toString();
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket) => {
    void socket.join(DAYMARKET_ROOM);
    if (socket.data.userId !== undefined) void socket.join(userRoom(socket.data.userId));
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
      // the market is public: the named pair is followed whether or not the login holds
      if (currency_name && legal_name) subscribe(socket, `${currency_name}/${legal_name}`);
      const session = token ? await authenticate(token) : undefined;
      const userId = session?.userId.toString() ?? socket.data.userId;
      if (userId === undefined || (user_id !== undefined && String(user_id) !== userId)) {
        return reply({ ok: false, code: 'session_invalid' });
      }
      socket.data.userId = userId;
      void socket.join(userRoom(userId));
      reply({ ok: true });
    });

    socket.on('sub', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const parsed = ZSubEmit.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, code: 'invalid_field' });
      const { symbol, period, channels } = typeof parsed.data === 'string' ? { symbol: parsed.data } : parsed.data;
      reply(subscribe(socket, symbol, period, channels));
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

  const events = marketEvents(board, market.clock);
  const daymarkets = new Map<number, { sentAtMs: number; seq: number }>();
  const realtime: Realtime = {
    io,
    publishMarket(event) {
      const { symbol } = board.pair(event.pairId);
      if (event.kind === 'depth') {
        const payload = events.depth(event);
        const slow: string[] = [];
        const room = channelRoom(symbol, 'market_depth');
        for (const socket of localSockets(room)) {
          if (queued(socket) < CONFLATE_AFTER_PACKETS) continue;
          socket.data.parkedDepth = payload;
          slow.push(socket.id);
        }
        io.local.to(room).except(slow).emit('market_depth', payload);
        return;
      }
      // each payload is built only when some socket follows its channel
      const followed = (room: string) => (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;
      const detailRoom = channelRoom(symbol, 'market_detail');
      if (followed(detailRoom)) io.local.to(detailRoom).emit('market_detail', events.detail(event));
      const tradeRoom = channelRoom(symbol, 'market_trade');
      if (followed(tradeRoom)) io.local.to(tradeRoom).emit('market_trade', events.trade(event));
      const barRoom = channelRoom(symbol, 'market_kline');
      if (followed(barRoom)) io.local.to(barRoom).emit('market_kline', events.kline(event, '1min'));
      for (const period of events.periods) {
        const name = klineRoom(symbol, period);
        if (followed(name)) io.local.to(name).emit('kline', events.kline(event, period));
      }
      const last = daymarkets.get(event.pairId) ?? { sentAtMs: -Infinity, seq: 0 };
      const nowMs = market.clock();
      if (nowMs - last.sentAtMs >= DAYMARKET_INTERVAL_MS) {
        daymarkets.set(event.pairId, { sentAtMs: nowMs, seq: last.seq + 1 });
        io.local.to(DAYMARKET_ROOM).emit('daymarket', events.daymarket(event, last.seq + 1));
      }
    },
    publishPrivate(userId, event, payload) {
      // typed per event by the signature; socket.io's emit overloads cannot follow a generic key
      (io.to(userRoom(userId)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
  };
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
});
