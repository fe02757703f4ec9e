import { limits } from '@tidemark/protocol';
import { ConfigError, loadConfig } from './config';
import { startServer } from './server';

try {
  const config = loadConfig();
  const server = await startServer(config);
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  server.app.log.info(`Tidemark is up on http://localhost:${config.port} (${where}, ${config.feed} feed)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.app.log.info(`${signal}: finishing the requests in flight, then stopping`);
      // requests that never finish must not keep a stopping process alive
      setTimeout(() => {
        server.app.log.warn(`requests still in flight after ${limits.drainTimeoutMs} ms: stopping anyway`);
        process.exit(1);
      }, limits.drainTimeoutMs).unref();
      void server.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
