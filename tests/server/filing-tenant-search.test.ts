/**
 * Co-parties invited by name or 统一社会信用代码 (filing.member.tenantSearch, issue 24): the search
 * finds approved, enabled enterprises by a fragment of the name or the start of the code, never an
 * authority, a tenant awaiting approval, a refused or disabled one, or the caller's own; at most 20; a
 * keyword under 2 characters and a caller without filing:invite are refused, translated; the invite then
 * takes the chosen tenant's id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { withCheckCharacter } from '../../server/modules/filing/uscc.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { db, loginToken, makeAccount, makeTenant } from './auth-support.ts';

describe('co-party tenant search', () => {
  let t: TestServer;
  let filer: string; // admin of an enterprise: holds filing:invite
  let member: string; // member of the same enterprise without a role
  let own: string;
  const ids: Record<string, string> = {};
  const uscc = (serial: string) => withCheckCharacter(`91110108${serial}`);

  /** A tenant row only (no space): the search reads platform.tenant alone. */
  async function tenant(
    name: string,
    values: { kind?: string; approve_status?: string; status?: string; credit_code?: string | null } = {},
  ) {
    const id = newId();
    const code = `ts${id.replace(/-/g, '').slice(0, 10)}`;
    await db(t)
      .insertInto('platform.tenant')
      .values({ id, code, name, schema_name: `t_${code}`, approve_status: 'PASSED', ...values } as never)
      .execute();
    return id;
  }

  const search = async (keyword: string, token = filer, lang = 'zh-CN') =>
    call(t, 'GET', `/filing/member/tenantSearch?keyword=${encodeURIComponent(keyword)}`, {
      token,
      headers: { 'accept-language': lang },
    });
  const names = (r: Awaited<ReturnType<typeof search>>) =>
    (r.body.data as { name: string }[]).map((x) => x.name);

  beforeAll(async () => {
    t = await startTestServer('pglite', {}, { filingWorkers: false });
    own = await makeTenant(t, 'tsown');
    await db(t)
      .updateTable('platform.tenant')
      .set({ name: '星辰自有科技有限公司', credit_code: uscc('MA00000001') } as never)
      .where('id', '=', own)
      .execute();
    const a = await makeAccount(t, { account: 'ts_filer', tenantId: own, admin: true });
    const m = await makeAccount(t, { account: 'ts_member', tenantId: own });
    filer = (await loginToken(t, a.account, a.password)).access_token;
    member = (await loginToken(t, m.account, m.password)).access_token;

    ids.materials = await tenant('星辰新材料有限公司', { credit_code: uscc('MA01ABCD01') });
    ids.chemicals = await tenant('星辰化工股份有限公司', { credit_code: uscc('MA02ABCD02') });
    // Never listed: an authority, a tenant awaiting approval, a refused one, a disabled one.
    ids.authority = await tenant('星辰市场监督管理局', {
      kind: 'authority',
      credit_code: uscc('MA03ABCD03'),
    });
    ids.waiting = await tenant('星辰待审核有限公司', {
      approve_status: 'WAIT',
      credit_code: uscc('MA04ABCD04'),
    });
    ids.refused = await tenant('星辰已拒绝有限公司', { approve_status: 'REFUSED' });
    ids.disabled = await tenant('星辰已停用有限公司', { status: 'DISABLED' });
    ids.lawFirm = await tenant('星辰律师事务所', { kind: 'law_firm' });
    for (let i = 0; i < 23; i += 1) await tenant(`繁星${String(i).padStart(2, '0')}贸易有限公司`);
  }, 120_000);
  afterAll(async () => t?.close());

  it('finds approved enterprises by a fragment of the name, whole 统一社会信用代码 shown', async () => {
    const r = await search('星辰');
    expect(r.body.state).toBe(200);
    // Ordered by name; never the caller's own tenant, an authority or an unapproved tenant.
    expect(r.body.data).toEqual(
      [
        { id: ids.chemicals, name: '星辰化工股份有限公司', creditCode: uscc('MA02ABCD02') },
        { id: ids.materials, name: '星辰新材料有限公司', creditCode: uscc('MA01ABCD01') },
      ].sort((x, y) => (x.name < y.name ? -1 : 1)),
    );
    expect(names(await search('新材料'))).toEqual(['星辰新材料有限公司']);
  });

  it('finds an enterprise by the start of its code, in either case, and only by the start', async () => {
    const code = uscc('MA01ABCD01');
    expect(names(await search(code.slice(0, 12)))).toEqual(['星辰新材料有限公司']);
    expect(names(await search(code.slice(0, 12).toLowerCase()))).toEqual(['星辰新材料有限公司']);
    expect(names(await search(code))).toEqual(['星辰新材料有限公司']);
    expect(names(await search('ABCD01'))).toEqual([]);
    // An authority's or a waiting tenant's code finds nothing; neither does the caller's own.
    expect(names(await search(uscc('MA03ABCD03')))).toEqual([]);
    expect(names(await search(uscc('MA04ABCD04')))).toEqual([]);
    expect(names(await search(uscc('MA00000001')))).toEqual([]);
  });

  it('answers at most 20 and takes LIKE wildcards literally', async () => {
    const many = names(await search('繁星'));
    expect(many).toHaveLength(20);
    expect(many[0]).toBe('繁星00贸易有限公司');
    expect(names(await search('%%'))).toEqual([]);
    expect(names(await search('__'))).toEqual([]);
  });

  it('refuses a keyword under 2 characters, translated', async () => {
    const short = await search('星');
    expect(short.body.state).toBe(6010101);
    expect(short.body.message).toBe('单位名称或统一社会信用代码至少需要 2 个字符');
    const blank = await search('   ');
    expect(blank.body.state).toBe(6010101);
    expect(blank.body.message).toMatch(/单位名称或统一社会信用代码/);
    const en = await search('x', filer, 'en');
    expect(en.body.message).toMatch(/at least 2 characters/);
    const missing = await call(t, 'GET', '/filing/member/tenantSearch', { token: filer });
    expect(missing.body.state).not.toBe(200);
  });

  it('refuses a caller without filing:invite and an anonymous one', async () => {
    const r = await search('星辰', member);
    expect(r.body.state).toBe(6010104);
    expect(r.body.data ?? null).toBeNull();
    const anonymous = await call(t, 'GET', '/filing/member/tenantSearch?keyword=%E6%98%9F%E8%BE%B0');
    expect(anonymous.body.state).not.toBe(200);
    expect(anonymous.body.data ?? null).toBeNull();
  });

  it('invites the tenant the search chose', async () => {
    const created = await call(t, 'POST', '/filing/case/create', {
      token: filer,
      body: { title: '星辰自有科技收购案', procedure: 'NORMAL' },
    });
    expect(created.body.state).toBe(200);
    const caseId = created.body.data.id as string;
    const [chosen] = (await search('新材料')).body.data as { id: string }[];
    const invited = await call(
      t,
      'POST',
      `/filing/member/invite?caseId=${caseId}&coPartyTenantId=${encodeURIComponent(chosen.id)}`,
      { token: filer },
    );
    expect(invited.body.state, invited.body.message).toBe(200);
    const members = await db(t)
      .selectFrom('filing.membership')
      .select(['tenant_id', 'role'])
      .where('case_id', '=', caseId)
      .where('role', '=', 'CO_PARTY')
      .execute();
    expect(members).toEqual([{ tenant_id: ids.materials, role: 'CO_PARTY' }]);
    // Tenants the search never lists are refused by id too, translated, and nothing is added.
    const invite = (id: string) =>
      call(t, 'POST', `/filing/member/invite?caseId=${caseId}&coPartyTenantId=${id}`, { token: filer });
    expect((await invite(ids.waiting)).body.state).toBe(404);
    const authority = await invite(ids.authority);
    expect(authority.body.state).toBe(6010101);
    expect(authority.body.message).toMatch(/[\u4e00-\u9fff]/);
    const after = await db(t)
      .selectFrom('filing.membership')
      .select('id')
      .where('case_id', '=', caseId)
      .execute();
    expect(after).toHaveLength(2); // the owner and the one co-party
  });
});
