/**
 * Employees over the real app on both databases: create, update and load with positions, roles, groups
 * and attributes in one transaction; account, password and admin-switch rules; status changes ending
 * sessions and memberships; removal; own/other role sources; member lists; tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { createTenantSpace } from '../../server/modules/spaces.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { newId } from '../../server/auth/tokens.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';
import { attachmentRow } from './auth-support.ts';

const PASSWORD = 'Lime#2026river';

describe.each(dbKindsOf(import.meta.url))('people: employees on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  const db = () => t.server.database.db;
  const schema = tenantSchemaName('demo');
  const space = () => db().withSchema(schema);

  const post = (path: string, body: unknown, token = admin) => call(t, 'POST', path, { token, body });
  const postQ = (path: string, token = admin) => call(t, 'POST', path, { token });
  const get = (path: string, token = admin) => call(t, 'GET', path, { token });
  /** Signs in; the password an admin gave counts as the person's own here (these tests are not about it). */
  const login = async (username: string, password = PASSWORD) => {
    await db()
      .updateTable('platform.account')
      .set({ must_change_password: false })
      .where('account', '=', username)
      .execute();
    const r = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username, password },
    });
    return r.body;
  };
  const idOf = async (
    table: 'org' | 'position' | 'role' | 'user_group',
    column: 'code' | 'alias',
    value: string,
  ) =>
    (
      await space()
        .selectFrom(table as 'org')
        .select('id')
        .where(column as 'code', '=', value)
        .executeTakeFirstOrThrow()
    ).id;
  const attrId = async (key: string) =>
    (await space().selectFrom('attr_def').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

  let seq = 0;
  const person = (over: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      account: `staff${seq}x`,
      password: PASSWORD,
      name: `测试员工${seq}`,
      status: 'actived',
      gender: 'female',
      email: `staff${seq}@demo.example.cn`,
      ...over,
    };
  };

  beforeAll(async () => {
    t = await startTestServer(kind);
    admin = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  it('creates an employee with positions, roles, groups and attributes, and loads them back', async () => {
    const review1 = await idOf('org', 'code', 'review1');
    const head = await idOf('position', 'code', 'review1Head');
    const officer = await idOf('position', 'code', 'review1Officer');
    const legalCounsel = await idOf('role', 'alias', 'legalCounsel');
    const experts = await idOf('user_group', 'alias', 'reviewExperts');
    const po = person({ mobile: '13600000001', orgItem: { id: review1, name: '审查一处', code: 'review1' } });
    const created = await post('/employee/create', {
      partyEmployeePo: po,
      positionVoList: [
        { id: officer, isMainPost: false, isPrincipal: false },
        { id: head, isMainPost: true, isPrincipal: true },
      ],
      roleVoList: [{ id: legalCounsel, source: 'own' }],
      userGroupPoList: [{ groupId: experts }],
      attrValueVoList: [
        { attrId: await attrId('joinYear'), value: '2020' },
        { attrId: await attrId('performance'), value: 1.25 },
        { attrId: await attrId('expertise'), value: '反垄断,并购' },
      ],
    });
    expect(created.body.state).toBe(200);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({
      account: po.account,
      name: po.name,
      isSuper: 'N',
      groupID: review1,
    });
    expect(created.body.data.orgPath).toBe('集团总部/审查一处');

    const loaded = await get(`/employee/load?employeeId=${id}`);
    expect(loaded.body.state).toBe(200);
    const d = loaded.body.data;
    expect(d.data).toMatchObject({ id, account: po.account, mobile: '13600000001', status: 'actived' });
    expect(d.partyOrg.map((o: { id: string }) => o.id)).toEqual([review1]);
    expect(d.partyPositions).toEqual([
      expect.objectContaining({ id: head, isMainPost: true, isPrincipal: true, parentId: review1 }),
      expect.objectContaining({ id: officer, isMainPost: false, isPrincipal: false }),
    ]);
    const roles = Object.fromEntries(d.partyRoles.map((r: { alias: string }) => [r.alias, r]));
    expect(roles.legalCounsel).toMatchObject({ source: 'own', canDelete: true, type: 'role' });
    // review1 (organisation) carries caseReviewer: inherited, not deletable.
    expect(roles.caseReviewer).toMatchObject({ source: 'other', canDelete: false });
    expect(d.partyGroups).toEqual([
      { groupId: experts, groupName: '审查专家组', groupAlias: 'reviewExperts' },
    ]);
    const attrs = Object.fromEntries(
      d.partyAttrs.map((a: { key: string; values: unknown }) => [a.key, a.values]),
    );
    expect(attrs.joinYear).toEqual([{ value: '2020' }]);
    expect(attrs.performance).toEqual([{ value: '1.25' }]);
    expect(attrs.expertise).toEqual([{ value: '反垄断' }, { value: '并购' }]);
    expect(attrs.employeeNo).toEqual([]);

    // The account exists, must change the admin-chosen password, and is a member of the tenant.
    const account = await db()
      .selectFrom('platform.account')
      .selectAll()
      .where('account', '=', po.account)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ fullname: po.name, must_change_password: true, is_super: false });
    const got = await get(`/employee/get?employeeId=${id}`);
    expect(got.body.data).toMatchObject({ userId: account.id, mobile: '13600000001', isTenantAdmin: 'N' });
    const signedIn = await login(po.account);
    expect(signedIn.state).toBe(200);
    const ctx = await get('/user/context', signedIn.data.access_token);
    expect(ctx.body.data.tenantId).toBeTruthy();
    expect(ctx.body.data.isTenantAdmin).toBe(false);
  });

  it("takes as photo only a picture the saver uploaded, or the one already set: never a colleague's file", async () => {
    const adminId = (
      await db()
        .selectFrom('platform.account')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const picture = (ownerId: string | null) =>
      attachmentRow(t, schema, { id: `photo_${++seq}`, ownerId, name: 'photo.png' });
    const colleagues = await picture('someone-else');
    const po = person({ photo: colleagues });
    const refused = await post('/employee/create', { partyEmployeePo: po });
    expect(refused.body.state).toBe(6010101);
    expect(refused.body.message).toContain('本人上传');
    expect(
      await space().selectFrom('employee').select('id').where('account', '=', po.account).executeTakeFirst(),
    ).toBeUndefined();
    const own = await picture(adminId);
    const created = await post('/employee/create', { partyEmployeePo: { ...po, photo: own } });
    expect(created.body.state, created.body.message).toBe(200);
    // Saved again with the photo it has: kept, whoever uploaded it.
    const id = created.body.data.id;
    const again = await post('/employee/update', {
      partyEmployeePo: { ...po, id, photo: own, name: '再存一次' },
    });
    expect(again.body.state, again.body.message).toBe(200);
    expect(
      (await post('/employee/update', { partyEmployeePo: { ...po, id, photo: colleagues } })).body.state,
    ).toBe(6010101);
  });

  it('updates an employee: replaces the lists it carries, keeps the others, one main post', async () => {
    const legal = await idOf('org', 'code', 'legal');
    const [p1, p2, p3] = await Promise.all(
      ['legalHead', 'legalOfficer', 'officeClerk'].map((c) => idOf('position', 'code', c)),
    );
    const po = person();
    const created = await post('/employee/create', {
      partyEmployeePo: po,
      positionVoList: [{ id: p1 }, { id: p2 }],
      userGroupPoList: [{ groupId: await idOf('user_group', 'alias', 'emergencyTeam') }],
    });
    const id = created.body.data.id;
    const posts = async () =>
      (await get(`/employee/load?employeeId=${id}`)).body.data.partyPositions.map(
        (p: { id: string; isMainPost: boolean }) => [p.id, p.isMainPost],
      );
    // No main post chosen: the first one becomes it.
    expect(await posts()).toEqual([
      [p1, true],
      [p2, false],
    ]);
    // Choosing another main post clears the others.
    const u = await post('/employee/update', {
      partyEmployeePo: { ...po, id, name: '改名后的员工', groupID: legal },
      positionVoList: [
        { id: p1, isMainPost: false },
        { id: p3, isMainPost: true, isPrincipal: true },
      ],
    });
    expect(u.body.state).toBe(200);
    expect(u.body.data).toMatchObject({
      name: '改名后的员工',
      groupID: legal,
      orgPath: '集团总部/法务合规部',
    });
    expect(await posts()).toEqual([
      [p3, true],
      [p1, false],
    ]);
    const loaded = (await get(`/employee/load?employeeId=${id}`)).body.data;
    expect(loaded.partyGroups).toHaveLength(1); // not in the payload: kept
    const account = await db()
      .selectFrom('platform.account')
      .select('fullname')
      .where('account', '=', po.account)
      .executeTakeFirstOrThrow();
    expect(account.fullname).toBe('改名后的员工');

    // Two main posts: refused, translated, nothing written.
    const two = await call(t, 'POST', '/employee/update?lang=en', {
      token: admin,
      body: {
        partyEmployeePo: { ...po, id, name: 'Should not be saved' },
        positionVoList: [
          { id: p1, isMainPost: true },
          { id: p2, isMainPost: true },
        ],
      },
    });
    expect(two.body.state).toBe(6010101);
    expect(two.body.message).toBe('Only one position can be the main post');
    // A bad INT attribute value: refused with the attribute's name, nothing written.
    const bad = await post('/employee/update', {
      partyEmployeePo: { ...po, id, name: 'Should not be saved' },
      attrValueVoList: [{ attrId: await attrId('joinYear'), value: '二〇二〇' }],
    });
    expect(bad.body.state).toBe(6010101);
    expect(bad.body.message).toBe('“入职年份”必须是整数');
    const badDouble = await post('/employee/update', {
      partyEmployeePo: { ...po, id, name: 'Should not be saved' },
      attrValueVoList: [{ attrId: await attrId('performance'), value: 'abc' }],
    });
    expect(badDouble.body.message).toBe('“绩效系数”必须是数字');
    expect((await get(`/employee/get?employeeId=${id}`)).body.data.name).toBe('改名后的员工');
    // The account cannot be renamed.
    const rename = await post('/employee/update', { partyEmployeePo: { ...po, id, account: 'otherName' } });
    expect(rename.body.message).toBe('账号保存后不能修改');
  });

  it('refuses a duplicate account (also in another case) and a password against the policy', async () => {
    const po = person();
    expect((await post('/employee/create', { partyEmployeePo: po })).body.state).toBe(200);
    const again = await post('/employee/create', {
      partyEmployeePo: { ...po, email: 'other@demo.example.cn' },
    });
    expect(again.status).toBe(400);
    // One answer whether the name is taken here or in another tenant (it could tell which accounts exist).
    expect(again.body).toMatchObject({ state: 6010101, message: '账号或手机号已被使用，请更换' });
    const upper = await call(t, 'POST', '/employee/create?lang=en', {
      token: admin,
      body: { partyEmployeePo: person({ account: 'ADMIN' }) },
    });
    expect(upper.body.message).toBe('The account name or mobile is already in use; please choose another');

    const weak = person({ password: 'abc' });
    const r = await post('/employee/create', { partyEmployeePo: weak });
    expect(r.body.state).toBe(6010101);
    expect(r.body.message).toContain('密码长度不能少于8位');
    expect(r.body.cause).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'partyEmployeePo.password' })]),
    );
    const noDigit = await post('/employee/create', { partyEmployeePo: person({ password: 'onlyletters' }) });
    expect(noDigit.body.message).toContain('密码必须包含数字');
    // Nothing was written for the refused ones.
    expect((await get(`/user/getByAccount?account=${weak.account}`)).body.state).toBe(404);
    expect(
      await db()
        .selectFrom('platform.account')
        .select('id')
        .where('account', '=', weak.account)
        .executeTakeFirst(),
    ).toBeUndefined();
    // A new employee needs a password; the schema's own rules answer in the request's language.
    const none = await post('/employee/create', { partyEmployeePo: { ...person(), password: undefined } });
    expect(none.body.state).toBe(6010101);
    const email = await post('/employee/create', { partyEmployeePo: person({ email: '.bad@x.cn' }) });
    expect(email.body.message).toContain('请输入正确的邮箱地址');
  });

  it('lets only admins change the admin switches', async () => {
    // A tenant admin (not the super user).
    const boss = person();
    const b = await post('/employee/create', { partyEmployeePo: { ...boss, isTenantAdmin: 'Y' } });
    expect(b.body.data.isTenantAdmin).toBe('Y');
    const bossToken = (await login(boss.account)).data.access_token;
    const ctx = await get('/user/context', bossToken);
    expect(ctx.body.data.isTenantAdmin).toBe(true);
    // A plain member.
    const plain = person();
    const p = await post('/employee/create', { partyEmployeePo: plain });
    const plainToken = (await login(plain.account)).data.access_token;

    const target = { ...plain, id: p.body.data.id, password: undefined };
    const bySuperSwitch = await post(
      '/employee/update',
      { partyEmployeePo: { ...target, isSuper: 'Y' } },
      bossToken,
    );
    expect(bySuperSwitch.body).toMatchObject({ state: 6010104, message: '只有管理员可以修改管理员开关' });
    const createSuper = await post(
      '/employee/create',
      { partyEmployeePo: person({ isSuper: 'Y' }) },
      bossToken,
    );
    expect(createSuper.body.state).toBe(6010104);
    // The tenant admin may edit people and grant the tenant-admin flag.
    const ok = await post(
      '/employee/update',
      { partyEmployeePo: { ...target, name: '由部门管理员修改', isTenantAdmin: 'Y' } },
      bossToken,
    );
    expect(ok.body.state).toBe(200);
    expect(ok.body.data.isTenantAdmin).toBe('Y');
    // …but not the super user's own record.
    const adminEmp = (await get('/user/getByAccount?account=admin')).body.data;
    const touchAdmin = await post(
      '/employee/update',
      { partyEmployeePo: { ...adminEmp, name: 'x' } },
      bossToken,
    );
    expect(touchAdmin.body.state).toBe(6010104);
    // A plain member may not save employees at all.
    const byMember = await post(
      '/employee/update',
      { partyEmployeePo: { ...target, isSuper: 'Y' } },
      plainToken,
    );
    expect(byMember.body.state).toBe(6010104);
    // Nobody locks themselves out.
    const self = await post(
      '/employee/update',
      { partyEmployeePo: { ...boss, id: b.body.data.id, password: undefined, isTenantAdmin: 'N' } },
      bossToken,
    );
    expect(self.body.message).toBe('不能禁用自己，也不能取消自己的管理员权限');
    expect((await postQ(`/employee/disable?ids=${b.body.data.id}`, bossToken)).body.state).toBe(6010101);
    // The super user may make a super user.
    const bySuper = await post('/employee/update', { partyEmployeePo: { ...target, isSuper: 'Y' } });
    expect(bySuper.body.data.isSuper).toBe('Y');
  });

  it('disable ends the sessions and the membership; active brings the membership back', async () => {
    const po = person();
    const id = (await post('/employee/create', { partyEmployeePo: po })).body.data.id;
    const session = (await login(po.account)).data;
    expect((await get('/user/context', session.access_token)).body.state).toBe(200);

    expect((await postQ(`/employee/disable?ids=${id}`)).body.state).toBe(200);
    expect((await get(`/employee/get?employeeId=${id}`)).body.data.status).toBe('disabled');
    expect((await get('/user/context', session.access_token)).body.state).toBe(6020201);
    const refreshed = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'refresh_token', refresh_token: session.refresh_token },
    });
    expect(refreshed.body.state).not.toBe(200);
    // Signing in again gives no way into the tenant.
    const again = (await login(po.account)).data.access_token;
    expect((await get('/user/context', again)).body.data.tenantId).toBeNull();
    expect((await post('/employee/query', {}, again)).body.state).toBe(6010105);

    expect((await postQ(`/employee/active?ids=${id}`)).body.state).toBe(200);
    const back = (await login(po.account)).data.access_token;
    expect((await get('/user/context', back)).body.data.tenantId).toBeTruthy();
    expect((await post('/employee/query', {}, back)).body.state).toBe(200);
  });

  it('removes employees with their account, which ends their sessions and frees the name', async () => {
    const po = person();
    const id = (
      await post('/employee/create', {
        partyEmployeePo: po,
        roleVoList: [{ id: await idOf('role', 'alias', 'officeStaff') }],
      })
    ).body.data.id;
    const token = (await login(po.account)).data.access_token;
    expect((await postQ(`/employee/remove?ids=${id}`)).body.state).toBe(200);
    expect((await get(`/employee/get?employeeId=${id}`)).body.state).toBe(404);
    expect((await get('/user/context', token)).body.state).toBe(6020201);
    expect((await login(po.account)).state).toBe(6020101);
    expect(
      await space().selectFrom('role_grant').select('role_id').where('party_id', '=', id).execute(),
    ).toEqual([]);
    expect((await post('/employee/create', { partyEmployeePo: po })).body.state).toBe(200);
    // Removing oneself is refused; an unknown id is not found.
    const me = (await get('/user/getByAccount?account=admin')).body.data.id;
    expect((await postQ(`/employee/remove?ids=${me}`)).body.message).toBe('不能删除自己');
    expect((await postQ(`/employee/remove?ids=${newId()}`)).body.state).toBe(404);
  });

  it("keeps inherited roles ('other') and deletes only own ones", async () => {
    const reviewer = await idOf('role', 'alias', 'caseReviewer');
    const counsel = await idOf('role', 'alias', 'legalCounsel');
    const review2 = await idOf('org', 'code', 'review2');
    const po = person({ groupID: review2 });
    const id = (await post('/employee/create', { partyEmployeePo: po, roleVoList: [{ id: counsel }] })).body
      .data.id;
    // Inherited from review2: cannot be taken away through the role's members.
    const refused = await postQ(`/role/removeUser?roleId=${reviewer}&userIds=${id}`);
    expect(refused.body.state).toBe(6010101);
    expect(refused.body.message).toContain('继承自组织或岗位');
    // Granted directly as well: own,other; removing the own grant leaves the inherited one.
    expect((await postQ(`/role/addUser?roleId=${reviewer}&userIds=${id}`)).body.state).toBe(200);
    let roles = (await get(`/employee/load?employeeId=${id}`)).body.data.partyRoles;
    expect(roles.find((r: { id: string }) => r.id === reviewer)).toMatchObject({
      source: 'own,other',
      canDelete: true,
    });
    expect((await postQ(`/role/removeUser?roleId=${reviewer}&userIds=${id}`)).body.state).toBe(200);
    roles = (await get(`/employee/load?employeeId=${id}`)).body.data.partyRoles;
    expect(roles.find((r: { id: string }) => r.id === reviewer)).toMatchObject({
      source: 'other',
      canDelete: false,
    });
    // Saving the dialog's list: 'other' entries are not grants; leaving out an own one deletes it.
    const saved = await post('/employee/update', {
      partyEmployeePo: { ...po, id, password: undefined },
      roleVoList: roles.filter((r: { id: string }) => r.id !== counsel),
    });
    expect(saved.body.state).toBe(200);
    roles = (await get(`/employee/load?employeeId=${id}`)).body.data.partyRoles;
    expect(roles.map((r: { id: string; source: string }) => [r.id, r.source])).toEqual([[reviewer, 'other']]);
    // The role's member list tells the source.
    const holders = await post('/employee/queryByRoleId', {
      parameters: [
        { key: 'ROLE_ID', value: reviewer },
        { key: 'account', value: po.account },
      ],
    });
    expect(holders.body.data.dataResult).toEqual([expect.objectContaining({ id, source: 'other' })]);
  });

  it('pages and sorts the relation lists', async () => {
    const hq = await idOf('org', 'code', 'hq');
    const legal = await idOf('org', 'code', 'legal');
    const all = await post('/employee/queryWithOrg', {
      parameters: [{ key: 'ORG_ID', value: hq }],
      requestPage: { pageNo: 1, limit: 10 },
    });
    expect(all.body.data.pageResult.totalCount).toBeGreaterThanOrEqual(51); // hq and everything below it
    expect(all.body.data.dataResult).toHaveLength(10);

    const members = async (pageNo: number) =>
      post('/employee/queryOrgUser', {
        parameters: [{ key: 'ORG_ID', value: legal }],
        requestPage: { pageNo, limit: 5 },
        sorts: [{ field: 'account', order: 'DESC' }],
      });
    const p1 = await members(1);
    const p2 = await members(2);
    expect(p1.body.data.pageResult.page).toBe(1);
    const accounts = [...p1.body.data.dataResult, ...p2.body.data.dataResult].map(
      (e: { account: string }) => e.account,
    );
    expect(accounts).toHaveLength(10);
    expect([...accounts].sort().reverse()).toEqual(accounts);
    expect(new Set(accounts).size).toBe(10);
    expect(p1.body.data.dataResult[0]).toHaveProperty('isMainOrg');
    const same = await post('/user/query4Org', {
      parameters: [{ key: 'ORG_ID', value: legal }],
      requestPage: { limit: 100 },
    });
    expect(same.body.data.pageResult.totalCount).toBe(p1.body.data.pageResult.totalCount);
    const missing = await post('/employee/queryOrgUser', {});
    expect(missing.body).toMatchObject({ state: 6010101, message: '缺少查询条件：ORG_ID' });

    // Positions, groups, managers and superiors.
    const officer = await idOf('position', 'code', 'legalOfficer');
    const holders = await post('/user/query4Position', {
      parameters: [{ key: 'POS_ID', value: officer }],
      sorts: [{ field: 'name', order: 'ASC' }],
    });
    expect(holders.body.data.dataResult.length).toBeGreaterThan(0);
    expect(holders.body.data.dataResult.every((e: { isMainPost: boolean }) => e.isMainPost === true)).toBe(
      true,
    );
    const group = await post('/user/query4Group', {
      parameters: [{ key: 'GROUP_ID', value: await idOf('user_group', 'alias', 'reviewExperts') }],
    });
    expect(group.body.data.pageResult.totalCount).toBeGreaterThanOrEqual(8);
    const managers = await post('/employee/queryOrgManager', {
      parameters: [{ key: 'ORG_ID', value: legal }],
    });
    expect(managers.body.data.pageResult.totalCount).toBe(1);
    const head = managers.body.data.dataResult[0].id;
    const under = await post('/employee/queryUnder', {
      parameters: [{ key: 'USER_ID', value: head }],
      requestPage: { limit: 3 },
    });
    expect(under.body.data.pageResult.totalCount).toBeGreaterThan(3);
    expect(under.body.data.dataResult).toHaveLength(3);
    const sub = under.body.data.dataResult[0].id;
    const sup = await post('/employee/querySuperior', { parameters: [{ key: 'USER_ID', value: sub }] });
    expect(sup.body.data.dataResult.map((e: { id: string }) => e.id)).toEqual([head]);
    // A circle is refused; so is being one's own superior.
    expect((await postQ(`/employee/addUnder?superiorId=${sub}&userIds=${head}`)).body.message).toBe(
      '不能形成循环的上下级关系',
    );
    expect((await postQ(`/employee/addUnder?superiorId=${sub}&userIds=${sub}`)).body.message).toBe(
      '员工不能成为自己的上级',
    );

    // Organisation membership: add makes it main where none; remove falls back.
    const po = person();
    const id = (await post('/employee/create', { partyEmployeePo: po })).body.data.id;
    const wout = await post('/employee/queryWoutOrg', {
      parameters: [{ key: 'account', value: po.account }],
    });
    expect(wout.body.data.dataResult.map((e: { id: string }) => e.id)).toEqual([id]);
    await postQ(`/employee/addOrgUser?orgId=${legal}&userIds=${id}`);
    await postQ(`/employee/addOrgUser?orgId=${hq}&userIds=${id}`);
    expect((await get(`/employee/get?employeeId=${id}`)).body.data.groupID).toBe(legal);
    await postQ(`/employee/removeOrgUser?orgId=${legal}&userIds=${id}`);
    expect((await get(`/employee/get?employeeId=${id}`)).body.data.groupID).toBe(hq);
    // Posts: the first one becomes main; removing it promotes the next.
    const [a, b] = await Promise.all(['officeHead', 'officeClerk'].map((c) => idOf('position', 'code', c)));
    await postQ(`/employee/addPositionUser?positionId=${a}&userIds=${id}`);
    await postQ(`/employee/addPositionUser?positionId=${b}&userIds=${id}`);
    const flags = async () =>
      (await get(`/employee/load?employeeId=${id}`)).body.data.partyPositions.map(
        (p: { id: string; isMainPost: boolean }) => [p.id, p.isMainPost],
      );
    expect(await flags()).toEqual([
      [a, true],
      [b, false],
    ]);
    await postQ(`/employee/removePositionUser?positionId=${a}&userIds=${id}`);
    expect(await flags()).toEqual([[b, true]]);
    const transfer = await postQ(`/employee/transfer?ids=${id},${head}`);
    expect(transfer.body.data.map((e: { id: string }) => e.id)).toEqual([id, head]);
  });

  it('pages and sorts every list the same way', async () => {
    const hq = await idOf('org', 'code', 'hq');
    const review1 = await idOf('org', 'code', 'review1');
    const reviewer = await idOf('role', 'alias', 'caseReviewer');
    const officer = await idOf('position', 'code', 'review1Officer');
    const experts = await idOf('user_group', 'alias', 'reviewExperts');
    const head = (
      await post('/employee/queryOrgManager', { parameters: [{ key: 'ORG_ID', value: review1 }] })
    ).body.data.dataResult[0].id;
    const sub = (await post('/employee/queryUnder', { parameters: [{ key: 'USER_ID', value: head }] })).body
      .data.dataResult[0].id;
    // A second superior, so the superior list has more than one row.
    const me = (await get('/user/getByAccount?account=admin')).body.data.id;
    expect((await postQ(`/employee/addUnder?superiorId=${me}&userIds=${sub}`)).body.state).toBe(200);
    const lists: [string, { key: string; value: string }[], string][] = [
      ['/employee/query', [], 'name'],
      ['/employee/queryWithOrg', [{ key: 'ORG_ID', value: review1 }], 'name'],
      ['/employee/queryOrgUser', [{ key: 'ORG_ID', value: review1 }], 'name'],
      ['/employee/queryWoutOrg', [], 'name'],
      ['/employee/queryUnder', [{ key: 'USER_ID', value: head }], 'name'],
      ['/employee/querySuperior', [{ key: 'USER_ID', value: sub }], 'name'],
      ['/employee/queryOrgManager', [{ key: 'ORG_ID', value: hq }], 'name'],
      ['/employee/queryByRoleId', [{ key: 'ROLE_ID', value: reviewer }], 'name'],
      ['/employee/queryWithOrg4Position', [{ key: 'POS_ID', value: officer }], 'name'],
      ['/user/query4Org', [{ key: 'ORG_ID', value: review1 }], 'name'],
      ['/user/query4Position', [{ key: 'POS_ID', value: officer }], 'name'],
      ['/user/query4Role', [{ key: 'ROLE_ID', value: reviewer }], 'name'],
      ['/user/query4Group', [{ key: 'GROUP_ID', value: experts }], 'name'],
      ['/role/query', [], 'name'],
      ['/role/queryWithGrade', [], 'name'],
      ['/group/query', [], 'name'],
      ['/attr/query', [], 'name'],
      ['/position/queryWithLevelByOrgId', [], 'name'],
    ];
    for (const [path, parameters, field] of lists) {
      const page = async (pageNo: number, order: 'ASC' | 'DESC') =>
        (await post(path, { parameters, requestPage: { pageNo, limit: 2 }, sorts: [{ field, order }] })).body;
      const all = (
        await post(path, { parameters, requestPage: { limit: 1000 }, sorts: [{ field, order: 'ASC' }] })
      ).body;
      expect(all.state, path).toBe(200);
      const total = all.data.pageResult.totalCount;
      expect(all.data.dataResult, path).toHaveLength(total);
      const names = all.data.dataResult.map((r: Record<string, string>) => r[field]);
      const [p1, p2, d1] = [await page(1, 'ASC'), await page(2, 'ASC'), await page(1, 'DESC')];
      expect(p1.data.pageResult, path).toMatchObject({
        totalCount: total,
        totalPages: Math.ceil(total / 2),
        page: 1,
        limit: 2,
      });
      expect(
        [...p1.data.dataResult, ...p2.data.dataResult].map((r: Record<string, string>) => r[field]),
        path,
      ).toEqual(names.slice(0, 4));
      expect(
        d1.data.dataResult.map((r: Record<string, string>) => r[field]),
        path,
      ).toEqual([...names].reverse().slice(0, 2));
      const bad = await post(path, { parameters, sorts: [{ field: 'password' }] });
      expect(bad.body.state, path).toBe(6010101);
    }
  });

  it("finds nothing of another tenant's space", async () => {
    const tenantId = newId();
    await db()
      .insertInto('platform.tenant')
      .values({
        id: tenantId,
        code: `other${kind}`,
        name: '另一家企业',
        schema_name: tenantSchemaName(`other${kind}`),
        approve_status: 'PASSED',
      })
      .execute();
    await createTenantSpace(db(), tenantId);
    const accountId = newId();
    await db()
      .insertInto('platform.account')
      .values({
        id: accountId,
        account: `boss${kind}`,
        fullname: '另一家管理员',
        password_hash: await hashPassword(PASSWORD),
        password_changed_at: new Date(),
      })
      .execute();
    await db()
      .insertInto('platform.tenant_member')
      .values({ tenant_id: tenantId, account_id: accountId, is_admin: true, is_main: true })
      .execute();
    const other = (await login(`boss${kind}`)).data.access_token;

    const demoEmployee = (await get('/user/getByAccount?account=user0001')).body.data.id;
    const demoOrg = await idOf('org', 'code', 'legal');
    const demoRole = await idOf('role', 'alias', 'caseReviewer');
    expect((await get(`/employee/get?employeeId=${demoEmployee}`, other)).body.state).toBe(404);
    expect((await get(`/employee/load?employeeId=${demoEmployee}`, other)).body.state).toBe(404);
    expect((await get(`/org/get?id=${demoOrg}`, other)).body.state).toBe(404);
    expect((await postQ(`/employee/disable?ids=${demoEmployee}`, other)).body.state).toBe(404);
    expect((await postQ(`/employee/remove?ids=${demoEmployee}`, other)).body.state).toBe(404);
    expect((await postQ(`/role/addUser?roleId=${demoRole}&userIds=${demoEmployee}`, other)).body.state).toBe(
      404,
    );
    const upd = await post(
      '/employee/update',
      {
        partyEmployeePo: {
          id: demoEmployee,
          account: 'user0001',
          name: 'x',
          status: 'actived',
          gender: 'male',
          email: 'a@b.cn',
        },
      },
      other,
    );
    expect(upd.body.state).toBe(404);
    expect((await post('/employee/query', {}, other)).body.data.pageResult.totalCount).toBe(0);
    expect((await postQ(`/employee/transfer?ids=${demoEmployee}`, other)).body.data).toEqual([]);
    // Nothing changed in the demo tenant.
    expect((await get(`/employee/get?employeeId=${demoEmployee}`)).body.data.status).toBe('actived');
  });
});
