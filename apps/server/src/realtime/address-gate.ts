import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { limits } from '@tidemark/protocol';
import { memoryStrikes, redisStrikes } from '../modules/guard/strikes';

/** Why a handshake is refused: too many sockets open from the address, or too many handshakes lately. */
export type GateRefusal = 'socket_limit' | 'rate_limited';

/**
 * Sockets per client address: how many are open at once, and how many handshakes it made in the
 * window (on the app's clock). With Redis every process counts into it, so the caps hold for the
 * whole deployment; otherwise they hold for this process.
 */
export interface AddressGate {
  /** the refusal for a new socket from `address` now, or undefined when it may open one (a handshake counted) */
  admit(address: string, nowMs: number): Promise<GateRefusal | undefined>;
  opened(address: string): void;
  closed(address: string): void;
  close(): Promise<void>;
}

/**
 * The client address of a socket's handshake, taken as the HTTP rate limits take it (Fastify's
 * `request.ip`): behind a trusted proxy the first X-Forwarded-For entry, else the peer.
 */
export function handshakeAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return (trustProxy && first) || request.socket.remoteAddress || '';
}

/**
 * The gate. With Redis, this process keeps its own counts per address in a hash of its own that
 * expires unless refreshed (`socketCountTtlMs`), listed in a set of processes: the deployment's
 * count is the sum over the listed hashes still alive, so a process that died stops counting.
 */
export function addressGate(options: { redis?: Redis | undefined; prefix: string; onError: (error: unknown) => void }): AddressGate {
  const { redis, prefix, onError } = options;
  const handshakes = redis ? redisStrikes(redis, `${prefix}-socket-handshakes:`) : memoryStrikes();
  const { max: handshakesMax, windowMs } = limits.socketHandshakesPerAddress;
  const open = new Map<string, number>();
  const processes = `${prefix}-socket-processes`;
  const mine = `${prefix}-sockets:${randomBytes(8).toString('hex')}`;

  const refresh = async () => {
    if (!redis) return;
    await redis.multi().sadd(processes, mine).pexpire(mine, limits.socketCountTtlMs).exec();
    // processes gone (or with no socket open: they list themselves again with their next one)
    const keys = (await redis.smembers(processes)).filter((key) => key !== mine);
    const alive = await Promise.all(keys.map((key) => redis.exists(key)));
    const gone = keys.filter((_, i) => alive[i] === 0);
    if (gone.length > 0) await redis.srem(processes, ...gone);
  };
  const timer = redis ? setInterval(() => void refresh().catch(onError), limits.socketCountTtlMs / 3) : undefined;
  timer?.unref();

  const openCount = async (address: string): Promise<number> => {
    if (!redis) return open.get(address) ?? 0;
    const keys = await redis.smembers(processes);
    if (!keys.includes(mine)) keys.push(mine);
    const counts = await Promise.all(keys.map((key) => redis.hget(key, address)));
    return counts.reduce((sum, count) => sum + Number(count ?? 0), 0);
  };

  const write = (address: string) => {
    if (!redis) return;
    const count = open.get(address) ?? 0;
    const change = redis.multi().sadd(processes, mine);
    (count > 0 ? change.hset(mine, address, count) : change.hdel(mine, address)).pexpire(mine, limits.socketCountTtlMs).exec().catch(onError);
  };

  return {
    async admit(address, nowMs) {
      try {
        if ((await openCount(address)) >= limits.socketsPerAddressMax) return 'socket_limit';
        if ((await handshakes.recent(address, nowMs, windowMs)).count >= handshakesMax) return 'rate_limited';
        await handshakes.add(address, nowMs, windowMs);
        return undefined;
      } catch (error) {
        // a Redis outage must not take the market stream down with it: the caps wait for it
        onError(error);
        return undefined;
      }
    },
    opened(address) {
      open.set(address, (open.get(address) ?? 0) + 1);
      write(address);
    },
    closed(address) {
      const count = (open.get(address) ?? 0) - 1;
      if (count > 0) open.set(address, count);
      else open.delete(address);
      write(address);
    },
    async close() {
      clearInterval(timer);
      await redis?.multi().del(mine).srem(processes, mine).exec().catch(onError);
    },
  };
}
