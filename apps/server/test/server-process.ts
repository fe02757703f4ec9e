/**
 * The child side of `spawnServer` (cluster.ts): a test's server process prints its address, then a
 * line whenever it starts or stops leading, carries out the test's commands over IPC, and stops
 * gracefully on a signal or when the test process goes away.
 */
import path from 'node:path';
import { loadConfig, type Config } from '../src/config';
import type { RunningServer } from '../src/server';

/** A command's answer over IPC, matched to its request by `id`. */
export type ProcessReply = { id: number; result?: unknown; error?: string };

/** A test's server process's configuration: a free port of this host, its files in `dataDir`, no web app, quiet; `env` adds or overrides. */
export function childConfig(dataDir: string, env: Record<string, string | undefined>): Config {
  return loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), ...env });
}

export function serveTest<C extends object>(server: RunningServer, perform: (command: C) => Promise<unknown>, cleanUp: () => void = () => {}): void {
  const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
  say({ url: server.url });
  let leading = false;
  setInterval(() => {
    if (server.market.isLeader() !== leading) say({ leader: (leading = !leading) });
  }, 50);

  process.on('message', (request: C & { id: number }) => {
    const reply = (answer: Omit<ProcessReply, 'id'>) => process.send!({ id: request.id, ...answer } satisfies ProcessReply);
    perform(request).then(
      (result) => reply({ result }),
      (error: unknown) => reply({ error: String(error) }),
    );
  });

  let stopping: Promise<void> | undefined;
  const shutdown = () => {
    stopping ??= server.close().finally(() => {
      cleanUp();
      process.exit(0);
    });
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, shutdown);
  // the IPC channel closes when the test process exits, even if it could not stop this one
  process.once('disconnect', shutdown);
}
