import { ConfigError, loadConfig } from './config';
import { startServer } from './server';

try {
  const config = loadConfig();
  const server = await startServer(config);
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  server.app.log.info(`Tidemark is up on http://localhost:${config.port} (${where}, ${config.feed} feed)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
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
