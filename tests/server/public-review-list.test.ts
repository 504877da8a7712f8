/**
 * The public list of cases under review and the authority's per-case switch (issue 25,
 * publicity.review.query, publicity.disclosure.get/.save, disclosure:manage): the switch is refused
 * without the grant, for an enterprise's administrator and without a session, and each change is audited;
 * a disclosed Phase II case is listed with its acceptance, Phase II start, due date and days remaining, a
 * suspended one with its clock stop and no due date; an accepted case not disclosed is not listed at all,
 * a simplified case with a live notice is listed without any acceptance or clock data; a decided case
 * leaves the list; bad filters and bad input answer translated errors and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../server/auth/session.ts';
import { newId } from '../../server/auth/tokens.ts';
import { addDays, chinaDate } from '../../server/modules/filing/dates.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount, makeTenant, grantRole } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const today = chinaDate(new Date());
/** A year no other row of the database uses, so the list can be narrowed to this file's cases. */
const PREFIX = 'JZSB1997-';

describe.each(dbKindsOf(import.meta.url))('under-review list on %s', (kind) => {
  let t: TestServer;
  let authority: string;
  let enterprise: string;
  let publisher: string; // authority member whose role grants the disclosure:manage button only
  let reviewer: string; // authority member whose role grants the comment triage page only
  let enterpriseAdmin: string;
  const ids: Record<string, string> = {};

  const post = (path: string, body: unknown, token?: string, lang = 'zh-CN') =>
    call(t, 'POST', path, { body, token, headers: { 'accept-language': lang } });
  const save = (body: unknown, token?: string, lang?: string) =>
    post('/publicity/disclosure/save', body, token, lang);
  const get = (body: unknown, token?: string) => post('/publicity/disclosure/get', body, token);
  type Row = Record<string, unknown> & { caseNo: string };
  const list = async (parameters: { key: string; value: unknown }[] = [], lang = 'zh-CN') =>
    post(
      '/publicity/review/query',
      {
        parameters: [{ key: 'keyword', value: PREFIX }, ...parameters],
        requestPage: { pageNo: 1, limit: 100 },
      },
      undefined,
      lang,
    );
  const rowsOf = async (parameters: { key: string; value: unknown }[] = []) => {
    const r = await list(parameters);
    expect(r.body.state).toBe(200);
    return r.body.data.dataResult as Row[];
  };
  const rowOf = async (caseNo: string) => (await rowsOf()).find((r) => r.caseNo === caseNo);
  const audits = async (caseId: string) =>
    db(t)
      .selectFrom('filing.audit_log')
      .select(['action', 'actor_account_id', 'actor_tenant_id', 'detail'])
      .where('object_id', '=', caseId)
      .where('action', '=', 'case.disclosure')
      .orderBy('seq')
      .execute();
  const disclosureOf = async (caseId: string) =>
    (
      await db(t)
        .selectFrom('filing.case_disclosure')
        .select('progress_public')
        .where('case_id', '=', caseId)
        .executeTakeFirst()
    )?.progress_public;

  /** A case as the filing service leaves it, with its parties and phase clocks. */
  async function makeCase(
    key: string,
    row: Record<string, unknown>,
    clocks: Record<string, unknown>[] = [],
  ): Promise<string> {
    const id = newId();
    await db(t)
      .insertInto('filing.case')
      .values({
        id,
        owner_tenant_id: enterprise,
        case_no: `${PREFIX}${String(Object.keys(ids).length + 1).padStart(4, '0')}`,
        title: `${key}收购案`,
        procedure: 'NORMAL',
        transaction_mode: 'EQUITY_ACQUISITION',
        industries: ['C2720'],
        ...row,
      } as never)
      .execute();
    await db(t)
      .insertInto('filing.party')
      .values([
        {
          id: newId(),
          case_id: id,
          contributed_by_tenant_id: enterprise,
          role: 'ACQUIRER',
          name_zh: `${key}集团有限公司`,
          sn: 1,
        },
        {
          id: newId(),
          case_id: id,
          contributed_by_tenant_id: enterprise,
          role: 'TARGET',
          name_zh: `${key}目标有限公司`,
          sn: 2,
        },
      ] as never)
      .execute();
    for (const clock of clocks)
      await db(t)
        .insertInto('filing.clock')
        .values({
          id: newId(),
          case_id: id,
          length_days: 30,
          nominal_due_on: clock.due_on,
          ...clock,
        } as never)
        .execute();
    ids[key] = id;
    return id;
  }
  const caseNoOf = async (key: string) =>
    (
      await db(t)
        .selectFrom('filing.case')
        .select('case_no')
        .where('id', '=', ids[key])
        .executeTakeFirstOrThrow()
    ).case_no!;

  /** A member of the authority holding one role that grants the merger menu resource with this alias. */
  async function holderOf(alias: string, account: string, systemId: string): Promise<string> {
    const resource = await db(t)
      .selectFrom('platform.resource')
      .select('id')
      .where('system_id', '=', systemId)
      .where('alias', '=', alias)
      .executeTakeFirstOrThrow();
    const member = await makeAccount(t, { account, tenantId: authority });
    const schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', authority)
        .executeTakeFirstOrThrow()
    ).schema_name;
    await grantRole(t, schema, {
      systemId,
      name: alias,
      alias: `r_${alias}`,
      resourceIds: [resource.id],
      accountIds: [member.id],
    });
    return (await issueSession(db(t), member.id, 600, { tenantId: authority, systemId })).access_token;
  }

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 }, { filingWorkers: false });
    authority = await makeTenant(t, `revauth_${kind}`);
    await db(t)
      .updateTable('platform.tenant')
      .set({ kind: 'authority' })
      .where('id', '=', authority)
      .execute();
    enterprise = await demoTenantId(t);
    const systemId = (
      await db(t)
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
    publisher = await holderOf('reviewWorklist_disclosure', `rev_pub_${kind}`, systemId);
    reviewer = await holderOf('reviewComments', `rev_rev_${kind}`, systemId);
    const e = await makeAccount(t, { account: `rev_ent_${kind}`, tenantId: enterprise, admin: true });
    enterpriseAdmin = (await loginToken(t, e.account, e.password)).access_token;

    const accepted = addDays(today, -40);
    const phaseIIFrom = addDays(today, -10);
    // A normal case in Phase II (its Phase I clock done), to be disclosed.
    await makeCase('澄江电子', { state: 'PHASE_II', accepted_on: accepted }, [
      {
        kind: 'PHASE_I',
        state: 'DONE',
        started_on: accepted,
        due_on: addDays(accepted, 30),
        ended_on: phaseIIFrom,
      },
      {
        kind: 'PHASE_II',
        state: 'RUNNING',
        started_on: phaseIIFrom,
        due_on: addDays(today, 80),
        length_days: 90,
      },
    ]);
    // An accepted normal case in Phase I the authority has not disclosed.
    await makeCase('青禾食品', { state: 'PHASE_I', accepted_on: addDays(today, -3) }, [
      { kind: 'PHASE_I', state: 'RUNNING', started_on: addDays(today, -3), due_on: addDays(today, 27) },
    ]);
    // A suspended case (its Phase II clock stopped), to be disclosed.
    await makeCase('北辰能源', { state: 'SUSPENDED', suspended_from: 'PHASE_II', accepted_on: accepted }, [
      {
        kind: 'PHASE_II',
        state: 'STOPPED',
        started_on: phaseIIFrom,
        due_on: addDays(today, 70),
        stopped_on: addDays(today, -2),
      },
    ]);
    // A simplified case in Phase I with a live notice, not disclosed.
    await makeCase(
      '鑫淼科技',
      { state: 'PHASE_I', procedure: 'SIMPLIFIED', accepted_on: addDays(today, -2) },
      [{ kind: 'PHASE_I', state: 'RUNNING', started_on: addDays(today, -2), due_on: addDays(today, 28) }],
    );
    ids.notice = newId();
    await db(t)
      .insertInto('filing.publication')
      .values({
        id: ids.notice,
        kind: 'NOTICE',
        case_id: ids['鑫淼科技'],
        procedure: 'SIMPLIFIED',
        title: '鑫淼科技有限公司收购华岳化工有限公司股权案',
        parties: '鑫淼科技有限公司、华岳化工有限公司',
        industries: ['C2611'],
        transaction_mode: 'EQUITY_ACQUISITION',
        notice_state: 'LIVE',
        live_from: addDays(today, -1),
        live_until: addDays(today, 8),
      } as never)
      .execute();
    // A case to be disclosed, then decided.
    await makeCase('南岳矿业', { state: 'PHASE_I', accepted_on: addDays(today, -20) }, [
      { kind: 'PHASE_I', state: 'RUNNING', started_on: addDays(today, -20), due_on: addDays(today, 10) },
    ]);
    // Not under review: withdrawn, only submitted, a draft.
    await makeCase('撤回案', { state: 'WITHDRAWN', accepted_on: addDays(today, -20) });
    await makeCase('待审核', { state: 'SUBMITTED' });
    await makeCase('草稿', { state: 'DRAFT', case_no: null });
  }, 120_000);
  afterAll(async () => t?.close());

  it('lets the publisher make a case’s progress public, audited once per change', async () => {
    const caseId = ids['澄江电子'];
    const shown = await get({ caseId }, publisher);
    expect(shown.body.state).toBe(200);
    expect(shown.body.data).toMatchObject({
      caseId,
      title: '澄江电子收购案',
      state: 'PHASE_II',
      acceptedOn: addDays(today, -40),
      editable: true,
      progressPublic: false,
      changedAt: null,
    });

    const on = await save({ caseId, progressPublic: true }, publisher);
    expect(on.body.state).toBe(200);
    expect(on.body.data).toMatchObject({ caseId, progressPublic: true, editable: true });
    expect(on.body.data.changedAt).toBeTruthy();
    expect(await disclosureOf(caseId)).toBe(true);
    // The same value again records nothing.
    expect((await save({ caseId, progressPublic: true }, publisher)).body.state).toBe(200);
    const trail = await audits(caseId);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actor_tenant_id: authority });
    expect(trail[0].detail).toMatchObject({ progressPublic: true, was: false });

    for (const key of ['北辰能源', '南岳矿业'])
      expect((await save({ caseId: ids[key], progressPublic: true }, publisher)).body.state).toBe(200);
  });

  it('lists a disclosed Phase II case with its acceptance, Phase II start, due date and days remaining', async () => {
    const row = await rowOf(await caseNoOf('澄江电子'));
    expect(row).toEqual({
      caseNo: await caseNoOf('澄江电子'),
      title: '澄江电子收购案',
      parties: ['澄江电子集团有限公司', '澄江电子目标有限公司'],
      procedure: 'NORMAL',
      industries: ['C2720'],
      transactionMode: 'EQUITY_ACQUISITION',
      phase: 'PHASE_II',
      progressPublic: true,
      noticeId: null,
      noticeLiveFrom: null,
      noticeLiveUntil: null,
      noticeState: null,
      acceptedOn: addDays(today, -40),
      phaseIIStartedOn: addDays(today, -10),
      clockStopped: false,
      clockStoppedOn: null,
      dueOn: addDays(today, 80),
      daysRemaining: 80,
    });
    // A suspended case: the clock stop and no due date (it moves when the clock restarts).
    expect(await rowOf(await caseNoOf('北辰能源'))).toMatchObject({
      phase: 'SUSPENDED',
      acceptedOn: addDays(today, -40),
      clockStopped: true,
      clockStoppedOn: addDays(today, -2),
      dueOn: null,
      daysRemaining: null,
    });
  });

  it('never lists an accepted case the authority has not disclosed', async () => {
    expect(await rowOf(await caseNoOf('青禾食品'))).toBeUndefined();
    // Not by its name, nor where a sort by due date could tell it apart.
    const sorted = await post('/publicity/review/query', {
      parameters: [{ key: 'keyword', value: '青禾' }],
      sorts: [{ field: 'dueOn', order: 'ASC' }],
    });
    expect(sorted.body.data.dataResult).toEqual([]);
  });

  it('lists a simplified case with a live notice as the notice shows it, without acceptance or clock data', async () => {
    const row = await rowOf(await caseNoOf('鑫淼科技'));
    expect(row).toEqual({
      caseNo: await caseNoOf('鑫淼科技'),
      title: '鑫淼科技有限公司收购华岳化工有限公司股权案',
      parties: ['鑫淼科技有限公司', '华岳化工有限公司'],
      procedure: 'SIMPLIFIED',
      industries: ['C2611'],
      transactionMode: 'EQUITY_ACQUISITION',
      phase: 'NOTICE',
      progressPublic: false,
      noticeId: ids.notice,
      noticeLiveFrom: addDays(today, -1),
      noticeLiveUntil: addDays(today, 8),
      noticeState: 'LIVE',
      acceptedOn: null,
      phaseIIStartedOn: null,
      clockStopped: null,
      clockStoppedOn: null,
      dueOn: null,
      daysRemaining: null,
    });
  });

  it('filters by keyword (names and case number), phase, industry and transaction mode', async () => {
    const numbers = async (parameters: { key: string; value: unknown }[]) =>
      (await rowsOf(parameters)).map((r) => r.caseNo).sort();
    expect(await numbers([{ key: 'phase', value: 'NOTICE' }])).toEqual([await caseNoOf('鑫淼科技')]);
    expect(await numbers([{ key: 'phase', value: 'PHASE_II' }])).toEqual([await caseNoOf('澄江电子')]);
    expect(await numbers([{ key: 'industry', value: 'C26' }])).toEqual([await caseNoOf('鑫淼科技')]);
    expect(await numbers([{ key: 'transactionMode', value: 'JOINT_VENTURE' }])).toEqual([]);
    const byName = await post('/publicity/review/query', {
      parameters: [{ key: 'keyword', value: '华岳化工' }],
    });
    expect((byName.body.data.dataResult as Row[]).map((r) => r.caseNo)).toEqual([await caseNoOf('鑫淼科技')]);
    const byNumber = await post('/publicity/review/query', {
      parameters: [{ key: 'keyword', value: (await caseNoOf('澄江电子')).toLowerCase() }],
    });
    expect((byNumber.body.data.dataResult as Row[]).map((r) => r.caseNo)).toEqual([
      await caseNoOf('澄江电子'),
    ]);
    expect(byNumber.body.data.pageResult.totalCount).toBe(1);
  });

  it('drops a case from the list once it is decided', async () => {
    const caseNo = await caseNoOf('南岳矿业');
    expect(await rowOf(caseNo)).toMatchObject({ phase: 'PHASE_I', daysRemaining: 10 });
    await db(t)
      .updateTable('filing.case')
      .set({ state: 'CLEARED', decision: 'CLEARED', decided_on: today })
      .where('id', '=', ids['南岳矿业'])
      .execute();
    expect(await rowOf(caseNo)).toBeUndefined();
    // And its choice no longer changes.
    const refused = await save({ caseId: ids['南岳矿业'], progressPublic: false }, publisher);
    expect(refused.body.state).toBe(6010101);
    expect(refused.body.message).toContain('无条件批准');
  });

  it('answers a bad filter with a translated error', async () => {
    const bad = await list([{ key: 'phase', value: 'DECIDED' }]);
    expect(bad.body.state).toBe(6010101);
    expect(bad.body.message).toContain('审查阶段');
    const english = await list([{ key: 'phase', value: 'DECIDED' }], 'en');
    expect(english.body.message).toContain('Phase');
    expect(english.body.message).not.toMatch(/[\u4e00-\u9fff]/);
    expect((await list([{ key: 'industry', value: 'c27;' }])).body.message).toContain('行业代码');
    expect((await list([{ key: 'transactionMode', value: 'BUYOUT' }])).body.state).toBe(6010101);
    expect((await list([{ key: 'state', value: 'LIVE' }])).body.state).toBe(6010101);
    const badSort = await post('/publicity/review/query', { sorts: [{ field: 'acceptedOn', order: 'ASC' }] });
    expect(badSort.body.state).toBe(6010101);
  });

  it('refuses an enterprise’s administrator, a reviewer without the grant and an anonymous caller, changing nothing', async () => {
    const caseId = ids['青禾食品'];
    for (const token of [enterpriseAdmin, reviewer]) {
      const w = await save({ caseId, progressPublic: true }, token);
      expect(w.body.state).toBe(6010104);
      expect(w.body.message).toBeTruthy();
      expect((await get({ caseId }, token)).body.state).toBe(6010104);
    }
    expect((await save({ caseId, progressPublic: true })).body.state).toBe(6020201);
    expect((await get({ caseId })).body.state).toBe(6020201);
    expect(await disclosureOf(caseId)).toBeUndefined();
    expect(await audits(caseId)).toEqual([]);
    expect(await rowOf(await caseNoOf('青禾食品'))).toBeUndefined();
  });

  it('refuses cases not under review and bad input with a translated message, changing nothing', async () => {
    const withdrawn = await save({ caseId: ids['撤回案'], progressPublic: true }, publisher);
    expect(withdrawn.body.state).toBe(6010101);
    expect(withdrawn.body.message).toContain('已撤回');
    expect(
      (await save({ caseId: ids['撤回案'], progressPublic: true }, publisher, 'en')).body.message,
    ).toContain('withdrawn');
    const submitted = await save({ caseId: ids['待审核'], progressPublic: true }, publisher);
    expect(submitted.body.state).toBe(6010101);
    expect(submitted.body.message).toContain('已立案');
    expect((await get({ caseId: ids['待审核'] }, publisher)).body.data).toMatchObject({ editable: false });
    // A draft is its filer's alone; an unknown case is not found either.
    expect((await save({ caseId: ids['草稿'], progressPublic: true }, publisher)).body.state).toBe(404);
    expect((await get({ caseId: ids['草稿'] }, publisher)).body.state).toBe(404);
    expect((await get({ caseId: newId() }, publisher)).body.state).toBe(404);
    const caseId = ids['青禾食品'];
    expect((await save({ caseId, progressPublic: 'yes' }, publisher)).body.state).toBe(6010101);
    expect((await save({ caseId }, publisher)).body.state).toBe(6010101);
    expect((await save({ progressPublic: true }, publisher)).body.state).toBe(6010101);
    expect((await save({ caseId, progressPublic: true, extra: 1 }, publisher)).body.state).toBe(6010101);
    for (const key of ['撤回案', '待审核', '草稿', '青禾食品']) {
      expect(await disclosureOf(ids[key])).toBeUndefined();
      expect(await audits(ids[key])).toEqual([]);
    }
  });

  it('takes a case off the list again when the authority turns its progress private', async () => {
    const caseId = ids['北辰能源'];
    expect((await save({ caseId, progressPublic: false }, publisher)).body.data).toMatchObject({
      progressPublic: false,
    });
    expect(await rowOf(await caseNoOf('北辰能源'))).toBeUndefined();
    expect((await audits(caseId)).map((a) => a.detail)).toEqual([
      { progressPublic: true, was: false },
      { progressPublic: false, was: true },
    ]);
  });
});
