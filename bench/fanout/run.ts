/**
 * Fan-out: 5,000 socket.io clients subscribed to BTC/USDT on a real server while its market
 * feed publishes a trade and a book every step; each client follows what the trading screens
 * follow (SCREEN_CHANNELS: market_depth, market_detail, kline, daymarket). Prints publish-to-receive
 * latency (p50, p99) and delivered messages per second, then the same for raw `ws`
 * broadcasting identical frames to as many clients, and the throughput ratio. Targets: p99
 * under 250 ms, at least 50% of the raw ws throughput. Clients live in child processes so the
 * server process is measured alone; everything is on 127.0.0.1 and stops by itself.
 * BENCH_LEGACY_CLIENTS adds that many template-family clients that log in and never `sub` (every pair,
 * throttled to once a second) in a process of their own, to show they do not slow those that do.
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { io } from 'socket.io-client';
import { SCREEN_CHANNELS } from '@tidemark/protocol';
import { loadConfig, startServer } from '@tidemark/server';
import type { ChildReport, ClientMode, ParentCommand } from './clients';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// one trade and one book a second: 6 messages a second to each client, 30,000 a second in all
const STEP_MS = Number(process.env.BENCH_STEP_MS ?? 1000);
const CHILDREN = 2;
const LEGACY = Number(process.env.BENCH_LEGACY_CLIENTS ?? 0);
const DRAIN_MS = 1500;
const BTC_PAIR = 2;

type MarketOptions = NonNullable<NonNullable<Parameters<typeof startServer>[1]>['market']>;
type Report = Parameters<ReturnType<NonNullable<MarketOptions['feed']>>['start']>[0];

const fdLimit = Number(execSync('ulimit -n', { shell: '/bin/bash' }).toString().trim());
if (Number.isFinite(fdLimit) && fdLimit < CLIENTS + 1000) {
  console.error(`the open-file limit is ${fdLimit}; ${CLIENTS} clients need ${CLIENTS + 1000}: run "ulimit -n ${CLIENTS * 2}" first`);
  process.exit(1);
}

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

/** Starts the client processes, connects them all, and returns a function that collects their figures. */
async function connectClients(mode: ClientMode, url: string, clients = CLIENTS, processes = CHILDREN) {
  const procs = Array.from({ length: processes }, () => {
    // 2,500 clients a process make garbage with every frame; a larger young generation keeps the
    // load generator's own collection pauses from showing up as the server's latency
    const child = fork(new URL('./clients.ts', import.meta.url), { execArgv: ['--import', 'tsx', '--max-semi-space-size=64'] });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  });
  const ask = (child: ChildProcess, command: ParentCommand) =>
    new Promise<ChildReport>((resolve) => {
      child.once('message', (m) => resolve(m as ChildReport));
      child.send(command);
    });
  const share = Math.ceil(clients / processes);
  await Promise.all(procs.map((c, i) => ask(c, { cmd: 'connect', mode, url, count: Math.min(share, clients - i * share) })));
  return async () => {
    const reports = (await Promise.all(procs.map((c) => ask(c, { cmd: 'report' })))) as Extract<ChildReport, { received: number }>[];
    const histogram = reports[0]!.histogram.map((_, ms) => reports.reduce((s, r) => s + r.histogram[ms]!, 0));
    return { received: reports.reduce((s, r) => s + r.received, 0), histogram };
  };
}

function percentile(histogram: number[], fraction: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (const [ms, count] of histogram.entries()) {
    seen += count;
    if (seen >= total * fraction) return ms;
  }
  return histogram.length - 1;
}

/** Steps `publish` every STEP_MS for SECONDS, waits for the last messages, and collects the figures. */
async function measure(publish: () => void, collect: () => Promise<{ received: number; histogram: number[] }>) {
  const timer = setInterval(publish, STEP_MS);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  clearInterval(timer);
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  const { received, histogram } = await collect();
  return { p50: percentile(histogram, 0.5), p99: percentile(histogram, 0.99), perSecond: received / SECONDS, received };
}

// --- socket.io through the real server and its market publishing path
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-fanout-'));
let report: Report = () => {};
const server = await startServer(
  // each client comes from an address of its own in the proxy header: sockets per address are capped
  loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'), DEMO: '0', TRUST_PROXY: '1' }),
  {
    logger: false,
    market: {
      seed: 1,
      feed: () => ({
        start: async (r) => void (report = r),
        stop: async () => {},
      }),
    },
  },
);

let priceUnits = 6_700_000_000_000n;
const level = (i: number, sign: bigint) => [priceUnits + sign * BigInt(i + 1) * 1_000_000n, 12_345_678n] as const;
function step() {
  priceUnits += BigInt((Math.floor(Math.random() * 21) - 10) * 1_000_000);
  const now = Date.now();
  report({ kind: 'trades', pairId: BTC_PAIR, trades: [{ timeMs: now, priceUnits, amountUnits: 1_000_000n, direction: 'buy' }] });
  report({
    kind: 'depth',
    pairId: BTC_PAIR,
    depth: { bids: Array.from({ length: 20 }, (_, i) => level(i, -1n)), asks: Array.from({ length: 20 }, (_, i) => level(i, 1n)) },
  });
}

// one client in this process keeps a frame of each event, so the raw ws run sends the same bytes
const frames = new Map<string, Record<string, unknown>>();
const sampler = io(server.url, { path: '/wss/socket.io/', transports: ['websocket'] });
// keyed by event and period: kline goes out for the followed period and for 1min and 1day
sampler.onAny((event: string, payload: Record<string, unknown>) => void frames.set(`${event}:${String(payload.period ?? '')}`, payload));
await new Promise<void>((resolve) => sampler.once('connect', () => sampler.emit('sub', { symbol: 'BTC/USDT', period: '1min', channels: [...SCREEN_CHANNELS] }, resolve)));

console.log(
  `fan-out: ${CLIENTS} clients on BTC/USDT, ${SECONDS} s, a trade and a book every ${STEP_MS} ms` +
    ` (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} before the run)`,
);
const legacyCollect = LEGACY > 0 ? await connectClients('legacy', server.url, LEGACY, 1) : undefined;
const sioCollect = await connectClients('sio', server.url);
const sio = await measure(step, sioCollect);
const legacy = await legacyCollect?.();
const messagesPerStep = frames.size;
sampler.disconnect();
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });

// --- raw ws: the same frames, broadcast by a bare ws server
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
await new Promise((r) => wss.once('listening', r));
const { port } = wss.address() as { port: number };
const wsCollect = await connectClients('ws', `ws://127.0.0.1:${port}`);
const ws = await measure(() => {
  const time = Date.now();
  for (const [key, payload] of frames) {
    const event = key.split(':')[0]!;
    const frame = `42${JSON.stringify([event, event.includes('kline') ? payload : { ...payload, time }])}`;
    for (const client of wss.clients) client.send(frame);
  }
}, wsCollect);
for (const client of wss.clients) client.terminate();
wss.close();

const expected = Math.floor((SECONDS * 1000) / STEP_MS) * messagesPerStep * CLIENTS;
const line = (name: string, r: typeof sio) =>
  `${name.padEnd(9)} p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ${Math.round(r.perSecond).toLocaleString('en')} msg/s   (${r.received.toLocaleString('en')} of about ${expected.toLocaleString('en')} sent)`;
console.log(`${messagesPerStep} messages per client per step`);
console.log(line('socket.io', sio));
console.log(line('raw ws', ws));
if (legacy) console.log(`beside them: ${LEGACY} clients that log in and never sub received ${Math.round(legacy.received / SECONDS).toLocaleString('en')} msg/s`);
console.log(
  `ratio socket.io / raw ws throughput: ${(sio.perSecond / ws.perSecond).toFixed(2)} (target >= 0.50); socket.io p99 ${sio.p99} ms (target < 250 ms)`,
);
process.exit(0);
