import type { Period } from '@tidemark/core';
import {
  MARKET_CHANNELS,
  type ClientToServerEvents,
  type MarketChannel,
  type PrivateEvents,
  type ServerToClientEvents,
  type TSubEmit,
} from '@tidemark/protocol';
import type { Socket } from 'socket.io-client';

/** The part of a socket.io client socket the realtime client uses (tests pass a stand-in). */
export type RealtimeSocket = Pick<
  Socket<ServerToClientEvents, ClientToServerEvents>,
  'connected' | 'auth' | 'on' | 'emit' | 'connect' | 'disconnect'
>;

export type RealtimeEvent = keyof ServerToClientEvents;
export type RealtimeEventPayload<E extends RealtimeEvent> = Parameters<ServerToClientEvents[E]>[0];
export type PrivateEvent = keyof PrivateEvents;

/** What a screen shows of one pair: the events of `channels`, and for `kline` the bars of `period`. */
export interface MarketInterest {
  symbol: string;
  period: Period;
  channels: readonly MarketChannel[];
}

type Handler = (payload: unknown) => void;

/**
 * The app's one realtime connection, shared by every page. Pages add listeners for the events
 * they read and declare the market they show; the client tells the server what the screen
 * needs, again after every reconnect. The screen shows one pair at a time, so the newest
 * interest wins and the channels of every interest in that pair and period are joined; the
 * server adds each `sub`bed pair to the socket, so the previous pair is `unsub`bed first.
 *
 * The session token goes in the handshake, so a reconnect is bound to the user before any
 * private event is sent; a login on a live connection binds it with `login`. The server has no
 * way to leave a user's room, so a logout (or another user) reconnects without the old token.
 */
export class RealtimeClient {
  private readonly handlers = new Map<RealtimeEvent, Set<Handler>>();
  private readonly connectListeners = new Set<() => void>();
  /** in the order they were declared: the newest decides the pair */
  private readonly interests: MarketInterest[] = [];
  /** the `sub` last sent on this connection, to send nothing when nothing changed */
  private sentSub: Exclude<TSubEmit, string> | undefined;
  private token: string | null = null;

  constructor(private readonly socket: RealtimeSocket) {
    socket.on('connect', () => {
      this.sentSub = undefined;
      this.sendSub();
      this.connectListeners.forEach((listener) => listener());
    });
  }

  /** Connects; returns the disconnect. */
  start(): () => void {
    this.socket.connect();
    return () => void this.socket.disconnect();
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Binds the connection to the logged-in user (a token), or to nobody (null). */
  setSession(token: string | null, userId: string | null): void {
    if (token === this.token) return;
    const previous = this.token;
    this.token = token;
    this.socket.auth = token ? { token } : {};
    if (!this.socket.connected) return; // the next handshake carries it
    if (previous === null && token) {
      this.socket.emit('login', { token, user_id: userId ?? undefined });
      return;
    }
    this.socket.disconnect();
    this.socket.connect();
  }

  /** Calls `handler` with each `event` the server sends; returns the removal. */
  on<E extends RealtimeEvent>(event: E, handler: (payload: RealtimeEventPayload<E>) => void): () => void {
    let handlers = this.handlers.get(event);
    if (!handlers) {
      const forEvent = new Set<Handler>();
      handlers = forEvent;
      this.handlers.set(event, forEvent);
      // one socket listener per event name, whatever the number of pages listening
      (this.socket.on as (name: string, listener: Handler) => void)(event, (payload) =>
        forEvent.forEach((each) => each(payload)),
      );
    }
    const added = handler as Handler;
    handlers.add(added);
    return () => void this.handlers.get(event)?.delete(added);
  }

  /** Called on every (re)connect: whatever was pushed while away is lost, so snapshots are stale. */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => void this.connectListeners.delete(listener);
  }

  /** Declares what a screen shows; returns the release. */
  subscribe(interest: MarketInterest): () => void {
    const held = { ...interest };
    this.interests.push(held);
    this.sendSub();
    return () => {
      const index = this.interests.indexOf(held);
      if (index < 0) return;
      this.interests.splice(index, 1);
      this.sendSub();
    };
  }

  private sendSub(): void {
    if (!this.socket.connected) return;
    const wanted = this.wantedSub();
    if (JSON.stringify(wanted) === JSON.stringify(this.sentSub)) return;
    const left = this.sentSub?.symbol;
    if (left !== undefined && left !== wanted.symbol) this.socket.emit('unsub', left);
    this.sentSub = wanted;
    this.socket.emit('sub', wanted);
  }

  private wantedSub(): Exclude<TSubEmit, string> {
    const newest = this.interests.at(-1);
    // no market shown: the 24h figures only (a socket that logs in and never subs would get every pair's stream)
    if (!newest) return { channels: ['daymarket'] };
    const same = this.interests.filter((each) => each.symbol === newest.symbol && each.period === newest.period);
    const channels = MARKET_CHANNELS.filter((channel) => same.some((each) => each.channels.includes(channel)));
    return { symbol: newest.symbol, period: newest.period, channels };
  }
}
