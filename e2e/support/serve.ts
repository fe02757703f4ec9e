/**
 * The server the browser tests drive: the real app on a fresh SQLite file in a temporary
 * folder, serving the built web app. A signed-in trader is made up front and its token written
 * where the tests read it, since signing in through pages belongs to the accounts feature.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { factories, loadConfig, startServer } from '@tidemark/server';
import { SESSION_FILE } from './paths';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-e2e-'));
const server = await startServer(
  loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: process.env.PORT ?? '4311', HOST: '127.0.0.1', LOG_LEVEL: 'warn' }),
);
const trader = await factories.buildSignedInUser(server.db, { email: 'e2e-trader@example.test' });
fs.mkdirSync(path.dirname(SESSION_FILE), { recursive: true });
fs.writeFileSync(SESSION_FILE, JSON.stringify({ token: trader.token, userId: trader.id.toString(), email: trader.email }));

const stop = async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
