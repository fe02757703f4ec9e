/**
 * `npm run micro:verify`: re-checks every micro settlement record of the configured database
 * against the recorded prices and the ledger, and names every break; exits 1 on any.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { verifyMicroChain } from '../modules/micro/service';

const config = loadConfig();
const db = openDatabase(config);
try {
  await migrate(db);
  const { records, breaks } = await verifyMicroChain(db);
  if (breaks.length > 0) {
    console.error(`Micro settlement check FAILED with ${breaks.length} break(s) in ${records} record(s):`);
    for (const b of breaks) console.error(`  - [${b.kind}] ${b.message}`);
    process.exitCode = 1;
  } else {
    console.log(`Micro settlement check passed: ${records} record(s) chain, match the recorded prices and the ledger.`);
  }
} finally {
  await db.destroy();
}
