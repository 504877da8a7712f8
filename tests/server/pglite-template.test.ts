/**
 * The PGlite data template (server/db/pglite-template.ts): a fresh data directory starts from it with
 * every platform and filing migration applied and nothing else; a directory with a cluster ignores it.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { platformMigrations } from '../../server/modules/migrations/platform.ts';
import { templateFor } from '../../server/db/pglite-template.ts';
import { writePgliteTemplate } from '../../server/pglite-template-build.ts';
import { FILING_SCHEMA_MIGRATIONS, migrateAll } from '../../server/modules/spaces.ts';
import { FILING_SCHEMA } from '../../server/modules/filing/migrations.ts';

describe('PGlite data template', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mf-template-'));
  const template = join(dir, 'template');
  beforeAll(() => writePgliteTemplate(template), 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a fresh data directory migrated, with no tenant and no account', async () => {
    const dataDir = join(dir, 'fresh');
    expect(templateFor(dataDir, template)).toBe(template);
    const database = await openDatabase({ dataDir, pgliteTemplate: template });
    try {
      const names = await sql<{ name: string }>`select name from platform.schema_migration`.execute(
        database.db,
      );
      expect(names.rows.map((r) => r.name).sort()).toEqual(platformMigrations.map((m) => m.name).sort());
      const filing = await sql<{
        name: string;
      }>`select name from ${sql.raw(FILING_SCHEMA)}.schema_migration`.execute(database.db);
      expect(filing.rows.map((r) => r.name).sort()).toEqual(
        FILING_SCHEMA_MIGRATIONS.map((m) => m.name).sort(),
      );
      const again = await migrateAll(database.db);
      expect(again).toEqual({ platform: [], filing: [], tenants: {} });
      const counts = await sql<{ tenants: number; users: number }>`select
        (select count(*)::int from platform.tenant) as tenants,
        (select count(*)::int from platform.account) as users`.execute(database.db);
      expect(counts.rows[0]).toEqual({ tenants: 0, users: 0 });
    } finally {
      await database.close();
    }
    // The directory now holds a cluster: the template is not loaded again.
    expect(templateFor(dataDir, template)).toBeUndefined();
  }, 120_000);

  it('copies into a directory that already holds other things, and again after a copy cut short', async () => {
    const dataDir = join(dir, 'shared');
    mkdirSync(join(dataDir, 'files'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'kept.txt'), 'kept');
    // A copy cut short: cluster files without the PG_VERSION mark.
    cpSync(join(template, 'global'), join(dataDir, 'global'), { recursive: true });
    expect(templateFor(dataDir, template)).toBe(template);
    const database = await openDatabase({ dataDir, pgliteTemplate: template });
    try {
      const r = await sql<{ n: number }>`select count(*)::int as n from platform.schema_migration`.execute(
        database.db,
      );
      expect(r.rows[0].n).toBe(platformMigrations.length);
    } finally {
      await database.close();
    }
    expect(readFileSync(join(dataDir, 'files', 'kept.txt'), 'utf8')).toBe('kept');
  }, 120_000);

  it('is not used without a file, or in memory', () => {
    expect(templateFor(join(dir, 'other'), join(dir, 'missing'))).toBeUndefined();
    expect(templateFor('memory://x', template)).toBeUndefined();
    expect(templateFor(join(dir, 'other'), undefined)).toBeUndefined();
  });
});
