/** Makes the PGlite data template (pglite-template.ts says what is in it and why). */
import { writeFile } from 'node:fs/promises';
import { openDatabase } from './database.ts';
import { migrateAll } from './tenant-space.ts';

/** Writes the template to `out`: `npm run build:server` calls this through tools/build-pglite-template.ts. */
export async function writePgliteTemplate(out: string): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://template' });
  try {
    await database.db.transaction().execute((tx) => migrateAll(tx));
    if (!database.dumpDataDir) throw new Error('the template is a PGlite cluster');
    const blob = await database.dumpDataDir();
    await writeFile(out, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await database.close();
  }
}
