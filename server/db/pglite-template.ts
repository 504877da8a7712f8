/**
 * A fresh data directory starts from a template made by `npm run build:server`: an empty PGlite
 * cluster with the platform and filing migrations of this build applied (the same migrateAll a first
 * start runs), packed as dist-server/pglite-template.tar.gz. PGlite's initdb and those migrations are
 * most of a first start; the template saves both. Nothing else is in it — no tenant, no account: the
 * seed (admin password, demo data) still runs at first start, and migrateAll still runs at every
 * start, so a template older than the code only leaves more migrations to apply.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The template to load into `dataDir`, or undefined when there is none or the directory holds a cluster. */
export function templateFor(dataDir: string, templatePath: string | undefined): Blob | undefined {
  if (!templatePath || dataDir.startsWith('memory://') || !existsSync(templatePath)) return undefined;
  if (existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  return new Blob([readFileSync(templatePath)]);
}
