/**
 * `npm run audit:verify`: walks the filing audit log's hash chain and names the first broken entry.
 * Uses the server's database settings (DATABASE_URL, else the embedded database in DATA_DIR; stop the
 * server first, since embedded PGlite opens a data directory in one process at a time).
 * Exit code 0 when the chain verifies, 1 when an entry is broken, 2 when the database cannot be read.
 */
import { configFromEnv } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { verifyAuditChain } from '../server/modules/filing/audit.ts';

const config = configFromEnv();
const where = config.databaseUrl ? 'DATABASE_URL' : `embedded PGlite in ${config.dataDir}`;
let database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  console.error(`audit:verify: cannot open the database (${where}): ${(err as Error).message}`);
  process.exit(2);
}
try {
  const t0 = performance.now();
  const result = await verifyAuditChain(database.db);
  const ms = (performance.now() - t0).toFixed(0);
  if (result.ok) {
    console.log(`audit:verify: OK — ${result.checked} entries, chain intact (${where}, ${ms} ms)`);
    process.exitCode = 0;
  } else {
    const b = result.firstBroken!;
    console.log(
      `audit:verify: BROKEN at entry ${b.seq} (${b.problem}): expected ${b.expected}, found ${b.found}`,
    );
    console.log(`  ${result.checked} entries before it verify; every entry from ${b.seq} on is untrusted.`);
    process.exitCode = 1;
  }
} catch (err) {
  console.error(`audit:verify: ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
