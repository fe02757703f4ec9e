/**
 * One server process of the split-brain suite: the whole product on the PostgreSQL schema and the
 * Redis prefix the test names (NODE_DATABASE_URL, NODE_PG_SCHEMA, NODE_REDIS_URL,
 * NODE_REDIS_PREFIX), the simulated feed, the market maker quoting, and a follower that tries for
 * the engine lock every 200 ms. Prints its address, then a line whenever it starts or stops
 * leading (server-process.ts). The test stops it with SIGSTOP and cuts its lock connection from
 * the database side; it names its connections (PGAPPNAME, from the test) so the test knows whose
 * backend holds the lock.
 *
 * Its error log is counted by message (and shown on stderr with SPLIT_LOG=1): the test asks for
 * the counts, so a run says what the engines ran into (a book that could not be restored, a
 * write refused).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { startServer } from '../../src/server';
import { childConfig, serveTest } from '../server-process';

/** What the test asks of this process over IPC. */
export type SplitNodeCommand =
  /** the error lines logged so far, counted by message (digits masked, so one kind is one line) */
  { kind: 'errors' };

const errors = new Map<string, number>();
const showLog = process.env.SPLIT_LOG === '1';

/** What a logged error says, without the ids and amounts that would make each one its own. */
function errorKind(line: string): string {
  try {
    const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
    const detail = entry.err?.message ? `: ${entry.err.message.split('\n')[0]!.slice(0, 120)}` : '';
    return `${entry.msg ?? '(no message)'}${detail}`.replace(/\d+/g, '#');
  } catch {
    return line.slice(0, 120);
  }
}

const logStream = new Writable({
  write(chunk: Buffer | string, _encoding, done) {
    const text = chunk.toString();
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      const kind = errorKind(line);
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
    }
    if (showLog) process.stderr.write(text);
    done();
  },
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-split-'));
const server = await startServer(
  childConfig(dataDir, {
    DEMO: '0',
    DATABASE_URL: process.env.NODE_DATABASE_URL,
    REDIS_URL: process.env.NODE_REDIS_URL,
    // the spot market orders meet the maker's quotes
    MARKET_MAKER: '1',
  }),
  {
    logger: { level: 'error', stream: logStream },
    pgSchema: process.env.NODE_PG_SCHEMA!,
    market: { redisPrefix: process.env.NODE_REDIS_PREFIX!, leaderRetryMs: 200, stepMs: 100, seed: Number(process.env.NODE_MARKET_SEED ?? 5) },
  },
);

async function perform(command: SplitNodeCommand): Promise<unknown> {
  switch (command.kind) {
    case 'errors':
      return Object.fromEntries(errors);
  }
}
serveTest<SplitNodeCommand>(server, perform, () => fs.rmSync(dataDir, { recursive: true, force: true }));
