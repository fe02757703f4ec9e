/**
 * One server process of a multi-process deployment, for the cluster test: PostgreSQL and Redis
 * from the environment, an ephemeral port. Prints its address, then a line whenever it becomes
 * the engine leader.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-node-'));
const server = await startServer(
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    DATABASE_URL: process.env.NODE_DATABASE_URL,
    REDIS_URL: process.env.NODE_REDIS_URL,
  }),
  {
    logger: false,
    pgSchema: process.env.NODE_PG_SCHEMA!,
    market: { redisPrefix: process.env.NODE_REDIS_PREFIX!, leaderRetryMs: 200, stepMs: 100, seed: 5 },
  },
);
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
say({ url: server.url });
let leading = false;
setInterval(() => {
  if (server.market.isLeader() !== leading) say({ leader: (leading = !leading) });
}, 50);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
