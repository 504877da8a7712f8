/**
 * Backups round trip (issue 28): an instance with the demo data and a stored file is backed up while it
 * runs (PostgreSQL) or once stopped (embedded PGlite), restored into an empty database and file store,
 * and every table (rows and their checksum) and every file (its SHA-256) matches the original. A restore
 * refuses a target that is not empty, and one whose files do not match the backup fails.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { storageFor } from '../../server/files/context.ts';
import { backup, restore, tableChecksums, tableDifferences } from '../../server/ops/backup.ts';
import { freshPostgresDatabase, startTestServer, type TestServer } from '../support/server.ts';
import { DB_KINDS } from './databases.ts';

const folders: string[] = [];
const folder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Puts a file in the instance's store, as an upload does; answers its SHA-256. */
async function storeFile(t: TestServer): Promise<string> {
  const staged = await storageFor(t.config).stage(Readable.from(randomBytes(50_000)));
  await staged.commit();
  return staged.sha256;
}

describe.runIf(DB_KINDS.includes('postgres'))('backup and restore on PostgreSQL', () => {
  it('round-trips a running instance: every table and file as it was', async () => {
    const t = await startTestServer('postgres');
    const target = await freshPostgresDatabase();
    try {
      const sha = await storeFile(t);
      const out = join(folder('mf-backup-'), 'b');
      const manifest = await backup(t.config, out);
      expect(manifest.database).toBe('postgres');
      expect(manifest.files).toContain(sha);
      expect(manifest.tables['platform.account']!.rows).toBeGreaterThan(0);
      expect(Object.keys(manifest.tables).some((k) => k.startsWith('t_demo.'))).toBe(true);

      const into = { ...t.config, databaseUrl: target.url, dataDir: folder('mf-restore-'), fileStoreDir: '' };
      await restore(into, out);
      // Checked by restore against the manifest; and again here against the source as it is now.
      const restored = await openDatabase({ databaseUrl: target.url });
      const source = await openDatabase({ databaseUrl: t.config.databaseUrl });
      try {
        const now = await tableChecksums(source.db);
        const back = await tableChecksums(restored.db);
        // The job queue's own tables move on while the source runs; the data does not.
        const data = (sums: typeof now) =>
          Object.fromEntries(Object.entries(sums).filter(([k]) => !k.startsWith('pgboss.')));
        expect(tableDifferences(data(now), data(back))).toEqual([]);
      } finally {
        await restored.close();
        await source.close();
      }
      const file = join(into.dataDir, 'files', sha.slice(0, 2), sha.slice(2, 4), sha);
      expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(sha);

      // A target that is not empty is refused.
      await expect(restore(into, out)).rejects.toThrow(/not empty/);
    } finally {
      await t.close();
      await target.drop();
    }
  });
});

describe('backup and restore of the embedded database', () => {
  it('round-trips a stopped instance; a file that does not match fails the restore', async () => {
    const dataDir = folder('mf-pglite-');
    const t = await startTestServer('pglite', { dataDir });
    const sha = await storeFile(t);
    const before = await tableChecksums(t.server.database.db);
    await t.server.close();
    const out = join(folder('mf-backup-'), 'b');
    const manifest = await backup(t.config, out);
    expect(manifest.database).toBe('pglite');
    expect(tableDifferences(before, manifest.tables)).toEqual([]);
    expect(manifest.files).toContain(sha);

    const into = { ...t.config, dataDir: join(folder('mf-restore-'), 'data'), fileStoreDir: '' };
    await restore(into, out);
    const restored = await openDatabase({ dataDir: into.dataDir });
    try {
      expect(tableDifferences(before, await tableChecksums(restored.db))).toEqual([]);
    } finally {
      await restored.close();
    }
    await expect(restore(into, out)).rejects.toThrow(/already holds a database/);

    // A backup whose file was changed after it was taken does not restore silently.
    writeFileSync(join(out, 'files', sha.slice(0, 2), sha.slice(2, 4), sha), 'tampered');
    const again = { ...t.config, dataDir: join(folder('mf-restore-'), 'data'), fileStoreDir: '' };
    await expect(restore(again, out)).rejects.toThrow(/file .* differs/);
  });
});
