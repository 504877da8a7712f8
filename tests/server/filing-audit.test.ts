/**
 * The audit log is append-only and hash-chained: a change to any row, or a missing row, is found and
 * named — by verifyAuditChain and by `npm run audit:verify` (tools/audit-verify.ts), on both databases.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';
import { fillFiling, makeWorld, testContext, TestClock } from './filing-support.ts';
import { verifyAuditChain } from '../../server/modules/filing/audit.ts';
import * as T from '../../server/modules/filing/service/transitions.ts';

const run = promisify(execFile);

async function auditVerifyCli(env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'tools/audit-verify.ts'], {
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return { code: 0, out: r.stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

describe.each(dbKindsOf(import.meta.url))('audit chain on %s', (kind) => {
  let t: TestServer;
  const db = () => t.server.database.db;
  beforeAll(async () => {
    t = await startTestServer(kind, { seedDemo: false }, { filingWorkers: false });
    const w = await makeWorld(db());
    const ctx = testContext(db(), new TestClock('2026-03-02'));
    const { caseId } = await fillFiling(ctx, w.filer, { procedure: 'SIMPLIFIED' });
    await T.submit(ctx, w.filer, caseId);
    await T.accept(ctx, w.lead, caseId, { reason: '申报文件、资料完备，予以立案。' });
  });
  afterAll(async () => t?.close());

  it('verifies an untouched chain, every entry linked to the one before', async () => {
    const r = await verifyAuditChain(db());
    expect(r).toMatchObject({ ok: true });
    expect(r.checked).toBeGreaterThan(10);
    const rows = await db()
      .selectFrom('filing.audit_log')
      .select(['seq', 'prev_hash', 'hash'])
      .orderBy('seq')
      .execute();
    for (let i = 1; i < rows.length; i++) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
  });

  it('refuses updates and deletes of audit rows', async () => {
    await expect(sql`update filing.audit_log set action = 'x' where seq = 1`.execute(db())).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from filing.audit_log where seq = 1`.execute(db())).rejects.toThrow(
      /append-only/,
    );
  });

  it('names the first broken entry when a row is tampered with, or removed', async () => {
    const original = await db()
      .selectFrom('filing.audit_log')
      .select('detail')
      .where('seq', '=', 3)
      .executeTakeFirstOrThrow();
    // Someone with the right to disable triggers edits an entry in place.
    await sql
      .raw(
        `alter table filing.audit_log disable trigger audit_log_append_only;
      update filing.audit_log set detail = '{"forged": true}' where seq = 3;
      alter table filing.audit_log enable trigger audit_log_append_only;`,
      )
      .execute(db());
    const broken = await verifyAuditChain(db());
    expect(broken).toMatchObject({ ok: false, checked: 2, firstBroken: { seq: 3, problem: 'hash' } });

    if (kind === 'postgres') {
      // PostgreSQL takes the command while the server runs (embedded PGlite: see the last test).
      const cli = await auditVerifyCli({ DATABASE_URL: t.config.databaseUrl! });
      expect(cli.code).toBe(1);
      expect(cli.out).toContain('BROKEN at entry 3 (hash)');
    }

    // Put it back: the chain verifies again. Then remove a later row: the gap is named.
    await sql`alter table filing.audit_log disable trigger audit_log_append_only`.execute(db());
    await sql`update filing.audit_log set detail = ${JSON.stringify(original.detail)}::jsonb where seq = 3`.execute(
      db(),
    );
    expect((await verifyAuditChain(db())).ok).toBe(true);
    await sql`delete from filing.audit_log where seq = 5`.execute(db());
    await sql`alter table filing.audit_log enable trigger audit_log_append_only`.execute(db());
    expect(await verifyAuditChain(db())).toMatchObject({
      ok: false,
      firstBroken: { seq: 5, problem: 'sequence' },
    });
  });

  it.runIf(kind === 'pglite')(
    'npm run audit:verify reads the embedded database once the server has stopped',
    async () => {
      await t.server.close();
      const cli = await auditVerifyCli({ DATA_DIR: t.config.dataDir, DATABASE_URL: '' });
      expect(cli.code).toBe(1);
      expect(cli.out).toContain('BROKEN at entry 5 (sequence)');
      rmSync(t.config.dataDir, { recursive: true, force: true });
    },
  );
});
