/** `npm run ledger:check`: proves the ledger of the configured database; exits 1 on any problem. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { checkLedger } from '../modules/ledger/check';

const config = loadConfig();
const db = openDatabase(config);
try {
  await migrate(db);
  const problems = await checkLedger(db);
  if (problems.length > 0) {
    console.error(`Ledger check FAILED with ${problems.length} problem(s):`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exitCode = 1;
  } else {
    console.log('Ledger check passed: every transaction balances and every balance is explained.');
  }
} finally {
  await db.destroy();
}
