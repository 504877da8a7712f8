/**
 * `npm run bench filing`: what the filing domain adds to a first start, and how fast its reads are.
 *   - fresh start (in-process, embedded PGlite) without and with the filing demo (SEED_FILING_DEMO);
 *   - the demo's parts: tenants and staff, the ~40 case histories, the public dataset (background job);
 *   - worklist queries and the audit-chain walk on the seeded data.
 * Prints figures; asserts nothing. Targets: fresh start ≤ 3 s (server branch), worklist p95 ≤ 30 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv } from '../../server/config.ts';
import { prepareServer } from '../../server/start.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateAll } from '../../server/modules/spaces.ts';
import { seedFilingDemo } from '../../server/seed/filing-demo.ts';
import { seedPublicDataset } from '../../server/seed/filing/public.ts';
import { HolidayCalendar } from '../../server/modules/filing/calendar.ts';
import { officialCalendarDays } from '../../server/modules/filing/holidays-cn.ts';
import { chinaDate } from '../../server/modules/filing/dates.ts';
import { verifyAuditChain } from '../../server/modules/filing/audit.ts';
import { worklist, WORKLISTS } from '../../server/modules/filing/service/worklists.ts';
import { filingContext } from '../../server/modules/filing/service/context.ts';
import { FILING_ROLE_PERMISSIONS } from '../../server/modules/filing/permissions.ts';

async function freshStart(filingDemo: boolean): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'mf-bench-filing-'));
  try {
    const t0 = performance.now();
    const s = await prepareServer(
      { ...configFromEnv({}), dataDir: dir, adminPassword: 'Bench#2026pass', seedFilingDemo: filingDemo },
      { filingWorkers: false },
    );
    const ms = performance.now() - t0;
    await s.close();
    return ms;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function filingBench(): Promise<void> {
  console.log('\nFiling domain (embedded PGlite, in-process):');
  // A warm-up start, then alternate the two kinds and keep the best of each (the machine is shared).
  await freshStart(false);
  const without: number[] = [];
  const withDemo: number[] = [];
  for (let i = 0; i < 2; i++) {
    without.push(await freshStart(false));
    withDemo.push(await freshStart(true));
  }
  const a = Math.min(...without);
  const b = Math.min(...withDemo);
  console.log(`  fresh start, no filing demo        ${a.toFixed(0)} ms (best of ${without.length})`);
  console.log(
    `  fresh start, with filing demo      ${b.toFixed(0)} ms (best of ${withDemo.length}; +${(b - a).toFixed(0)} ms; the public dataset follows in the background)`,
  );

  const d = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateAll(d.db);
    await d.db
      .insertInto('platform.subsystem')
      .values({ id: 'bench', name: 'merger', alias: 'merger' })
      .execute();
    const demo = await seedFilingDemo(d.db, { password: 'Bench#2026pass', publicData: 'none' });
    console.log(
      `  demo tenants, spaces and staff     ${demo.ms.tenants} ms (5 tenant spaces, one argon2 hash)`,
    );
    console.log(
      `  demo case histories                ${demo.ms.cases} ms (${demo.cases.cases} cases, bulk inserts)`,
    );
    const t0 = performance.now();
    const pub = await seedPublicDataset(
      d.db,
      new HolidayCalendar(officialCalendarDays()),
      chinaDate(new Date()),
    );
    console.log(
      `  public dataset (background job)    ${(performance.now() - t0).toFixed(0)} ms (${pub!.clearances} clearances in ${pub!.batches} batches, ${pub!.notices} notices, ${pub!.decisions} decisions)`,
    );

    const lead = await d.db
      .selectFrom('platform.account')
      .select('id')
      .where('account', '=', 'wangjun')
      .executeTakeFirstOrThrow();
    const authority = await d.db
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
    const ctx = filingContext(d.db);
    for (const list of WORKLISTS) await worklist(ctx, actor, { list }); // warm-up
    const times: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const list of WORKLISTS) {
        const s = performance.now();
        await worklist(ctx, actor, { list });
        times.push(performance.now() - s);
      }
    }
    console.log(
      `  worklist query (${WORKLISTS.length} lists × 20)      p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`,
    );
    const v0 = performance.now();
    const v = await verifyAuditChain(d.db);
    console.log(
      `  audit chain walk                   ${(performance.now() - v0).toFixed(0)} ms for ${v.checked} entries`,
    );
  } finally {
    await d.close();
  }
}
