/**
 * `npm run bench worklist-page` (issue 24): the server's time to answer one 10,000-row page of a
 * worklist (POST /filing/worklist, size 10000), through the real app (catalogue, session, validation,
 * service, serialisation) on embedded PGlite, with 10,000 cases awaiting check besides the filing demo's.
 * Also a 100-row page of the same list for comparison. Prints figures; asserts nothing. Goal: ≤ 2 s for
 * the 10,000-row page (the screen then draws only the rows in view).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../../server/auth/tokens.ts';
import { configFromEnv } from '../../server/config.ts';
import { prepareServer } from '../../server/start.ts';
import { filingContext } from '../../server/modules/filing/service/context.ts';
import { worklist } from '../../server/modules/filing/service/worklists.ts';
import { FILING_ROLE_PERMISSIONS } from '../../server/modules/filing/permissions.ts';
import { figure } from './goals.ts';

const ROWS = 10_000;
const RUNS = 5;

export async function worklistPageBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mf-bench-worklist-'));
  const config = {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    adminPassword: 'Bench#2026pass',
    seedDemo: true,
    seedFilingDemo: true,
  };
  const server = await prepareServer(config, { filingWorkers: false });
  try {
    const db = server.database.db;
    const owner = await db
      .selectFrom('platform.tenant')
      .select('id')
      .where('kind', '=', 'enterprise')
      .executeTakeFirstOrThrow();
    // 10,000 submitted cases, inserted in chunks (one statement each).
    for (let from = 0; from < ROWS; from += 1000) {
      await db
        .insertInto('filing.case')
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            id: newId(),
            owner_tenant_id: owner.id,
            title: `压力测试收购案 ${from + i + 1}`,
            procedure: 'NORMAL' as const,
            state: 'SUBMITTED' as const,
            submitted_at: new Date(),
          })),
        )
        .execute();
    }
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const api = `${address}${config.apiBase}`;
    const signIn = await fetch(`${api}/authentication/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password_credentials',
        username: 'wangjun',
        password: server.seed.filing!.password,
      }),
    });
    const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
    const page = async (size: number) => {
      const started = performance.now();
      const res = await fetch(`${api}/filing/worklist`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ list: 'awaitingCheck', page: 1, size }),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      const body = JSON.parse(text) as { state: number; data: { rows: unknown[]; total: number } };
      if (body.state !== 200) throw new Error(`worklist: ${text.slice(0, 200)}`);
      return { ms, rows: body.data.rows.length, total: body.data.total, bytes: text.length };
    };
    const best = async (size: number) => {
      await page(size); // warm-up
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await page(size));
      runs.sort((a, b) => a.ms - b.ms);
      return { median: runs[Math.floor(RUNS / 2)], best: runs[0] };
    };
    console.log(
      `\nWorklist pages (embedded PGlite, in-process; ${ROWS.toLocaleString('en')} cases awaiting check):`,
    );
    const small = await best(100);
    console.log(`  100-row page                          median ${small.median.ms.toFixed(0)} ms`);
    const large = await best(ROWS);
    console.log(
      `  10,000-row page: ${large.median.rows.toLocaleString('en')} of ${large.median.total.toLocaleString('en')} rows, ${(large.median.bytes / 1024 / 1024).toFixed(1)} MB of JSON; best ${large.best.ms.toFixed(0)} ms`,
    );
    figure('10,000-row worklist page, median of 5', large.median.ms, 'ms', 2000, 'max');
    // The service alone (its two queries and the row views), without HTTP, session and serialisation.
    const lead = await db
      .selectFrom('platform.account')
      .select('id')
      .where('account', '=', 'wangjun')
      .executeTakeFirstOrThrow();
    const authority = await db
      .selectFrom('platform.tenant')
      .select('id')
      .where('kind', '=', 'authority')
      .executeTakeFirstOrThrow();
    const actor = {
      accountId: lead.id,
      tenantId: authority.id,
      tenantKind: 'authority' as const,
      permissions: new Set(FILING_ROLE_PERMISSIONS.reviewLead),
    };
    const ctx = filingContext(db);
    const service: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      await worklist(ctx, actor, { list: 'awaitingCheck', size: ROWS });
      if (i > 0) service.push(performance.now() - started);
    }
    service.sort((a, b) => a - b);
    console.log(
      `  of which the service (queries, row views)  median ${service[Math.floor(RUNS / 2)].toFixed(0)} ms`,
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
