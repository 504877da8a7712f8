/**
 * A fresh data directory starts from a template made by `npm run build:server`: an empty PGlite
 * cluster with the platform and filing migrations of this build applied (the same migrateAll a first
 * start runs), kept as a data directory in dist-server/pglite-template/. PGlite's initdb and those
 * migrations are most of a first start; the template saves both, and a native copy of its files is far
 * quicker than unpacking an archive through PGlite's file system. Nothing else is in it — no tenant, no
 * account: the seed (admin password, demo data) still runs at first start, and migrateAll still runs at
 * every start, so a template older than the code only leaves more migrations to apply.
 */
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The file that marks a directory as holding a cluster (PostgreSQL writes it first, reads it first). */
const MARK = 'PG_VERSION';

/** The template to copy into `dataDir`, or undefined when there is none or the directory holds a cluster. */
export function templateFor(dataDir: string, templateDir: string | undefined): string | undefined {
  if (!templateDir || dataDir.startsWith('memory://') || !existsSync(join(templateDir, MARK)))
    return undefined;
  if (existsSync(join(dataDir, MARK))) return undefined;
  return templateDir;
}

/**
 * Copies the template cluster into `dataDir` (which may already hold other things, e.g. the file
 * store). PG_VERSION comes last: a copy cut short leaves no mark, so the next start copies again.
 */
export function copyTemplate(templateDir: string, dataDir: string): void {
  for (const entry of readdirSync(templateDir)) {
    if (entry !== MARK)
      cpSync(join(templateDir, entry), join(dataDir, entry), { recursive: true, force: true });
  }
  cpSync(join(templateDir, MARK), join(dataDir, MARK));
}
