/**
 * The server process of the crash suite: the whole product on the database the test names
 * (an SQLite file under CRASH_DATA_DIR, or CRASH_DATABASE_URL with schema CRASH_PG_SCHEMA) on an
 * ephemeral port. Loading the code takes most of a start, so the test spawns the next process
 * ahead: it loads, then waits for the test's `start` message before it touches the database.
 * Prints its address once it listens; the test kills it with SIGKILL at will.
 */
import { startServer, type RunningServer } from '../../src/server';
import { childConfig } from '../server-process';

const running: { server?: RunningServer } = {};
const shutdown = () => void (running.server?.close() ?? Promise.resolve()).finally(() => process.exit(0));
process.once('SIGTERM', shutdown);
// the IPC channel closes when the test process exits, even if it could not stop this one
process.once('disconnect', shutdown);

const dataDir = process.env.CRASH_DATA_DIR!;
await new Promise((resolve) => process.once('message', resolve));
const server = (running.server = await startServer(
  childConfig(dataDir, {
    DEMO: '0',
    // the suite's spot buys rest on a book with no sells
    MARKET_MAKER: '0',
    ...(process.env.CRASH_DATABASE_URL ? { DATABASE_URL: process.env.CRASH_DATABASE_URL } : {}),
  }),
  { logger: false, ...(process.env.CRASH_PG_SCHEMA ? { pgSchema: process.env.CRASH_PG_SCHEMA } : {}) },
));
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
