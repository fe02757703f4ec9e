import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, TMarketDepthEvent } from '@tidemark/protocol';
import { onPostgres } from './harness';

const NODE_SCRIPT = fileURLToPath(new URL('./market-node.ts', import.meta.url));
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Node {
  child: ChildProcess;
  url: string;
  /** resolves when the process reports that it leads */
  leading: Promise<void>;
}

async function onPg(sql: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

// Two real server processes on one PostgreSQL schema and one Redis; needs both, so only in the PostgreSQL run.
describe.skipIf(!onPostgres)('two server processes with Redis', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const children: ChildProcess[] = [];
  const clients: Socket[] = [];

  function startNode(): Promise<Node> {
    const child = spawn(process.execPath, ['--import', 'tsx', NODE_SCRIPT], {
      env: {
        ...process.env,
        NODE_DATABASE_URL: pgUrl,
        NODE_REDIS_URL: redisUrl,
        NODE_PG_SCHEMA: schema,
        NODE_REDIS_PREFIX: `tidemark-test-${schema}`,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let leader: () => void;
    const leading = new Promise<void>((resolve) => (leader = resolve));
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        const said = JSON.parse(line) as { url?: string; leader?: boolean };
        if (said.url) resolve({ child, url: said.url, leading });
        if (said.leader) leader();
      });
    });
  }

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await Promise.all(
      children.map((child) =>
        child.exitCode === null && child.signalCode === null
          ? new Promise((resolve) => {
              child.once('exit', resolve);
              child.kill('SIGTERM');
            })
          : undefined,
      ),
    );
    await onPg(`drop schema if exists ${schema} cascade`);
  });

  it('delivers the leader’s ticks through the other process, which takes over when the leader dies', async () => {
    await onPg(`create schema ${schema}`);
    // both start together (migrations take a lock); whichever takes the engine lock first leads
    const nodes = await Promise.all([startNode(), startNode()]);
    const leaderIndex = await Promise.race(nodes.map((n, i) => n.leading.then(() => i)));
    const a = nodes[leaderIndex]!;
    const b = nodes[1 - leaderIndex]!;

    const client: Socket<ServerToClientEvents, ClientToServerEvents> = connect(b.url, {
      path: '/wss/socket.io/',
      transports: ['websocket'],
    });
    clients.push(client);
    const books: TMarketDepthEvent[] = [];
    client.on('market_depth', (e) => books.push(e));
    client.emit('sub', 'BTC/USDT');
    const waitForBooks = async (count: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (books.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${books.length} books of ${count}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await waitForBooks(3, 3000);
    const seqBeforeKill = books.at(-1)!.seq;

    a.child.kill('SIGKILL');
    await b.leading;
    const countAfterTakeover = books.length;
    await waitForBooks(countAfterTakeover + 3, 3000);
    // the new leader numbers on from what it saw, so the stream reads as one
    expect(books.at(-1)!.seq).toBeGreaterThan(seqBeforeKill);
    const trades = await (await fetch(`${b.url}/api/currency/new_tradehistory?legal_id=3&currency_id=1`)).json();
    expect((trades as { message: unknown[] }).message.length).toBeGreaterThan(0);
  });
});
