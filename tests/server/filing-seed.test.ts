/**
 * The filing demo on first start: the authority with its divisions and staff, three enterprises and a law
 * firm, about forty cases over every state with a verifiable audit chain, working sign-ins for a filer, a
 * reviewer and a review lead, and the public dataset added by the background job. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';
import { CASE_STATES } from '../../server/modules/filing/tables.ts';
import { verifyAuditChain } from '../../server/modules/filing/audit.ts';
import { demoScript, type DemoPeople } from '../../server/seed/filing/demo-script.ts';
import { Random } from '../../server/seed/filing/random.ts';
import { HolidayCalendar } from '../../server/modules/filing/calendar.ts';
import { officialCalendarDays } from '../../server/modules/filing/holidays-cn.ts';
import { worklist } from '../../server/modules/filing/service/worklists.ts';
import { FILING_ROLE_PERMISSIONS } from '../../server/modules/filing/permissions.ts';
import { chinaDate } from '../../server/modules/filing/dates.ts';

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('demo histories', () => {
  it('are the same for the same seed and day', () => {
    const actor = (n: string) => ({ accountId: n, tenantId: `t-${n}`, name: n });
    const people: DemoPeople = {
      authorityId: 'a',
      authorityName: '审查机关',
      divisions: [{ id: 'd1', name: '审查一处', lead: actor('l'), reviewers: [actor('r1'), actor('r2')] }],
      publisher: actor('p'),
      enterprises: [1, 2, 3].map((i) => ({ tenantId: `e${i}`, name: `企业${i}`, filer: actor(`f${i}`) })),
      lawFirm: { tenantId: 'lf', name: '律所', agent: actor('ag') },
    };
    const calendar = new HolidayCalendar(officialCalendarDays());
    const now = new Date('2026-11-24T12:00:00Z');
    const a = demoScript(new Random(7), calendar, people, '2026-11-24', now);
    const b = demoScript(new Random(7), calendar, people, '2026-11-24', now);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(new Set(a.cases.map((c) => c.target))).toEqual(new Set(CASE_STATES));
  });
});

describe.each(dbKindsOf(import.meta.url))('filing demo seed on %s', (kind) => {
  let t: TestServer;
  const db = () => t.server.database.db;
  beforeAll(async () => {
    t = await startTestServer(kind, { seedFilingDemo: true }, { filingPollSeconds: 0.5 });
  });
  afterAll(async () => t?.close());

  it('creates the authority with its divisions and staff, the enterprises and the law firm', async () => {
    const tenants = await db()
      .selectFrom('platform.tenant')
      .select(['name', 'kind', 'schema_status'])
      .where('code', 'in', ['samr', 'zyzb', 'hcxny', 'ytyy', 'jhls'])
      .execute();
    expect(tenants.map((x) => x.kind).sort()).toEqual([
      'authority',
      'enterprise',
      'enterprise',
      'enterprise',
      'law_firm',
    ]);
    expect(tenants.every((x) => x.schema_status === 'CREATED')).toBe(true);
    const orgs = await db().withSchema('t_samr').selectFrom('org').select('name').execute();
    expect(orgs.map((o) => o.name)).toEqual(expect.arrayContaining(['审查一处', '审查二处', '审查三处']));
    const roles = await db().withSchema('t_samr').selectFrom('role').select('alias').execute();
    expect(roles.map((r) => r.alias).sort()).toEqual([
      'calendarAdmin',
      'delegatedReviewer',
      'publisher',
      'reviewLead',
      'reviewer',
    ]);
    // The platform's own demo tenant is still there, untouched.
    expect(
      await db().selectFrom('platform.tenant').select('code').where('code', '=', 'demo').executeTakeFirst(),
    ).toBeTruthy();
  });

  it('spreads about forty cases over every state, with an intact audit chain', async () => {
    const states = await sql<{
      state: string;
      n: number;
    }>`select state, count(*)::int as n from filing."case" group by state`.execute(db());
    expect(new Set(states.rows.map((r) => r.state))).toEqual(new Set(CASE_STATES));
    const total = states.rows.reduce((s, r) => s + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(38);
    expect(total).toBeLessThanOrEqual(45);
    expect((await verifyAuditChain(db())).ok).toBe(true);
    // Running clocks end today or later: the deadline job has nothing to undo at start.
    const overdue = await sql<{
      n: number;
    }>`select count(*)::int as n from filing.clock where state = 'RUNNING' and due_on < ${chinaDate(new Date())}`.execute(
      db(),
    );
    expect(overdue.rows[0].n).toBe(0);
  });

  it('lets every printed demo role sign in, and the co-party and agent are ones on some case', async () => {
    const demo = t.server.seed.filing!;
    expect(demo.signIns.map((s) => s.role)).toEqual([
      'filer',
      'filerColleague',
      'coParty',
      'agent',
      'reviewer',
      'delegatedReviewer',
      'reviewLead',
      'publisher',
      'calendarAdmin',
    ]);
    for (const s of demo.signIns) {
      const res = await call(t, 'POST', '/authentication/apply', {
        body: { grant_type: 'password_credentials', username: s.account, password: demo.password },
      });
      expect(res.body.state, s.account).toBe(200);
    }
    const memberships = async (account: string, role: 'CO_PARTY' | 'AGENT') => {
      const rows = await db()
        .selectFrom('filing.membership as m')
        .innerJoin('platform.tenant_member as tm', 'tm.tenant_id', 'm.tenant_id')
        .innerJoin('platform.account as a', 'a.id', 'tm.account_id')
        .select('m.id')
        .where('a.account', '=', account)
        .where('m.role', '=', role)
        .where('m.status', '=', 'ACTIVE')
        .execute();
      return rows.length;
    };
    const printed = (role: string) => demo.signIns.find((s) => s.role === role)!.account;
    expect(await memberships(printed('coParty'), 'CO_PARTY')).toBeGreaterThan(0);
    expect(await memberships(printed('agent'), 'AGENT')).toBeGreaterThan(0);
    const lead = await db()
      .selectFrom('platform.account')
      .select('id')
      .where('account', '=', 'wangjun')
      .executeTakeFirstOrThrow();
    const authority = await db()
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
    expect((await worklist(t.server.filing.ctx, actor, { list: 'awaitingCheck' })).total).toBe(4);
    expect((await worklist(t.server.filing.ctx, actor, { list: 'supplementLapsed' })).total).toBe(1);
    expect((await worklist(t.server.filing.ctx, actor, { list: 'phaseII' })).total).toBe(4);
  });

  it('adds the public dataset in the background: ~6,000 clearances in batches, 1,800 notices, decisions', async () => {
    const counts = await waitFor('the public dataset', async () => {
      const r = await sql<{
        kind: string;
        n: number;
      }>`select kind, count(*)::int as n from filing.publication where case_id is null group by kind`.execute(
        db(),
      );
      return r.rows.length === 4 ? Object.fromEntries(r.rows.map((x) => [x.kind, x.n])) : null;
    });
    expect(counts.CLEARANCE).toBeGreaterThan(5500);
    expect(counts.CLEARANCE).toBeLessThan(6800);
    expect(counts.NOTICE).toBe(1800);
    expect(counts.CONDITIONAL + counts.PROHIBITION).toBeGreaterThan(40);
    const batches = await sql<{
      n: number;
      first: string;
    }>`select count(*)::int as n, min(published_on)::text as first from filing.publication_batch`.execute(
      db(),
    );
    expect(batches.rows[0].n).toBeGreaterThan(400);
    expect(batches.rows[0].first.startsWith('2008')).toBe(true);
    const live = await sql<{
      n: number;
    }>`select count(*)::int as n from filing.publication where kind = 'NOTICE' and notice_state = 'LIVE' and case_id is null`.execute(
      db(),
    );
    expect(live.rows[0].n).toBeGreaterThan(0);
  });
});
