/**
 * Pages of up to 10,000 rows for the worklists (filing.worklist) and 我的申报 (filing.case.mine), issue 24:
 * a page larger than the old 100 answers every row; a size above 10,000 is refused, translated, in both
 * request shapes; the other filing lists still stop at 100.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { db, loginToken, makeAccount, makeTenant } from './auth-support.ts';

const CASES = 130;

describe('10,000-row pages of the filing lists', () => {
  let t: TestServer;
  let lead: string; // authority admin: review:read over every case
  let filer: string; // enterprise admin: filing:read

  const post = (token: string, path: string, body: unknown, lang = 'zh-CN') =>
    call(t, 'POST', path, { token, body, headers: { 'accept-language': lang } });

  beforeAll(async () => {
    t = await startTestServer('pglite', {}, { filingWorkers: false });
    const authority = await makeTenant(t, 'lpauth');
    await db(t)
      .updateTable('platform.tenant')
      .set({ kind: 'authority' })
      .where('id', '=', authority)
      .execute();
    const enterprise = await makeTenant(t, 'lpent');
    const a = await makeAccount(t, { account: 'lp_lead', tenantId: authority, admin: true });
    const e = await makeAccount(t, { account: 'lp_filer', tenantId: enterprise, admin: true });
    lead = (await loginToken(t, a.account, a.password)).access_token;
    filer = (await loginToken(t, e.account, e.password)).access_token;
    const cases = Array.from({ length: CASES }, (_, i) => ({
      id: newId(),
      owner_tenant_id: enterprise,
      title: `大页测试收购案 ${i + 1}`,
      procedure: 'NORMAL' as const,
      state: 'SUBMITTED' as const,
      submitted_at: new Date(),
    }));
    await db(t).insertInto('filing.case').values(cases).execute();
    await db(t)
      .insertInto('filing.membership')
      .values(
        cases.map((c) => ({ id: newId(), case_id: c.id, tenant_id: enterprise, role: 'FILER' as const })),
      )
      .execute();
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers a worklist page of 10,000 with every row, and refuses 10,001 translated', async () => {
    const big = await post(lead, '/filing/worklist', { list: 'awaitingCheck', page: 1, size: 10_000 });
    expect(big.body.state).toBe(200);
    expect(big.body.data.rows).toHaveLength(CASES);
    expect(big.body.data.size).toBe(10_000);
    const over = await post(lead, '/filing/worklist', { list: 'awaitingCheck', size: 10_001 });
    expect(over.body.state).toBe(6010101);
    expect(over.body.message).toContain('不能大于10000');
    const en = await post(lead, '/filing/worklist', { list: 'awaitingCheck', size: 10_001 }, 'en');
    expect(en.body.message).toContain('Must not be greater than 10000');
  });

  it('answers 我的申报 pages of 10,000 in both request shapes, and refuses more', async () => {
    const fields = await post(filer, '/filing/case/mine', { page: 1, size: 10_000 });
    expect(fields.body.state).toBe(200);
    expect(fields.body.data.rows).toHaveLength(CASES);
    const listRequest = await post(filer, '/filing/case/mine', { requestPage: { pageNo: 1, limit: 10_000 } });
    expect(listRequest.body.state).toBe(200);
    expect(listRequest.body.data.dataResult).toHaveLength(CASES);
    expect(listRequest.body.data.pageResult).toMatchObject({ totalCount: CASES, limit: 10_000 });
    for (const body of [{ size: 10_001 }, { requestPage: { pageNo: 1, limit: 10_001 } }]) {
      const over = await post(filer, '/filing/case/mine', body);
      expect(over.body.state, JSON.stringify(body)).toBe(6010101);
      expect(over.body.message).toContain('不能大于10000');
    }
  });

  it('keeps the other filing lists at 100', async () => {
    const comments = await post(lead, '/filing/comment/list', { size: 101 });
    expect(comments.body.state).toBe(6010101);
    const office = await post(filer, '/filing/office/items', {
      parameters: [{ key: 'view', value: 'delegated' }],
      requestPage: { pageNo: 1, limit: 1000 },
    });
    // The list request allows 1,000; the office items still answer pages of at most 100.
    expect(office.body.state).toBe(200);
    expect(office.body.data.pageResult.limit).toBe(100);
  });
});
