import { Redis } from 'ioredis';
import type { Level, TickEvent, Trade } from '@tidemark/core';

/**
 * Carries the leader's numbered ticks to the other server processes, so each keeps its own
 * board and serves its own sockets. Without Redis there is one process and nothing to carry.
 */
export interface TickBus {
  /** a tick of the leader's feed in its term `epoch` */
  publish(event: TickEvent, epoch: bigint): void;
  /** every tick published by any other process (the leader), with the term it was published in */
  subscribe(handler: (event: TickEvent, epoch: bigint) => void): Promise<void>;
  /** tells every process (the leader among them) that an engine has new work */
  wake(engine: string): void;
  /** wake signals from every process, this one included */
  onWake(handler: (engine: string) => void): Promise<void>;
  /** answers when the Redis between the processes does (readiness); undefined without Redis */
  ping: (() => Promise<unknown>) | undefined;
  close(): Promise<void>;
}

/** One process: ticks stay here, and a wake goes straight to the handler. */
export function localBus(): TickBus {
  const handlers: ((engine: string) => void)[] = [];
  return {
    publish: () => {},
    subscribe: async () => {},
    wake: (engine) => handlers.forEach((handler) => handler(engine)),
    onWake: async (handler) => void handlers.push(handler),
    ping: undefined,
    close: async () => {},
  };
}

type WireLevel = [string, string];
type WireTick =
  | { kind: 'trades'; pairId: number; seq: number; trades: [number, string, string, 'buy' | 'sell'][] }
  | { kind: 'depth'; pairId: number; seq: number; bids: WireLevel[]; asks: WireLevel[] };

const levelsOut = (levels: readonly Level[]): WireLevel[] => levels.map(([p, a]) => [p.toString(), a.toString()]);
const levelsIn = (levels: WireLevel[]): Level[] => levels.map(([p, a]) => [BigInt(p), BigInt(a)] as const);

export function encodeTick(event: TickEvent): string {
  const wire: WireTick =
    event.kind === 'trades'
      ? {
          kind: 'trades',
          pairId: event.pairId,
          seq: event.seq,
          trades: event.trades.map((t) => [t.timeMs, t.priceUnits.toString(), t.amountUnits.toString(), t.direction]),
        }
      : { kind: 'depth', pairId: event.pairId, seq: event.seq, bids: levelsOut(event.depth.bids), asks: levelsOut(event.depth.asks) };
  return JSON.stringify(wire);
}

export function decodeTick(text: string): TickEvent {
  const wire = JSON.parse(text) as WireTick;
  if (wire.kind === 'depth') {
    return { kind: 'depth', pairId: wire.pairId, seq: wire.seq, depth: { bids: levelsIn(wire.bids), asks: levelsIn(wire.asks) } };
  }
  const trades: Trade[] = wire.trades.map(([timeMs, price, amount, direction]) => ({
    timeMs,
    priceUnits: BigInt(price),
    amountUnits: BigInt(amount),
    direction,
  }));
  return { kind: 'trades', pairId: wire.pairId, seq: wire.seq, trades };
}

/**
 * Redis pub/sub on `<prefix>:ticks`, where a process ignores its own messages (it applied them
 * already) and each tick names its leader's term (a stalled leader's late ticks are dropped), and `<prefix>:wake`, which every process hears, its own messages too.
 */
export function redisBus(redisUrl: string, prefix: string, onError: (error: unknown) => void): TickBus {
  const channel = `${prefix}:ticks`;
  const wakeChannel = `${prefix}:wake`;
  const wakeHandlers: ((engine: string) => void)[] = [];
  let tickHandler: ((event: TickEvent, epoch: bigint) => void) | undefined;
  const processTag = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const sub = new Redis(redisUrl);
  pub.on('error', onError);
  sub.on('error', onError);
  sub.on('message', (from: string, message: string) => {
    if (from === wakeChannel) {
      for (const wake of wakeHandlers) wake(message);
      return;
    }
    // `<process> <epoch> <tick>`
    const space = message.indexOf(' ');
    if (message.slice(0, space) === processTag) return;
    const second = message.indexOf(' ', space + 1);
    tickHandler?.(decodeTick(message.slice(second + 1)), BigInt(message.slice(space + 1, second)));
  });
  return {
    publish(event, epoch) {
      pub.publish(channel, `${processTag} ${epoch} ${encodeTick(event)}`).catch(onError);
    },
    wake(engine) {
      pub.publish(wakeChannel, engine).catch(onError);
    },
    async onWake(handler) {
      wakeHandlers.push(handler);
      if (wakeHandlers.length === 1) await sub.subscribe(wakeChannel);
    },
    async subscribe(handler) {
      tickHandler = handler;
      await sub.subscribe(channel);
    },
    ping: () => pub.ping(),
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
