/**
 * A bench child process holding many clients of one kind (socket.io or raw ws), each
 * subscribed to one pair. It counts every message, and keeps a millisecond histogram of
 * publish-to-receive latency from the messages whose `time` is their publish time (epoch ms):
 * all but the bar events, whose `time` is the bar's start.
 */
import WebSocket from 'ws';
import { io, type Socket } from 'socket.io-client';
import { SCREEN_CHANNELS } from '@tidemark/protocol';

/** `legacy`: socket.io clients that log in with a bare id and never `sub` (template-family clients): every pair, throttled */
export type ClientMode = 'sio' | 'ws' | 'legacy';
export type ParentCommand = { cmd: 'connect'; mode: ClientMode; url: string; count: number } | { cmd: 'report' };
export type ChildReport = { ready: number } | { received: number; histogram: number[] };

const HISTOGRAM_MS = 10_000;
const CONNECT_BATCH = 100;
let histogram = new Array<number>(HISTOGRAM_MS + 1).fill(0);
let received = 0;
const sockets: (Socket | WebSocket)[] = [];

const BAR_EVENTS = new Set(['kline', 'market_kline']);

function note(event: string, time: unknown) {
  received++;
  if (BAR_EVENTS.has(event) || typeof time !== 'number') return;
  histogram[Math.min(HISTOGRAM_MS, Math.max(0, Date.now() - time))]!++;
}

/** A client address of its own (the server trusts the proxy header): sockets per address are capped. */
const someAddress = () => `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)).join('.')}`;

function openSio(url: string, subscribe = true): Promise<void> {
  const socket = io(url, {
    path: '/wss/socket.io/',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { 'x-forwarded-for': someAddress() },
  });
  sockets.push(socket);
  socket.onAny((event: string, payload: { time?: unknown }) => note(event, payload?.time));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      if (subscribe) socket.emit('sub', { symbol: 'BTC/USDT', period: '1min', channels: [...SCREEN_CHANNELS] }, () => resolve());
      else {
        socket.emit('login', 'null');
        resolve();
      }
    });
    socket.once('connect_error', reject);
  });
}

function openWs(url: string): Promise<void> {
  const socket = new WebSocket(url);
  sockets.push(socket);
  // the same work a socket.io client does per message: strip the packet type, parse the JSON
  socket.on('message', (data) => {
    const [event, payload] = JSON.parse(data.toString().slice(2)) as [string, { time?: unknown }];
    note(event, payload.time);
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
}

process.on('message', async (command: ParentCommand) => {
  if (command.cmd === 'connect') {
    const open = { sio: openSio, ws: openWs, legacy: (url: string) => openSio(url, false) }[command.mode];
    for (let i = 0; i < command.count; i += CONNECT_BATCH) {
      await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, command.count - i) }, () => open(command.url)));
    }
    histogram = histogram.fill(0);
    received = 0;
    process.send!({ ready: sockets.length } satisfies ChildReport);
    return;
  }
  process.send!({ received, histogram } satisfies ChildReport);
  for (const s of sockets) {
    if (s instanceof WebSocket) s.terminate();
    else s.disconnect();
  }
  setTimeout(() => process.exit(0), 100);
});
