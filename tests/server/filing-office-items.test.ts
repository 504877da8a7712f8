/**
 * Office items (办公事项) beyond 待办/已办, over HTTP on the seeded demo, and who sees what:
 * - the authority's 委托 (cases delegated to the provincial bureau: its delegated reviewer and the lead who
 *   delegated see them, nobody else; only simplified cases are delegated), 转办 (cases reassigned away
 *   from me and not mine again) and 撤回 (withdrawal requests I handle or decided);
 * - the filer's 委托 (filings with an authorised agent, seen by the principal and the agent's tenant) and
 *   撤回 (filings with a withdrawal request, seen by exactly the tenants that take part).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKindsOf } from './databases.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { demoTokens } from '../support/demo-sign-in.ts';
import { db } from './auth-support.ts';

interface Row {
  id: string;
  state: string;
  procedure: string;
  handlerName: string | null;
  delegatedRegion?: string | null;
}

interface OfficeRow {
  id: string;
  state: string;
  delegation?: string;
  counterpart?: string | null;
  withdrawalState?: string;
}

const FILERS = ['zhangwei', 'chengang', 'malin', 'tanglu'];
const ENTERPRISE_OF: Record<string, string> = {
  zhangwei: '中原智能装备集团有限公司',
  chengang: '海川新能源科技股份有限公司',
  malin: '远拓医药控股有限公司',
};
const REGION = '江苏省市场监督管理局';

describe.each(dbKindsOf(import.meta.url))('office items on %s', (kind) => {
  let t: TestServer;
  const tokenOf = demoTokens(() => t);
  const as = async (account: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(t, method, path, { token: await tokenOf(account), body });
  const list = async (account: string, name: string) => {
    const res = await as(account, 'POST', '/filing/worklist', { list: name, size: 100 });
    expect(res.body.state, `${account} ${name}`).toBe(200);
    return res.body.data.rows as Row[];
  };
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const office = async (account: string, view: string) => {
    const res = await as(account, 'POST', '/filing/office/items', {
      parameters: [{ key: 'view', value: view }],
      requestPage: { pageNo: 1, limit: 100 },
    });
    expect(res.body.state, `${account} ${view}`).toBe(200);
    return res.body.data.dataResult as OfficeRow[];
  };
  const mine = async (account: string) => {
    const res = await as(account, 'POST', '/filing/case/mine', { size: 100 });
    expect(res.body.state).toBe(200);
    return ids(res.body.data.rows as { id: string }[]);
  };
  const staffId = async (name: string) => {
    const rows = (await as('wangjun', 'GET', '/filing/staff/list')).body.data.rows as {
      accountId: string;
      name: string;
    }[];
    return rows.find((s) => s.name === name)!.accountId;
  };
  const assign = async (caseId: string, handler: string, extra: Record<string, unknown> = {}) =>
    as('wangjun', 'POST', `/filing/case/assign?caseId=${caseId}`, {
      handlerAccountId: await staffId(handler),
      ...extra,
    });

  beforeAll(async () => {
    t = await startTestServer(kind, { seedFilingDemo: true }, { filingWorkers: false });
  });
  afterAll(async () => t?.close());

  it('lists a case reassigned away from me under 转办 until it is mine again; filers are refused', async () => {
    const target = (await list('wangjun', 'awaitingCheck')).find(
      (r) => !['王军', '李静', '赵磊'].includes(r.handlerName ?? ''),
    )!;
    expect(target).toBeDefined();
    expect((await assign(target.id, '李静')).body.state).toBe(200);
    expect(ids(await list('lijing', 'transferred'))).not.toContain(target.id);

    expect((await assign(target.id, '赵磊')).body.state).toBe(200);
    expect(ids(await list('lijing', 'transferred'))).toContain(target.id);
    expect(ids(await list('zhaolei', 'transferred'))).not.toContain(target.id);
    expect(ids(await list('wangjun', 'transferred'))).not.toContain(target.id);
    const row = (await list('lijing', 'transferred')).find((r) => r.id === target.id)!;
    expect(row.handlerName).toBe('赵磊');

    // Back to 李静: no longer transferred away from her; now away from 赵磊.
    expect((await assign(target.id, '李静')).body.state).toBe(200);
    expect(ids(await list('lijing', 'transferred'))).not.toContain(target.id);
    expect(ids(await list('zhaolei', 'transferred'))).toContain(target.id);

    expect((await as('zhangwei', 'POST', '/filing/worklist', { list: 'transferred' })).body.state).toBe(
      6010104,
    );
  });

  it('shows a delegated simplified case to the delegated reviewer and the delegating lead only', async () => {
    const waiting = await list('wangjun', 'awaitingCheck');
    const simplified = waiting.find((r) => r.procedure === 'SIMPLIFIED' && r.handlerName !== '李静')!;
    const normal = waiting.find((r) => r.procedure === 'NORMAL')!;
    expect(simplified).toBeDefined();
    expect(normal).toBeDefined();

    // A normal case is not delegated: refused, translated, nothing changes.
    const refused = await assign(normal.id, '黄勇', { delegatedRegion: REGION });
    expect(refused.body.state).not.toBe(200);
    expect(refused.body.message).toMatch(/简易案件/);
    const normalAfter = await as('wangjun', 'GET', `/filing/case/get?caseId=${normal.id}`);
    expect(normalAfter.body.data.handler?.name ?? null).not.toBe('黄勇');
    expect(ids(await list('huangyong', 'delegated'))).not.toContain(normal.id);

    expect((await assign(simplified.id, '黄勇', { delegatedRegion: REGION })).body.state).toBe(200);
    const forReviewer = (await list('huangyong', 'delegated')).find((r) => r.id === simplified.id);
    expect(forReviewer?.delegatedRegion).toBe(REGION);
    expect(ids(await list('wangjun', 'delegated'))).toContain(simplified.id);
    expect(ids(await list('lijing', 'delegated'))).not.toContain(simplified.id);
    expect(ids(await list('chenmin', 'delegated'))).not.toContain(simplified.id);

    // The bureau reaches the case delegated to it, and no other (review:allCases is the central staff's).
    const get = (account: string, id: string) => as(account, 'GET', `/filing/case/get?caseId=${id}`);
    expect((await get('huangyong', simplified.id)).body.state).toBe(200);
    expect((await get('huangyong', normal.id)).body.state).toBe(404);
    expect(ids(await list('huangyong', 'awaitingCheck'))).toEqual([simplified.id]);
    // Its deadline dashboard counts the cases it handles; the central staff's counts every case.
    const dashboardTotal = async (account: string) => {
      const res = await as(account, 'GET', '/filing/dashboard');
      expect(res.body.state, res.body.message).toBe(200);
      return (res.body.data.byState as { count: number }[]).reduce((n, r) => n + r.count, 0);
    };
    const handled = await db(t)
      .selectFrom('filing.case')
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('state', '<>', 'DRAFT')
      .where('handler_account_id', '=', await staffId('黄勇'))
      .executeTakeFirstOrThrow();
    const everyCase = await db(t)
      .selectFrom('filing.case')
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('state', '<>', 'DRAFT')
      .executeTakeFirstOrThrow();
    expect(await dashboardTotal('huangyong')).toBe(Number(handled.n));
    expect(Number(handled.n)).toBeLessThan(Number(everyCase.n));
    expect(await dashboardTotal('wangjun')).toBe(Number(everyCase.n));
    // And the public comments of no other case (they name their authors and contacts).
    const comments = async (account: string) =>
      (await as(account, 'POST', '/filing/comment/list', { size: 100 })).body.data.rows as {
        caseId: string;
      }[];
    expect((await comments('wangjun')).length).toBeGreaterThan(0);
    expect((await comments('huangyong')).every((c) => c.caseId === simplified.id)).toBe(true);
    const foreign = (await comments('wangjun')).find((c) => c.caseId !== simplified.id)!;
    expect(
      (
        await as('huangyong', 'POST', `/filing/comment/triage?commentId=${(foreign as { id?: string }).id}`, {
          triage: 'SPAM',
        })
      ).body.state,
    ).toBe(404);

    // Taken back from the bureau: the delegation ends for both, and the bureau no longer reaches the case.
    expect((await assign(simplified.id, '李静')).body.state).toBe(200);
    expect(ids(await list('huangyong', 'delegated'))).not.toContain(simplified.id);
    expect(ids(await list('wangjun', 'delegated'))).not.toContain(simplified.id);
    expect(ids(await list('huangyong', 'transferred'))).not.toContain(simplified.id);
    expect((await get('huangyong', simplified.id)).body.state).toBe(404);
  });

  it('lists a withdrawal under 撤回 for its handler, its decider and exactly the tenants taking part', async () => {
    const pending = (await list('wangjun', 'withdrawalPending'))[0]!;
    expect(pending).toBeDefined();
    expect((await assign(pending.id, '赵磊')).body.state).toBe(200);
    expect(ids(await list('zhaolei', 'revoke'))).toContain(pending.id);
    expect(ids(await list('lijing', 'revoke'))).not.toContain(pending.id);
    expect(ids(await list('wangjun', 'revoke'))).not.toContain(pending.id);

    const consent = await as('wangjun', 'POST', `/filing/case/consentWithdrawal?caseId=${pending.id}`, {
      reason: '同意撤回。',
    });
    expect(consent.body.state).toBe(200);
    expect(ids(await list('wangjun', 'revoke'))).toContain(pending.id);
    expect(ids(await list('zhaolei', 'revoke'))).toContain(pending.id);
    expect(ids(await list('lijing', 'revoke'))).not.toContain(pending.id);

    let seenBy = 0;
    for (const filer of FILERS) {
      const rows = await office(filer, 'revoke');
      const member = await mine(filer);
      // Every row is a filing of mine with a withdrawal request.
      for (const r of rows) {
        expect(member).toContain(r.id);
        expect(['PENDING', 'CONSENTED', 'REFUSED']).toContain(r.withdrawalState);
      }
      expect(ids(rows).includes(pending.id), filer).toBe(member.includes(pending.id));
      const row = rows.find((r) => r.id === pending.id);
      if (row) {
        seenBy++;
        expect(row).toMatchObject({ state: 'WITHDRAWN', withdrawalState: 'CONSENTED' });
      }
    }
    expect(seenBy).toBeGreaterThan(0);
  });

  it("lists a filing with an authorised agent under 委托 for the principal and the agent's tenant only", async () => {
    const agentRows = await office('tanglu', 'delegated');
    expect(agentRows.length).toBeGreaterThan(0);
    const lawFirmCases = await mine('tanglu');
    for (const r of agentRows) {
      expect(r.delegation).toBe('AGENT_FOR');
      expect(lawFirmCases).toContain(r.id);
    }
    for (const [filer, name] of Object.entries(ENTERPRISE_OF)) {
      const rows = await office(filer, 'delegated');
      for (const r of rows) {
        expect(r.delegation).toBe('AUTHORISED');
        expect(r.counterpart).toContain('君衡律师事务所');
      }
      // The enterprise's authorisations are exactly the law firm's mandates for it.
      expect(ids(rows).sort(), filer).toEqual(ids(agentRows.filter((r) => r.counterpart === name)).sort());
    }

    // Not for the authority; an unknown view is refused with a translated message.
    const authority = await as('wangjun', 'POST', '/filing/office/items', {
      parameters: [{ key: 'view', value: 'delegated' }],
    });
    expect(authority.body.state).toBe(6010104);
    const unknown = await as('zhangwei', 'POST', '/filing/office/items', {
      parameters: [{ key: 'view', value: 'everything' }],
    });
    expect(unknown.body.state).not.toBe(200);
    expect(unknown.body.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
