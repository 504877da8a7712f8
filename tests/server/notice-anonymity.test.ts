/**
 * The authority's switch over anonymous comments on a notice (issue 13, publicity.notice.anonymity.get and
 * .save, notice:manage), on both databases: a publisher (a role granting the menu button that carries
 * notice:manage) turns anonymous comments off, after which an anonymous comment is refused with the
 * translated message and writes nothing, while a named one still lands; the change is audited; the notice
 * is found by its case too; an enterprise (whose admin holds every permission of its own tenant), a
 * reviewer without the grant and an anonymous caller are refused and change nothing; bad input is refused
 * with a translated message and changes nothing; a closed notice's setting cannot change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../server/auth/session.ts';
import { newId } from '../../server/auth/tokens.ts';
import { addDays, chinaDate } from '../../server/modules/filing/dates.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import {
  db,
  demoTenantId,
  loginToken,
  makeAccount,
  makeTenant,
  solveCaptcha,
  grantRole,
} from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const today = chinaDate(new Date());

describe.each(dbKindsOf(import.meta.url))('anonymous comments switch on %s', (kind) => {
  let t: TestServer;
  let authority: string;
  let publisher: string; // authority member whose role grants the notice:manage button only
  let reviewer: string; // authority member whose role grants the comment triage page only
  let authorityAdmin: string;
  let enterpriseAdmin: string;
  const ids: Record<string, string> = {};

  let ipSeq = 0;
  const freshIp = () => `198.51.100.${(++ipSeq % 250) + 1}`;
  const post = (path: string, body: unknown, token?: string, lang = 'zh-CN') =>
    call(t, 'POST', path, {
      body,
      token,
      headers: { 'accept-language': lang, 'x-forwarded-for': freshIp() },
    });
  const save = (body: unknown, token?: string, lang?: string) =>
    post('/publicity/notice/anonymity/save', body, token, lang);
  const get = (body: unknown, token?: string) => post('/publicity/notice/anonymity/get', body, token);
  const comment = async (body: Record<string, unknown>, lang = 'zh-CN') =>
    post(
      '/publicity/comment/submit',
      { text: '该交易可能影响下游市场的竞争。', ...(await solveCaptcha(t)), ...body },
      undefined,
      lang,
    );
  const allowOf = async (id: string) =>
    (
      await db(t)
        .selectFrom('filing.publication')
        .select('allow_anonymous')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).allow_anonymous;
  const commentCount = async (id: string) =>
    (await db(t).selectFrom('filing.comment').select('id').where('publication_id', '=', id).execute()).length;
  const audits = async (id: string) =>
    db(t)
      .selectFrom('filing.audit_log')
      .select(['action', 'actor_account_id', 'actor_tenant_id', 'detail'])
      .where('object_id', '=', id)
      .where('action', '=', 'publication.anonymity')
      .orderBy('seq')
      .execute();

  async function pub(row: Record<string, unknown>) {
    const id = newId();
    await db(t)
      .insertInto('filing.publication')
      .values({ id, parties: '', industries: [], kind: 'NOTICE', procedure: 'SIMPLIFIED', ...row } as never)
      .execute();
    return id;
  }

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
    t = await startTestServer(
      kind,
      { rateLimitPerMinute: 10_000, trustProxy: ['127.0.0.1'] },
      { filingWorkers: false },
    );
    authority = await makeTenant(t, `anonauth_${kind}`);
    await db(t)
      .updateTable('platform.tenant')
      .set({ kind: 'authority' })
      .where('id', '=', authority)
      .execute();
    const enterprise = await demoTenantId(t);
    const systemId = (
      await db(t)
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
    publisher = await holderOf('reviewWorklist_noticeAnonymity', `anon_pub_${kind}`, systemId);
    reviewer = await holderOf('reviewComments', `anon_rev_${kind}`, systemId);
    const a = await makeAccount(t, { account: `anon_admin_${kind}`, tenantId: authority, admin: true });
    const e = await makeAccount(t, { account: `anon_ent_${kind}`, tenantId: enterprise, admin: true });
    authorityAdmin = (await loginToken(t, a.account, a.password)).access_token;
    enterpriseAdmin = (await loginToken(t, e.account, e.password)).access_token;

    const caseId = newId();
    await db(t)
      .insertInto('filing.case')
      .values({
        id: caseId,
        owner_tenant_id: enterprise,
        title: '青禾食品收购案',
        state: 'PHASE_I',
        procedure: 'SIMPLIFIED',
      } as never)
      .execute();
    ids.case = caseId;
    const live = { notice_state: 'LIVE', live_from: addDays(today, -2), live_until: addDays(today, 7) };
    ids.live = await pub({ ...live, title: '澄江电子有限公司收购案' });
    ids.ofCase = await pub({ ...live, title: '青禾食品收购案', case_id: caseId });
    ids.closed = await pub({
      notice_state: 'CLOSED',
      live_from: '2023-03-01',
      live_until: '2023-03-14',
      title: '已结束的公示',
    });
    ids.hidden = await pub({ ...live, title: '已隐藏的公示', hidden_at: new Date() });
  }, 120_000);
  afterAll(async () => t?.close());

  it('lets the publisher turn anonymous comments off: an anonymous comment is then refused and stored nowhere', async () => {
    // Open by default: an anonymous comment lands.
    expect((await comment({ noticeId: ids.live, anonymous: true })).body.state).toBe(200);
    expect(await commentCount(ids.live)).toBe(1);

    const shown = await get({ noticeId: ids.live }, publisher);
    expect(shown.body.state).toBe(200);
    expect(shown.body.data).toMatchObject({
      id: ids.live,
      title: '澄江电子有限公司收购案',
      state: 'LIVE',
      live: true,
      liveUntil: addDays(today, 7),
      allowAnonymous: true,
    });

    const off = await save({ noticeId: ids.live, allowAnonymous: false }, publisher);
    expect(off.body.state).toBe(200);
    expect(off.body.data).toMatchObject({ id: ids.live, allowAnonymous: false, live: true });
    expect(await allowOf(ids.live)).toBe(false);
    // The public page says so, so its form offers no anonymous choice.
    expect((await post('/publicity/notice/get', { id: ids.live })).body.data.allowAnonymous).toBe(false);

    const refused = await comment({ noticeId: ids.live, anonymous: true });
    expect(refused.body.state).toBe(6010101);
    expect(refused.body.message).toContain('不接受匿名');
    const english = await comment({ noticeId: ids.live, anonymous: true }, 'en');
    expect(english.body.state).toBe(6010101);
    expect(english.body.message).not.toMatch(/[\u4e00-\u9fff]/);
    expect(english.body.message.toLowerCase()).toContain('anonymous');
    expect(await commentCount(ids.live)).toBe(1);

    // A named comment still lands.
    const named = await comment({ noticeId: ids.live, name: '赵六', contact: 'zhao@example.cn' });
    expect(named.body.state).toBe(200);
    expect(await commentCount(ids.live)).toBe(2);

    // Audited once per change, with who did it; saving the same value again records nothing.
    expect((await save({ noticeId: ids.live, allowAnonymous: false }, publisher)).body.state).toBe(200);
    const trail = await audits(ids.live);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actor_tenant_id: authority });
    expect(trail[0].detail).toMatchObject({ allowAnonymous: false, was: true });

    // And on again: anonymous comments land again.
    expect((await save({ noticeId: ids.live, allowAnonymous: true }, publisher)).body.state).toBe(200);
    expect((await comment({ noticeId: ids.live, anonymous: true })).body.state).toBe(200);
    expect(await commentCount(ids.live)).toBe(3);
    expect(await audits(ids.live)).toHaveLength(2);
  });

  it('finds a case’s notice for the review case screen', async () => {
    const r = await get({ caseId: ids.case }, publisher);
    expect(r.body.state).toBe(200);
    expect(r.body.data).toMatchObject({ id: ids.ofCase, caseId: ids.case, state: 'LIVE' });
    expect((await get({ caseId: newId() }, publisher)).body.state).toBe(404);
  });

  it('shows the setting and whether the notice is live on the comment triage list', async () => {
    const r = await post('/filing/comment/list', { size: 100 }, authorityAdmin);
    expect(r.body.state).toBe(200);
    const row = (r.body.data.rows as Record<string, unknown>[]).find((x) => x.publicationId === ids.live);
    expect(row).toMatchObject({ noticeAllowAnonymous: true, noticeLive: true });
  });

  it('refuses an enterprise, a reviewer without the grant and an anonymous caller, changing nothing', async () => {
    await save({ noticeId: ids.ofCase, allowAnonymous: true }, publisher);
    const before = await audits(ids.ofCase);
    for (const token of [enterpriseAdmin, reviewer]) {
      const w = await save({ noticeId: ids.ofCase, allowAnonymous: false }, token);
      expect(w.body.state).toBe(6010104);
      expect(w.body.message).toBeTruthy();
      expect((await get({ noticeId: ids.ofCase }, token)).body.state).toBe(6010104);
    }
    expect((await save({ noticeId: ids.ofCase, allowAnonymous: false })).body.state).toBe(6020201);
    expect((await get({ noticeId: ids.ofCase })).body.state).toBe(6020201);
    expect(await allowOf(ids.ofCase)).toBe(true);
    expect(await audits(ids.ofCase)).toEqual(before);
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    const bad = async (body: unknown, lang = 'zh-CN') => (await save(body, publisher, lang)).body;
    expect((await bad({ noticeId: ids.ofCase, allowAnonymous: 'no' })).state).toBe(6010101);
    expect((await bad({ noticeId: ids.ofCase })).state).toBe(6010101);
    expect((await bad({ allowAnonymous: false })).state).toBe(6010101);
    expect((await bad({ noticeId: ids.ofCase, allowAnonymous: false, extra: 1 })).state).toBe(6010101);
    expect((await bad({ noticeId: newId(), allowAnonymous: false })).state).toBe(404);
    // A hidden notice (a withdrawn case's) is not found.
    expect((await bad({ noticeId: ids.hidden, allowAnonymous: false })).state).toBe(404);
    // A closed notice takes no comments: its setting no longer changes.
    const closed = await bad({ noticeId: ids.closed, allowAnonymous: false });
    expect(closed.state).toBe(6010101);
    expect(closed.message).toContain('已结束');
    expect((await bad({ noticeId: ids.closed, allowAnonymous: false }, 'en')).message).toContain('closed');
    // Either the notice or its case, not both, not neither.
    const both = await get({ noticeId: ids.live, caseId: ids.case }, publisher);
    expect(both.body.state).toBe(6010101);
    expect(both.body.message).toContain('二者选一');
    expect((await get({}, publisher)).body.state).toBe(6010101);
    expect(await allowOf(ids.ofCase)).toBe(true);
    expect(await allowOf(ids.closed)).toBe(true);
    expect(await allowOf(ids.hidden)).toBe(true);
    expect(await audits(ids.closed)).toEqual([]);
  });
});
