import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { NodeCommand } from './market-node';
import type { ProcessReply } from './server-process';
import { clientOf, type Client } from './harness';

/** Two or more real server processes on one PostgreSQL schema and one Redis (see market-node.ts). */
const NODE_SCRIPT = fileURLToPath(new URL('./market-node.ts', import.meta.url));
export const pgUrl = process.env.TEST_DATABASE_URL;
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A market-node.ts process (see its commands there). */
export type Node = ServerProcess<NodeCommand>;

export async function onPg(sql: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** A real server process a test drives over IPC: its URL, whether it leads, its commands, and its calls. */
export interface ServerProcess<C> extends Client {
  child: ChildProcess;
  url: string;
  /** resolves when the process reports that it leads */
  leading: Promise<void>;
  /** has the process carry out a command and answers its result */
  command(command: C): Promise<unknown>;
}

/** A line a test's server process prints: its address once it listens, then `leader` whenever that changes. */
export type ServerLine = { url?: string; leader?: boolean };

/**
 * Starts `script` (a test's server process, which prints `{ url }` once it listens and `{ leader }`
 * when it leads) with `env`; resolves once it listens. `children` keeps it for the suite's clean-up;
 * `onLine` hears every line it prints (a test that follows each change of leader).
 */
export function spawnServer<C extends object>(
  script: string,
  env: Record<string, string | undefined>,
  children: ChildProcess[],
  onLine?: (line: ServerLine) => void,
): Promise<ServerProcess<C>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  children.push(child);
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  child.on('message', ({ id, result, error }: ProcessReply) => {
    const request = pending.get(id)!;
    pending.delete(id);
    if (error === undefined) request.resolve(result);
    else request.reject(new Error(error));
  });
  let lastId = 0;
  const command = (c: C) =>
    new Promise<unknown>((resolve, reject) => {
      pending.set(++lastId, { resolve, reject });
      child.send({ ...c, id: lastId });
    });
  let leader: () => void;
  const leading = new Promise<void>((resolve) => (leader = resolve));
  return new Promise((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`server process exited with ${code ?? signal}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const said = JSON.parse(line) as ServerLine;
      if (said.url) resolve({ child, url: said.url, leading, command, ...clientOf(said.url) });
      if (said.leader) leader();
      onLine?.(said);
    });
  });
}

/** Starts a market-node.ts process on `schema`; resolves once it listens. */
export function startNode(schema: string, children: ChildProcess[], env: Record<string, string> = {}): Promise<Node> {
  return spawnServer<NodeCommand>(
    NODE_SCRIPT,
    { NODE_DATABASE_URL: pgUrl, NODE_REDIS_URL: redisUrl, NODE_PG_SCHEMA: schema, NODE_REDIS_PREFIX: `tidemark-test-${schema}`, ...env },
    children,
  );
}

/** Stops whichever of `children` still run (SIGTERM) and waits for them to exit. */
export function stopAll(children: ChildProcess[]): Promise<unknown> {
  return Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          })
        : undefined,
    ),
  );
}
