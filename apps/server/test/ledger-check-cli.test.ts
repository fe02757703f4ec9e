import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, fundWallet } from '../src/testing/factories';
import { onPostgres, startTestServer, type TestServer } from './harness';

const run = promisify(execFile);
const cli = new URL('../src/cli/ledger-check.ts', import.meta.url).pathname;

// The CLI reads the same environment as the server; PostgreSQL schemas are a test-only device.
describe.skipIf(onPostgres)('npm run ledger:check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const check = () =>
    run(process.execPath, ['--import', 'tsx', cli], { env: { ...process.env, DATA_DIR: server.config.dataDir } }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it('passes on a fresh database and on sound postings, and fails loudly on a tampered balance', async () => {
    expect(await check()).toMatchObject({ code: 0, out: expect.stringContaining('passed') });
    const user = await buildUser(server);
    await fundWallet(server, user.id, 3n, '42');
    expect((await check()).code).toBe(0);
    await server.db.updateTable('account').set({ available_units: sql`available_units + 1` }).where('user_id', '=', user.id).execute();
    const failed = await check();
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(/FAILED.*\n.*available balance is 42\.00000001 but its postings sum to 42\.00000000/);
  });
});
