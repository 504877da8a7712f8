/** Makes the PGlite data template (pglite-template.ts says what is in it and why). */
import { renameSync, rmSync } from 'node:fs';
import { openDatabase } from './db/database.ts';
import { migrateAll } from './modules/spaces.ts';

/**
 * Writes the template cluster into the directory `out` (replaced whole; built beside it and moved in
 * once closed): `npm run build:server` calls this through tools/build-pglite-template.ts.
 */
export async function writePgliteTemplate(out: string): Promise<void> {
  const building = `${out}.building`;
  rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: building });
  try {
    await database.db.transaction().execute((tx) => migrateAll(tx));
  } finally {
    await database.close();
  }
  rmSync(out, { recursive: true, force: true });
  renameSync(building, out);
}
