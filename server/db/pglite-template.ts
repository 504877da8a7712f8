/**
 * A fresh data directory starts from a template made by `npm run build:server`: an empty PGlite
 * cluster with the platform and filing migrations of this build applied (the same migrateAll a first
 * start runs), packed as dist-server/pglite-template.tar.gz. PGlite's initdb and those migrations are
 * most of a first start; the template saves both. Nothing else is in it — no tenant, no account: the
 * seed (admin password, demo data) still runs at first start, and migrateAll still runs at every
 * start, so a template older than the code only leaves more migrations to apply.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The template to load into `dataDir`, or undefined when there is none or the directory holds a cluster. */
export function templateFor(dataDir: string, templatePath: string | undefined): Blob | undefined {
  if (!templatePath || dataDir.startsWith('memory://') || !existsSync(templatePath)) return undefined;
  if (existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  return new Blob([readFileSync(templatePath)]);
}

/** Makes the template at `out` (`npm run build:server` calls this through tools/build-pglite-template.ts). */
export async function writePgliteTemplate(out: string): Promise<void> {
  // Imported here: opening a data directory needs neither.
  const { openDatabase } = await import('./database.ts');
  const { migrateAll } = await import('./tenant-space.ts');
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
