/**
 * The filing audit log in the app (issue 24), over HTTP on the seeded demo: the authority's audit:read
 * holders list a case's entries (in words) and the whole log, and check the chain; an enterprise (even its
 * administrator) and an authority reviewer without audit:read are refused; every case view is an entry
 * (one per call, none for a list or a refused read); an entry altered underneath is named by seq.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { demoTokens } from '../support/demo-sign-in.ts';

type Row = Record<string, unknown>;

describe('the filing audit trail on the demo data', () => {
  let t: TestServer;
  const tokenOf = demoTokens(() => t);
  const db = () => t.server.database.db;
  let caseId: string;
  let caseNo: string;

  const as = async (account: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(t, method, path, { token: await tokenOf(account), body, headers: { 'accept-language': 'zh-CN' } });
  const auditQuery = (account: string, parameters: { key: string; value: unknown }[], limit = 100) =>
    as(account, 'POST', '/filing/audit/query', { parameters, requestPage: { pageNo: 1, limit } });
  const entryCount = async () =>
    Number(
      (
        await db()
          .selectFrom('filing.audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lastEntry = () =>
    db().selectFrom('filing.audit_log').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
  const accountId = async (account: string) =>
    (
      await db()
        .selectFrom('platform.account')
        .select('id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await startTestServer('pglite', { seedFilingDemo: true }, { filingWorkers: false });
    // A case in review with a number and a history (transitions in the log).
    const row = await db()
      .selectFrom('filing.case')
      .select(['id', 'case_no'])
      .where('state', '=', 'PHASE_II')
      .where('case_no', 'is not', null)
      .orderBy('case_no')
      .executeTakeFirstOrThrow();
    caseId = row.id;
    caseNo = row.case_no!;
  });
  afterAll(async () => t?.close());

  it("lists a case's entries in words for the lead (audit:read), newest first", async () => {
    const res = await auditQuery('wangjun', [{ key: 'caseId', value: caseId }]);
    expect(res.body.state).toBe(200);
    const rows = res.body.data.dataResult as Row[];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.caseId === caseId && r.caseNo === caseNo)).toBe(true);
    const seqs = rows.map((r) => r.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    const accepted = rows.find((r) => r.action === 'transition.accept');
    expect(accepted).toMatchObject({
      objectType: 'case',
      object: `案件 ${caseNo}`,
      actorTenantName: '国家市场监督管理总局',
    });
    expect(accepted!.actorAccount).toEqual(expect.any(String));
    // The detail reads as labelled, translated lines: states by name, no JSON, no raw state codes.
    expect(accepted!.detail).toContain('原状态: 已提交');
    expect(accepted!.detail).toContain('新状态: 初步审查');
    expect(String(accepted!.detail)).not.toMatch(/[{}"]|SUBMITTED|PHASE_I\b/);
    expect(accepted!.hash).toMatch(/^[0-9a-f]{12}$/);
    expect(accepted!.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The whole log, filtered by case number, action and time range.
    const byNo = await auditQuery('wangjun', [
      { key: 'caseNo', value: caseNo },
      { key: 'action', value: 'transition.accept' },
      { key: 'createTimeFrom', value: '2000-01-01' },
    ]);
    expect((byNo.body.data.dataResult as Row[]).map((r) => r.seq)).toEqual([accepted!.seq]);
    const future = await auditQuery('wangjun', [{ key: 'createTimeFrom', value: '2999-01-01' }]);
    expect(future.body.data.pageResult.totalCount).toBe(0);
    const paged = await auditQuery('wangjun', [], 5);
    expect(paged.body.data.dataResult).toHaveLength(5);
    expect(paged.body.data.pageResult.totalCount).toBe(await entryCount());

    // Bad input: an unknown filter and a date that is not one are refused, translated.
    const bad = await auditQuery('wangjun', [{ key: 'createTimeFrom', value: 'gestern' }]);
    expect(bad.body.state).not.toBe(200);
    expect(bad.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses an enterprise (filer and administrator) and an authority reviewer without audit:read', async () => {
    for (const account of ['liuna', 'zhangwei', 'lijing']) {
      const list = await auditQuery(account, [{ key: 'caseId', value: caseId }]);
      expect(list.body.state, account).toBe(6010104);
      expect(list.body.data ?? null, account).toBeNull();
      const verify = await as(account, 'GET', '/filing/audit/verify');
      expect(verify.body.state, account).toBe(6010104);
    }
    // The case screen offers the 审计记录 tab to the lead only.
    const lead = await as('wangjun', 'GET', `/filing/case/get?caseId=${caseId}`);
    expect(lead.body.data.viewer.auditRead).toBe(true);
    const reviewer = await as('lijing', 'GET', `/filing/case/get?caseId=${caseId}`);
    expect(reviewer.body.data.viewer.auditRead).toBe(false);
  });

  it('records each case view once (get, a section), not a list, not a refused read', async () => {
    const lijing = await accountId('lijing');
    let before = await entryCount();
    expect((await as('lijing', 'GET', `/filing/case/get?caseId=${caseId}`)).body.state).toBe(200);
    expect(await entryCount()).toBe(before + 1);
    expect(await lastEntry()).toMatchObject({
      action: 'case.view',
      actor_account_id: lijing,
      case_id: caseId,
      object_type: 'case',
      object_id: caseId,
    });

    before = await entryCount();
    const section = await as('lijing', 'POST', '/filing/case/section', {
      parameters: [
        { key: 'caseId', value: caseId },
        { key: 'section', value: 'parties' },
      ],
    });
    expect(section.body.state).toBe(200);
    expect(await entryCount()).toBe(before + 1);
    expect((await lastEntry()).detail).toEqual({ section: 'parties' });

    // Lists and worklists are not views of a case.
    before = await entryCount();
    expect((await as('lijing', 'POST', '/filing/worklist', { list: 'phaseII' })).body.state).toBe(200);
    expect((await as('liuna', 'POST', '/filing/case/mine', {})).body.state).toBe(200);
    // A stranger's read is refused and leaves no entry; an unknown section is refused before reading.
    expect((await as('chengang', 'GET', `/filing/case/get?caseId=${caseId}`)).body.state).toBe(404);
    const badSection = await as('lijing', 'POST', '/filing/case/section', {
      parameters: [
        { key: 'caseId', value: caseId },
        { key: 'section', value: 'secrets' },
      ],
    });
    expect(badSection.body.state).not.toBe(200);
    expect(await entryCount()).toBe(before);

    // The lead sees the views on the case's 审计记录, with who and what in words.
    const views = await auditQuery('wangjun', [
      { key: 'caseId', value: caseId },
      { key: 'action', value: 'case.view' },
      { key: 'actor', value: '李静' },
    ]);
    const shown = views.body.data.dataResult as Row[];
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown[0]).toMatchObject({
      actorAccount: 'lijing',
      actorName: '李静',
      detail: '查看部分: 参与集中的经营者',
    });
  });

  it('verifies the whole chain, and names the entry altered underneath', async () => {
    const ok = await as('heping', 'GET', '/filing/audit/verify');
    expect(ok.body.state).toBe(200);
    expect(ok.body.data).toEqual({ ok: true, checked: await entryCount(), firstBroken: null });

    // Someone with the database's superuser rights edits an entry in place, past the append-only trigger.
    const target = await db()
      .selectFrom('filing.audit_log')
      .select(['seq', 'action'])
      .where('case_id', '=', caseId)
      .where('action', '=', 'transition.accept')
      .executeTakeFirstOrThrow();
    await sql
      .raw(
        `alter table filing.audit_log disable trigger audit_log_append_only;
        update filing.audit_log set detail = '{"reason": "改过的理由"}' where seq = ${Number(target.seq)};
        alter table filing.audit_log enable trigger audit_log_append_only;`,
      )
      .execute(db());
    const broken = await as('wangjun', 'GET', '/filing/audit/verify');
    expect(broken.body.state).toBe(200);
    expect(broken.body.data).toMatchObject({
      ok: false,
      checked: Number(target.seq) - 1,
      firstBroken: { seq: Number(target.seq), action: 'transition.accept', reason: 'hash' },
    });
    expect(broken.body.data.firstBroken.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
