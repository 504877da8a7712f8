/**
 * The `filing` catalogue section over HTTP on the seeded demo (PGlite): the seeded roles grant the filing
 * buttons, so a filer drafts and a reviewer reads worklists through the permission model; a filer can never
 * accept (not even a tenant admin, whose tenant grants every permission); a stranger tenant cannot see a
 * draft; bad input is refused with a translated message and changes nothing; the catalogue is served as
 * OpenAPI 3.1 and as a reference page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../schemas/catalogue.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { demoTokens } from '../support/demo-sign-in.ts';

describe('filing API on the demo data', () => {
  let t: TestServer;
  const tokenOf = demoTokens(() => t);

  const as = async (account: string, method: 'GET' | 'POST', path: string, body?: unknown, lang = 'zh-CN') =>
    call(t, method, path, { token: await tokenOf(account), body, headers: { 'accept-language': lang } });

  beforeAll(async () => {
    t = await startTestServer('pglite', { seedFilingDemo: true }, { filingWorkers: false });
  });
  afterAll(async () => t?.close());

  it('lets a filer (through the seeded filer role) draft, load and check a filing', async () => {
    const created = await as('liuna', 'POST', '/filing/case/create', {
      title: '接口测试：甲公司收购乙公司股权案',
      procedure: 'SIMPLIFIED',
    });
    expect(created.body.state).toBe(200);
    const caseId = created.body.data.id as string;

    const loaded = await as('liuna', 'GET', `/filing/case/get?caseId=${caseId}`);
    expect(loaded.body.state).toBe(200);
    expect(loaded.body.data.case).toMatchObject({
      title: '接口测试：甲公司收购乙公司股权案',
      state: 'DRAFT',
    });
    expect(loaded.body.data.actions).toContain('submit');

    const checked = await as('liuna', 'GET', `/filing/case/check?caseId=${caseId}`);
    expect(checked.body.data.complete).toBe(false);

    // Submitting an incomplete draft names the first incomplete section and changes nothing.
    const submitted = await as('liuna', 'POST', `/filing/case/submit?caseId=${caseId}`);
    expect(submitted.body.state).not.toBe(200);
    expect(submitted.body.message).toMatch(/[\u4e00-\u9fff]/);
    const mine = await as('liuna', 'POST', '/filing/case/mine', { state: 'DRAFT' });
    expect(mine.body.state).toBe(200);
    expect(JSON.stringify(mine.body.data)).toContain(caseId);
  });

  it('refuses an unknown field with a translated message and stores nothing', async () => {
    const created = await as('liuna', 'POST', '/filing/case/create', { title: '字段测试案' });
    const caseId = created.body.data.id as string;
    const bad = await as(
      'liuna',
      'POST',
      `/filing/case/update?caseId=${caseId}`,
      { title: '不应保存', owner: 'someone-else' },
      'en',
    );
    expect(bad.body.state).not.toBe(200);
    expect(bad.body.message).toMatch(/owner/);
    expect(bad.body.message).not.toMatch(/filing\.error/);
    const loaded = await as('liuna', 'GET', `/filing/case/get?caseId=${caseId}`);
    expect(loaded.body.data.case.title).toBe('字段测试案');
  });

  it('hides a draft from another enterprise and from the authority', async () => {
    const created = await as('liuna', 'POST', '/filing/case/create', { title: '保密草稿' });
    const caseId = created.body.data.id as string;
    for (const stranger of ['chengang', 'lijing']) {
      const res = await as(stranger, 'GET', `/filing/case/get?caseId=${caseId}`);
      expect(res.body.state, stranger).toBe(404);
    }
  });

  it('gives a reviewer the worklists but not acceptance; a filer can never accept', async () => {
    const list = await as('lijing', 'POST', '/filing/worklist', { list: 'awaitingCheck' });
    expect(list.body.state).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(0);
    const waiting = (list.body.data.rows ?? list.body.data.items ?? list.body.data.dataResult) as {
      id: string;
    }[];
    const caseId = waiting[0].id;

    // The reviewer role lacks review:accept: refused before the service.
    const reason = { reason: '申报文件、资料完备，予以立案。' };
    const byReviewer = await as('lijing', 'POST', `/filing/case/accept?caseId=${caseId}`, reason);
    expect(byReviewer.body.state).toBe(6010104);
    // A filer: refused by the permission check; a filer tenant's admin holds every tenant permission
    // there, yet review:* counts only in the authority tenant.
    for (const filer of ['liuna', 'zhangwei']) {
      const res = await as(filer, 'POST', `/filing/case/accept?caseId=${caseId}`, reason);
      expect(res.body.state, filer).toBe(6010104);
    }
    // The lead must give a reason: missing or blank, refused with a translated message.
    for (const body of [{}, { reason: '   ' }, { reason: '理'.repeat(4001) }]) {
      const res = await as('wangjun', 'POST', `/filing/case/accept?caseId=${caseId}`, body);
      expect(res.body.state, JSON.stringify(body).slice(0, 30)).not.toBe(200);
      // The catalogue refuses a missing or over-long one, the service a blank one; both translated.
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
      expect(res.body.message).toMatch(/原因|理由/);
    }
    const blank = await as('wangjun', 'POST', `/filing/case/deemNotFiled?caseId=${caseId}`, {
      reason: ' ',
    });
    expect(blank.body.message).toBe('请填写理由');
    const still = await as('wangjun', 'GET', `/filing/case/get?caseId=${caseId}`);
    expect(still.body.data.case.state).toBe('SUBMITTED');
    // The lead's dashboard.
    const dashboard = await as('wangjun', 'GET', '/filing/dashboard');
    expect(dashboard.body.state).toBe(200);
    // Its warning counts the cases with a running or stopped due date in a year the calendar lacks.
    const db = t.server.database.db;
    const covered = new Set(
      (await db.selectFrom('filing.calendar_day').select('day').execute()).map((d) =>
        String(d.day).slice(0, 4),
      ),
    );
    const open = await db
      .selectFrom('filing.clock')
      .select(['case_id', 'due_on'])
      .where('state', 'in', ['RUNNING', 'STOPPED'])
      .execute();
    const gap = open.filter((c) => !covered.has(String(c.due_on).slice(0, 4)));
    const years = [...new Set(gap.map((c) => String(c.due_on).slice(0, 4)))].sort().join('、');
    expect(dashboard.body.data.calendarGap).toEqual(
      gap.length ? { years, cases: new Set(gap.map((c) => c.case_id)).size } : null,
    );
  });

  it('serves the holiday calendar and the must-we-file helper', async () => {
    const days = await as('liuna', 'GET', '/filing/calendar/query?year=2026');
    expect(days.body.data.days.length).toBeGreaterThan(20);
    const helper = await as('liuna', 'POST', '/filing/helper/thresholds', {
      referenceYear: 2025,
      parties: [
        { name: '甲', worldwide: 20e9, china: 5e9 },
        { name: '乙', worldwide: 3e9, china: 1e9 },
      ],
    });
    expect(helper.body.state).toBe(200);
    expect(helper.body.data.mustFile).toBe(true);
    expect(helper.body.data.lines.length).toBeGreaterThan(0);
  });

  it('serves the catalogue as OpenAPI 3.1 and a reference page', async () => {
    const res = await fetch(`${t.api}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; 'x-permission': string }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ids.sort()).toEqual([...loadCatalogue().keys()].sort());
    expect(doc.paths['/filing/case/submit'].post['x-permission']).toBe('filing:submit');
    expect(doc.components.schemas['filing-case-view']).toBeDefined();
    expect(JSON.stringify(doc)).not.toMatch(/"\$ref":"(?!#\/components\/schemas\/)/);

    const page = await fetch(`${t.api}/docs?lang=en`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('API reference');
    expect(html).toContain('/filing/case/submit');
  });
});
