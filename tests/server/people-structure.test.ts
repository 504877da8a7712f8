/**
 * Organisations, positions, roles, user groups and extended attributes over the real app on both
 * databases: trees with a disabled root, moves that keep paths consistent, guarded removal, sorting,
 * role trees and copies, group search and cascade save, attribute definitions and value checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../schemas/catalogue.ts';
import { allHandlers } from '../../server/modules/index.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { migrateSchema } from '../../server/db/migrate.ts';
import { tenantMigrations } from '../../server/modules/migrations/tenant.ts';
import { newId } from '../../server/auth/tokens.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

describe('people: the catalogue', () => {
  it('has a handler for every operation of the people areas and the user member lists', () => {
    const ops = [...loadCatalogue().values()];
    const areas = ['employees', 'orgs', 'positions', 'roles', 'groups', 'attributes'];
    const ours = ops.filter(
      (o) => areas.includes(o.area) || /^user\.(query4(Org|Position|Role|Group)|getByAccount)$/.test(o.id),
    );
    // employees, orgs, positions, roles (with our role.saveResources), groups, attributes, user lists
    expect(ours.length).toBe(25 + 9 + 14 + 16 + 7 + 6 + 5);
    expect(ours.filter((o) => !allHandlers[o.id]).map((o) => o.id)).toEqual([]);
  });
});

describe.each(dbKindsOf(import.meta.url))('people: structure on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  const space = () => t.server.database.db.withSchema(tenantSchemaName('demo'));
  const post = (path: string, body?: unknown) => call(t, 'POST', path, { token: admin, body });
  const get = (path: string) => call(t, 'GET', path, { token: admin });
  const orgId = async (code: string) =>
    (await space().selectFrom('org').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestServer(kind);
    admin = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  it('serves the organisation tree lazily under a disabled root', async () => {
    const root = await post('/org/findTreeData', {});
    expect(root.body.state).toBe(200);
    expect(root.body.data).toHaveLength(1);
    expect(root.body.data[0]).toMatchObject({ id: '0', disabled: true, name: '演示企业集团' });
    const [hq] = root.body.data[0].children;
    expect(hq).toMatchObject({ name: '集团总部', parentId: '0', isParent: true, disabled: false });
    const level2 = await post('/org/findTreeData', { parentId: hq.id });
    expect(level2.body.data.map((n: { name: string }) => n.name)).toEqual([
      '法务合规部',
      '审查一处',
      '审查二处',
      '综合办公室',
    ]);
    expect(level2.body.data[0]).toMatchObject({
      isParent: false,
      pathName: '集团总部/法务合规部',
      path: `${hq.id}.${level2.body.data[0].id}`,
    });
    const top = await post('/org/findTreeData', { parentId: '0' });
    expect(top.body.data.map((n: { id: string }) => n.id)).toEqual([hq.id]);
  });

  it('saves organisations and moves subtrees with their paths; refuses a move under a descendant', async () => {
    const hq = await orgId('hq');
    const legal = await orgId('legal');
    const a = await post('/org/save', { name: '研究室', code: 'research', parentId: hq });
    expect(a.body.state).toBe(200);
    expect(a.body.data).toMatchObject({
      pathName: '集团总部/研究室',
      path: `${hq}.${a.body.data.id}`,
      sn: 5,
    });
    const b = await post('/org/save', { name: '数据组', code: 'dataTeam', parentId: a.body.data.id });
    const c = await post('/org/save', { name: '模型小组', code: 'modelTeam', parentId: b.body.data.id });
    expect(c.body.data.pathName).toBe('集团总部/研究室/数据组/模型小组');

    const dup = await post('/org/save', { name: '重复', code: 'RESEARCH', parentId: hq });
    expect(dup.body).toMatchObject({ state: 6010101, message: '组织编码“RESEARCH”已存在' });

    const moved = await post(`/org/saveMove?id=${a.body.data.id}&parentId=${legal}`);
    expect(moved.body.state).toBe(200);
    const deep = await get(`/org/get?id=${c.body.data.id}`);
    expect(deep.body.data).toMatchObject({
      path: `${hq}.${legal}.${a.body.data.id}.${b.body.data.id}.${c.body.data.id}`,
      pathName: '集团总部/法务合规部/研究室/数据组/模型小组',
    });
    // Renaming updates the names below.
    const current = (await get(`/org/get?id=${a.body.data.id}`)).body.data;
    expect((await post('/org/save', { ...current, name: '研究中心' })).body.state).toBe(200);
    expect((await get(`/org/get?id=${c.body.data.id}`)).body.data.pathName).toBe(
      '集团总部/法务合规部/研究中心/数据组/模型小组',
    );

    for (const target of [a.body.data.id, c.body.data.id]) {
      const refused = await call(t, 'POST', `/org/saveMove?id=${a.body.data.id}&parentId=${target}&lang=en`, {
        token: admin,
      });
      expect(refused.body).toMatchObject({
        state: 6010101,
        message: 'An organisation cannot be moved under itself or one of its sub-organisations',
      });
    }
    expect((await get(`/org/get?id=${c.body.data.id}`)).body.data.pathName).toBe(
      '集团总部/法务合规部/研究中心/数据组/模型小组',
    );
    // The same rule through save.
    const viaSave = await post('/org/save', { ...current, name: '研究中心', parentId: b.body.data.id });
    expect(viaSave.body.state).toBe(6010101);
    // Moving to the top level.
    await post(`/org/saveMove?id=${b.body.data.id}&parentId=0`);
    expect((await get(`/org/get?id=${c.body.data.id}`)).body.data.path).toBe(
      `${b.body.data.id}.${c.body.data.id}`,
    );

    // Sort siblings; refuse a mixed list.
    const kids = (await post('/org/findTreeData', { parentId: hq })).body.data.map(
      (n: { id: string }) => n.id,
    );
    expect((await post(`/org/saveSort?ids=${[...kids].reverse().join(',')}`)).body.state).toBe(200);
    expect(
      (await post('/org/findTreeData', { parentId: hq })).body.data.map((n: { id: string }) => n.id),
    ).toEqual([...kids].reverse());
    expect((await post(`/org/saveSort?ids=${hq},${legal}`)).body.message).toBe('只能对同一上级下的节点排序');

    // Removal: not with children, not with members; then fine.
    const withKids = await post(`/org/remove?ids=${b.body.data.id}`);
    expect(withKids.body.message).toBe('组织“数据组”下还有子组织，不能删除');
    const withPeople = await post(`/org/remove?ids=${legal}`);
    expect(withPeople.body.state).toBe(6010101);
    expect((await post(`/org/remove?ids=${b.body.data.id},${c.body.data.id}`)).body.state).toBe(200);
    expect((await get(`/org/get?id=${c.body.data.id}`)).body.state).toBe(404);
    const transfer = await post(`/org/transfer?ids=${legal},${hq}`);
    expect(transfer.body.data.map((o: { id: string }) => o.id)).toEqual([legal, hq]);
  });

  it('keeps positions: tree, alias, level list, roles inherited by holders, guarded removal', async () => {
    const legal = await orgId('legal');
    const tree = await post('/position/findTreeData', {});
    expect(tree.body.data[0]).toMatchObject({ id: '0', disabled: true });
    const gm = tree.body.data[0].children[0];
    expect(gm.name).toBe('总经理');
    const below = await post('/position/findTreeData', { type: '1', posId: gm.id });
    expect(below.body.data.length).toBe(4);

    const saved = await post('/position/save', {
      name: '合规专员',
      code: 'complianceOfficer',
      orgId: legal,
      parentId: gm.id,
    });
    expect(saved.body.state).toBe(200);
    expect(saved.body.data).toMatchObject({ orgId: legal, orgName: '法务合规部', parentId: gm.id });
    const id = saved.body.data.id;
    expect((await get('/position/getByAlias?alias=complianceOfficer')).body.data.id).toBe(id);
    expect((await post('/position/save', { name: 'x', code: 'complianceofficer' })).body.message).toBe(
      '岗位编码“complianceofficer”已存在',
    );
    expect((await post(`/position/saveMove?id=${gm.id}&parentId=${id}`)).body.state).toBe(6010101);

    const list = await post('/position/queryWithLevelByOrgId', {
      parameters: [{ key: 'ORG_ID', value: legal }],
      sorts: [{ field: 'name', order: 'DESC' }],
      requestPage: { pageNo: 1, limit: 2 },
    });
    expect(list.body.data.pageResult).toMatchObject({ totalCount: 3, totalPages: 2 });
    const names = list.body.data.dataResult.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(
      list.body.data.dataResult.find((p: { code: string }) => p.code === 'legalHead')?.levelName ?? '处级',
    ).toBe('处级');

    // A role granted to the post reaches its holders as 'other'.
    const role = (await post('/role/save', { name: '合规审核', alias: 'complianceReview' })).body.data.id;
    expect((await post(`/position/assignRole?positionId=${id}&roleIds=${role}`)).body.state).toBe(200);
    expect((await post(`/role/queryByPositionId?positionId=${id}`)).body.data).toEqual([
      expect.objectContaining({ id: role, source: 'own', canDelete: true }),
    ]);
    const someone = (await get('/user/getByAccount?account=user0001')).body.data.id;
    await post(`/employee/addPositionUser?positionId=${id}&userIds=${someone}`);
    const roles = (await get(`/employee/load?employeeId=${someone}`)).body.data.partyRoles;
    expect(roles.find((r: { id: string }) => r.id === role)).toMatchObject({
      source: 'other',
      canDelete: false,
    });
    expect((await post(`/position/remove?ids=${id}`)).body.message).toBe(
      '岗位“合规专员”还有任职人员，不能删除',
    );
    await post(`/employee/removePositionUser?positionId=${id}&userIds=${someone}`);
    await post(`/position/removeOrg?positionId=${id}&orgId=${legal}`);
    expect((await get(`/position/load?id=${id}`)).body.data.orgId).toBeUndefined();
    expect((await post(`/position/remove?ids=${id}`)).body.state).toBe(200);
    expect(
      await space().selectFrom('role_grant').select('role_id').where('party_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('lists, trees, saves, copies and removes roles', async () => {
    const page = async (pageNo: number) =>
      post('/role/queryWithSys', {
        requestPage: { pageNo, limit: 2 },
        sorts: [{ field: 'alias', order: 'ASC' }],
      });
    const p1 = await page(1);
    const p2 = await page(2);
    expect(p1.body.data.pageResult.totalCount).toBeGreaterThanOrEqual(4);
    const aliases = [...p1.body.data.dataResult, ...p2.body.data.dataResult].map(
      (r: { alias: string }) => r.alias,
    );
    expect(aliases).toEqual([...aliases].sort());
    expect(p1.body.data.dataResult[0].subSystemName).toBe('menu.subsystem.merger');
    const byName = await post('/role/query', { parameters: [{ key: 'name', value: '审查' }] });
    expect(byName.body.data.dataResult.map((r: { alias: string }) => r.alias)).toEqual(['caseReviewer']);
    const systemId = p1.body.data.dataResult[0].subSystemId;
    const bySys = await post('/role/queryWithSysBySysId', {
      parameters: [{ key: 'SYSTEM_ID', value: systemId }],
    });
    expect(bySys.body.data.pageResult.totalCount).toBeGreaterThanOrEqual(4);

    const tree = await post('/role/findTreeData', {});
    const system = tree.body.data.find((n: { id: string }) => n.id === systemId);
    expect(system).toMatchObject({ type: 'subsystem', disabled: true });
    expect(
      system.children.every((c: { type: string; disabled: boolean }) => c.type === 'role' && !c.disabled),
    ).toBe(true);

    const reviewer = (await get('/role/getByAlias?alias=caseReviewer')).body.data;
    const copy = await post('/role/copy', {
      id: reviewer.id,
      name: '案件审查员（副本）',
      alias: 'caseReviewer2',
    });
    expect(copy.body.state).toBe(200);
    const review1 = await orgId('review1');
    expect(
      (await post(`/role/queryByOrgId?orgId=${review1}`)).body.data
        .map((r: { alias: string }) => r.alias)
        .sort(),
    ).toEqual(['caseReviewer', 'caseReviewer2']);
    const dup = await post('/role/copy', { id: reviewer.id, name: 'x', alias: 'CASEREVIEWER2' });
    expect(dup.body.message).toBe('角色别名“CASEREVIEWER2”已存在');
    expect((await post(`/org/removeRole?orgId=${review1}&roleIds=${copy.body.data.id}`)).body.state).toBe(
      200,
    );
    expect((await post(`/role/queryByOrgId?orgId=${review1}`)).body.data).toHaveLength(1);
    expect((await post(`/org/assignRole?orgId=${review1}&roleIds=${copy.body.data.id}`)).body.state).toBe(
      200,
    );
    expect((await post(`/role/remove?ids=${copy.body.data.id}`)).body.state).toBe(200);
    expect((await post(`/role/queryByOrgId?orgId=${review1}`)).body.data).toHaveLength(1);
    const bad = await post('/role/save', { name: 'x', alias: 'xRole', subSystemId: 'nope' });
    expect(bad.body.message).toBe('子系统不存在（nope）');
    const transfer = await post(`/role/transfer?ids=${reviewer.id}`);
    expect(transfer.body.data[0]).toMatchObject({ alias: 'caseReviewer' });
  });

  it('searches user groups by name and alias, saves and loads them with members', async () => {
    const byName = await post('/group/query', { parameters: [{ key: 'name', value: '专家' }] });
    expect(byName.body.data.dataResult.map((g: { alias: string }) => g.alias)).toEqual([
      'reviewExperts',
      'seniorExperts',
    ]);
    const byAlias = await post('/group/query', { parameters: [{ key: 'alias', value: 'committee' }] });
    expect(byAlias.body.data.dataResult.map((g: { name: string }) => g.name)).toEqual(['合规委员会']);
    const sorted = await post('/group/query', {
      sorts: [{ field: 'alias', order: 'DESC' }],
      requestPage: { limit: 2 },
    });
    expect(sorted.body.data.pageResult).toMatchObject({ totalCount: 4, totalPages: 2 });
    expect(sorted.body.data.dataResult.map((g: { alias: string }) => g.alias)).toEqual([
      'seniorExperts',
      'reviewExperts',
    ]);

    const [u1, u2] = await Promise.all(
      ['user0001', 'user0002'].map(async (a) => (await get(`/user/getByAccount?account=${a}`)).body.data.id),
    );
    const saved = await post('/group/saveCascade', {
      name: '项目组',
      alias: 'projectTeam',
      members: [{ id: u1 }, { id: u2 }],
    });
    expect(saved.body.state).toBe(200);
    expect(saved.body.data.members.map((m: { id: string }) => m.id).sort()).toEqual([u1, u2].sort());
    const id = saved.body.data.id;
    await post('/group/saveCascade', { id, name: '项目组', alias: 'projectTeam', members: [{ id: u2 }] });
    const loaded = await get(`/group/loadCascade?id=${id}`);
    expect(loaded.body.data.members.map((m: { id: string }) => m.id)).toEqual([u2]);
    expect((await get('/group/getByKey?key=projectTeam')).body.data.id).toBe(id);
    const unknownMember = await post('/group/saveCascade', {
      id,
      name: '项目组',
      alias: 'projectTeam',
      members: [{ id: 'nobody' }],
    });
    expect(unknownMember.body.state).toBe(404);
    expect((await get(`/group/loadCascade?id=${id}`)).body.data.members).toHaveLength(1);
    const dup = await post('/group/saveCascade', { name: '另一个', alias: 'PROJECTTEAM' });
    expect(dup.body.message).toBe('用户组别名“PROJECTTEAM”已存在');

    const tree = await post('/group/findTreeData', {});
    expect(tree.body.data[0]).toMatchObject({ id: '0', disabled: true });
    const experts = tree.body.data[0].children.find((g: { alias: string }) => g.alias === 'reviewExperts');
    expect(experts.isParent).toBe(true);
    expect((await post(`/group/remove?ids=${experts.id}`)).body.message).toBe(
      '用户组“审查专家组”下还有子用户组，不能删除',
    );
    expect((await post(`/group/remove?ids=${id}`)).body.state).toBe(200);
    expect((await get(`/group/get?id=${id}`)).body.state).toBe(404);
  });

  it('defines extended attributes and checks values by type', async () => {
    const saved = await post('/attr/save', {
      key: 'seniority',
      name: '工龄',
      dataType: 'INT',
      partyType: 'employee',
      sn: 9,
    });
    expect(saved.body.state).toBe(200);
    expect(saved.body.data).toMatchObject({ key: 'seniority', dataType: 'INT', isMulti: 'N' });
    const id = saved.body.data.id;
    expect((await post('/attr/save', { key: 'SENIORITY', name: 'x', dataType: 'STRING' })).body.message).toBe(
      '属性编码“SENIORITY”已存在',
    );
    const list = await post('/attr/query', {
      parameters: [{ key: 'partyType', value: 'employee' }],
      sorts: [{ field: 'key', order: 'ASC' }],
    });
    const keys = list.body.data.dataResult.map((a: { key: string }) => a.key);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toContain('seniority');
    const ints = await get('/attr/findByTypeAndPartyType?type=INT&partyType=employee');
    expect(ints.body.data.map((a: { key: string }) => a.key).sort()).toEqual(['joinYear', 'seniority']);

    const someone = (await get('/user/getByAccount?account=user0001')).body.data;
    const edit = await get(`/attr/findByPartyTypeUserId4Edit?partyType=employee&userId=${someone.id}`);
    const education = edit.body.data.find((a: { key: string }) => a.key === 'education');
    expect(education).toMatchObject({
      dataType: 'OPTION',
      options: '博士,硕士,本科,大专',
      values: [{ value: '博士' }],
    });
    const fresh = await get('/attr/findByPartyTypeUserId4Edit?partyType=employee');
    expect(fresh.body.data.every((a: { values: unknown[] }) => a.values.length === 0)).toBe(true);

    // An option outside the list; a value kept when the definition changes type incompatibly.
    const base = { ...someone, password: undefined };
    const badOption = await post('/employee/update', {
      partyEmployeePo: base,
      attrValueVoList: [{ attrId: education.id, value: '小学' }],
    });
    expect(badOption.body.message).toBe('“学历”的取值“小学”不在可选项中');
    const employeeNo = edit.body.data.find((a: { key: string }) => a.key === 'employeeNo');
    const retype = await post('/attr/save', { ...employeeNo, values: undefined, dataType: 'INT' });
    expect(retype.body.state).toBe(6010101);
    expect((await get(`/attr/load?id=${employeeNo.id}`)).body.data.dataType).toBe('STRING');
    expect((await post(`/attr/remove?ids=${id}`)).body.state).toBe(200);
    expect((await get(`/attr/load?id=${id}`)).body.state).toBe(404);
  });
  it('migrates an existing space: id paths, names kept, memberships and admin flags', async () => {
    const db = t.server.database.db;
    const schema = tenantSchemaName(`legacy${kind}`);
    const tenantId = newId();
    await db
      .insertInto('platform.tenant')
      .values({ id: tenantId, code: `legacy${kind}`, name: 'Legacy', schema_name: schema })
      .execute();
    const accountId = newId();
    await db
      .insertInto('platform.account')
      .values({
        id: accountId,
        account: `legacyBoss${kind}`,
        fullname: 'Boss',
        password_hash: null,
        password_changed_at: null,
      })
      .execute();
    await db
      .insertInto('platform.tenant_member')
      .values({ tenant_id: tenantId, account_id: accountId, is_admin: true })
      .execute();
    await migrateSchema(db, schema, tenantMigrations.slice(0, 2));
    const legacy = db.withSchema(schema) as any;
    await legacy
      .insertInto('org')
      .values([
        { id: 'r', parent_id: '0', name: '总部', code: 'root', path: '总部' },
        { id: 'c', parent_id: 'r', name: '分部', code: 'child', path: '总部/分部' },
      ])
      .execute();
    await legacy
      .insertInto('employee')
      .values({ id: 'e1', account: `legacyBoss${kind}`, name: 'Boss', org_id: 'c' })
      .execute();
    expect(await migrateSchema(db, schema, tenantMigrations)).toContain('003_people_links');
    const orgs = await db
      .withSchema(schema)
      .selectFrom('org')
      .select(['id', 'path', 'path_name'])
      .orderBy('id')
      .execute();
    expect(orgs).toEqual([
      { id: 'c', path: 'r.c', path_name: '总部/分部' },
      { id: 'r', path: 'r', path_name: '总部' },
    ]);
    const e = await db
      .withSchema(schema)
      .selectFrom('employee')
      .select(['account_id', 'is_admin'])
      .executeTakeFirstOrThrow();
    expect(e).toEqual({ account_id: accountId, is_admin: true });
    const eo = await db.withSchema(schema).selectFrom('employee_org').selectAll().execute();
    expect(eo).toEqual([{ employee_id: 'e1', org_id: 'c', is_main: true }]);
  });
});
