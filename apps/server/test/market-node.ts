/**
 * One server process of a multi-process deployment, for the cluster test: PostgreSQL and Redis
 * from the environment, an ephemeral port. Prints its address, then a line whenever it becomes
 * the engine leader. Answers the test's commands over IPC, and shuts down when the test is gone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PrivateEvents } from '@tidemark/protocol';
import { startServer } from '../src/server';
import { childConfig, serveTest } from './server-process';
import { checkLedger } from '../src/modules/ledger/check';
import { buildSignedInUser, buildStaff, buildTrader } from '../src/testing/factories';

/** What the test asks of this process; user ids travel as strings, since IPC carries JSON. */
export type NodeCommand =
  | { kind: 'signIn' }
  /** a signed-in trader with spot funds, [currency id, amount] (1,000 USDT when absent) */
  | { kind: 'trader'; funds?: Array<[string, string]> }
  | { kind: 'publishPrivate'; userId: string; event: keyof PrivateEvents; payload: Record<string, unknown> }
  /** the processes subscribed to the socket adapter's Redis channels, this one included */
  | { kind: 'countServers' }
  /** a signed-in trader with 1,000 USDT in the lever wallet */
  | { kind: 'leverTrader' }
  /** answers once this process's lever engine watches the order (it must lead) */
  | { kind: 'leverWatching'; orderId: string }
  /** the ledger's problems (none when sound) */
  | { kind: 'checkLedger' }
  /** a signed-in staff member with the admin role */
  | { kind: 'admin' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-node-'));
const server = await startServer(
  childConfig(dataDir, {
    DATABASE_URL: process.env.NODE_DATABASE_URL,
    REDIS_URL: process.env.NODE_REDIS_URL,
    // an empty spot book unless the test asks for the market maker: the test's own orders meet each other
    MARKET_MAKER: process.env.NODE_MARKET_MAKER ?? '0',
  }),
  {
    logger: false,
    pgSchema: process.env.NODE_PG_SCHEMA!,
    market: { redisPrefix: process.env.NODE_REDIS_PREFIX!, leaderRetryMs: Number(process.env.NODE_LEADER_RETRY_MS ?? 200), stepMs: 100, seed: 5 },
  },
);
async function perform(command: NodeCommand): Promise<unknown> {
  switch (command.kind) {
    case 'signIn': {
      const user = await buildSignedInUser(server);
      return { userId: String(user.id), token: user.token };
    }
    case 'trader': {
      const funds = command.funds?.map(([currency, amount]): [bigint, string] => [BigInt(currency), amount]);
      const trader = await buildTrader(server, funds ? { funds } : {});
      return { userId: String(trader.id), token: trader.token };
    }
    case 'publishPrivate':
      server.app.realtime.publishPrivate(BigInt(command.userId), command.event, command.payload);
      return null;
    case 'countServers':
      return server.app.realtime.io.of('/').adapter.serverCount();
    case 'leverTrader': {
      const user = await buildTrader(server, { funds: [[3n, '1000', 'lever']] });
      return { userId: String(user.id), token: user.token };
    }
    case 'leverWatching':
      await server.engines.lever.watching(BigInt(command.orderId));
      return null;
    case 'checkLedger':
      return checkLedger(server.db);
    case 'admin': {
      const staff = await buildStaff(server, { role: 'admin' });
      return { userId: String(staff.id), token: staff.token };
    }
  }
}
serveTest<NodeCommand>(server, perform, () => fs.rmSync(dataDir, { recursive: true, force: true }));
