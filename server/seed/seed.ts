/**
 * First start: the super user and a demo tenant with organisations and employees. Runs only while the
 * platform has no account at all. The subsystem and its menu come from schemas/menus (menu-sync.ts, run
 * at every start before this).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { tenantSchemaName } from '../db/tenant-space.ts';
import { createTenantSpace } from '../modules/spaces.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newId } from '../auth/tokens.ts';
import { demoPeople } from './demo-people.ts';
import { seedFilingDemo, type FilingDemoResult } from './filing-demo.ts';

export interface SeedResult {
  seeded: boolean;
  adminPassword?: string;
  generated?: boolean;
  /** The filing demo: its sign-ins (shared password) and what it seeded. */
  filing?: FilingDemoResult;
}

export const DEMO_TENANT_CODE = 'demo';
export const DEMO_EMPLOYEES = 50;

/** A random password that satisfies every complexity class. */
export function generatePassword(): string {
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${body}aA7!`;
}

export async function seedIfEmpty(
  db: Db,
  opts: { adminPassword?: string; demo: boolean; filingDemo?: boolean; demoPassword?: string },
): Promise<SeedResult> {
  const any = await db.selectFrom('platform.account').select('id').limit(1).executeTakeFirst();
  if (any) return { seeded: false };
  const generated = !opts.adminPassword;
  const adminPassword = opts.adminPassword ?? generatePassword();
  const adminId = newId();
  await db
    .insertInto('platform.account')
    .values({
      id: adminId,
      account: 'admin',
      password_hash: await hashPassword(adminPassword),
      fullname: '超级管理员',
      is_super: true,
      password_changed_at: new Date(),
    })
    .execute();
  if (opts.demo) await seedDemoTenant(db, adminId);
  // The public dataset (~8,000 rows) follows in a background job so the first start stays quick.
  const filing =
    opts.demo && opts.filingDemo
      ? await seedFilingDemo(db, { password: opts.demoPassword, publicData: 'later' })
      : undefined;
  return { seeded: true, adminPassword, generated, ...(filing ? { filing } : {}) };
}

async function seedDemoTenant(db: Db, adminId: string): Promise<void> {
  const tenantId = newId();
  const schema = tenantSchemaName(DEMO_TENANT_CODE);
  await db
    .insertInto('platform.tenant')
    .values({
      id: tenantId,
      code: DEMO_TENANT_CODE,
      name: '演示企业集团',
      schema_name: schema,
      account: 'admin',
      email: 'admin@demo.example.cn',
      scale: '100-499',
      approve_status: 'PASSED',
    })
    .execute();
  await db
    .insertInto('platform.tenant_member')
    .values({ tenant_id: tenantId, account_id: adminId, is_admin: true, is_main: true })
    .execute();
  await createTenantSpace(db, tenantId);
  await seedPeople(db, db.withSchema(schema), adminId);
}

/**
 * The demo tenant's people: 5 organisations, 51 employees (the admin and 50 demo people), post levels,
 * posts in every organisation (each employee holds one main post, the first of each organisation is its
 * principal), roles granted to organisations, posts and people (one of them carries the menu), user
 * groups with members and extended attribute definitions with a few values.
 */
async function seedPeople(db: Db, t: Db, adminId: string): Promise<void> {
  const orgs = [
    { code: 'hq', name: '集团总部', parent: null },
    { code: 'legal', name: '法务合规部', parent: 'hq' },
    { code: 'review1', name: '审查一处', parent: 'hq' },
    { code: 'review2', name: '审查二处', parent: 'hq' },
    { code: 'office', name: '综合办公室', parent: 'hq' },
  ];
  const ids = new Map<string, { id: string; path: string; pathName: string }>();
  for (const [i, o] of orgs.entries()) {
    const id = newId();
    const parent = o.parent ? ids.get(o.parent)! : null;
    const path = parent ? `${parent.path}.${id}` : id;
    const pathName = parent ? `${parent.pathName}/${o.name}` : o.name;
    ids.set(o.code, { id, path, pathName });
    await t
      .insertInto('org')
      .values({
        id,
        parent_id: parent?.id ?? '0',
        name: o.name,
        code: o.code,
        path,
        path_name: pathName,
        sn: i,
      })
      .execute();
  }
  const orgIds = [...ids.values()].map((o) => o.id);
  const org = (code: string) => ids.get(code)!.id;

  const levels = [
    { id: newId(), name: '处级', level: 1, type: 'position' as const },
    { id: newId(), name: '科级', level: 2, type: 'position' as const },
    { id: newId(), name: '科员', level: 3, type: 'position' as const },
    { id: newId(), name: '一级部门', level: 1, type: 'org' as const },
  ];
  await t.insertInto('level').values(levels).execute();

  // Posts: [code, name, organisation, parent post code, level index].
  const posts: [string, string, string, string | null, number][] = [
    ['gm', '总经理', 'hq', null, 0],
    ['legalHead', '法务合规部部长', 'legal', 'gm', 0],
    ['legalOfficer', '法务专员', 'legal', 'legalHead', 2],
    ['review1Head', '审查一处处长', 'review1', 'gm', 0],
    ['review1Officer', '审查员（一处）', 'review1', 'review1Head', 2],
    ['review2Head', '审查二处处长', 'review2', 'gm', 0],
    ['review2Officer', '审查员（二处）', 'review2', 'review2Head', 2],
    ['officeHead', '办公室主任', 'office', 'gm', 1],
    ['officeClerk', '行政专员', 'office', 'officeHead', 2],
  ];
  const postIds = new Map(posts.map(([code]) => [code, newId()]));
  await t
    .insertInto('position')
    .values(
      posts.map(([code, name, o, parent, level], sn) => ({
        id: postIds.get(code)!,
        code,
        name,
        org_id: org(o),
        parent_id: parent ? postIds.get(parent)! : '0',
        level_id: levels[level].id,
        sn,
      })),
    )
    .execute();

  const start = Date.now() - DEMO_EMPLOYEES * 3600_000;
  const adminEmployee = {
    id: newId(),
    account: 'admin',
    account_id: adminId,
    is_admin: true,
    name: '超级管理员',
    org_id: orgIds[0],
    email: 'admin@demo.example.cn',
    created_at: new Date(start - 3600_000),
  };
  const people = demoPeople(DEMO_EMPLOYEES).map((p, i) => ({
    id: newId(),
    ...p,
    status: i % 10 === 9 ? 'disabled' : 'actived',
    org_id: orgIds[1 + (i % (orgIds.length - 1))],
    created_at: new Date(start + i * 3600_000),
  }));
  await t
    .insertInto('employee')
    .values([adminEmployee, ...people])
    .execute();
  const everyone = [adminEmployee, ...people];
  await t
    .insertInto('employee_org')
    .values(everyone.map((e) => ({ employee_id: e.id, org_id: e.org_id, is_main: true })))
    .execute();

  // One main post each: the first person of an organisation heads it (principal), the others are officers.
  const headOf: Record<string, [string, string]> = {
    [org('legal')]: ['legalHead', 'legalOfficer'],
    [org('review1')]: ['review1Head', 'review1Officer'],
    [org('review2')]: ['review2Head', 'review2Officer'],
    [org('office')]: ['officeHead', 'officeClerk'],
  };
  const headed = new Set<string>();
  await t
    .insertInto('employee_position')
    .values([
      { employee_id: adminEmployee.id, position_id: postIds.get('gm')!, is_main: true, is_principal: true },
      ...people.map((p) => {
        const [head, officer] = headOf[p.org_id];
        const isHead = !headed.has(p.org_id);
        headed.add(p.org_id);
        return {
          employee_id: p.id,
          position_id: postIds.get(isHead ? head : officer)!,
          is_main: true,
          is_principal: isHead,
        };
      }),
    ])
    .execute();
  await t
    .insertInto('org_manager')
    .values(
      [...headed].map((orgId) => ({
        org_id: orgId,
        employee_id: people.find((p) => p.org_id === orgId)!.id,
      })),
    )
    .execute();
  await t
    .insertInto('employee_superior')
    .values(
      people
        .filter((p, i) => people.findIndex((q) => q.org_id === p.org_id) !== i)
        .map((p) => ({ employee_id: p.id, superior_id: people.find((q) => q.org_id === p.org_id)!.id })),
    )
    .execute();

  // Roles of the merger subsystem; the administrator role carries the system menu.
  const system = await db
    .selectFrom('platform.subsystem')
    .select('id')
    .where('alias', '=', 'merger')
    .executeTakeFirst();
  const roles = [
    { id: newId(), alias: 'sysAdmin', name: '系统管理员', description: '维护员工、组织、岗位与角色' },
    { id: newId(), alias: 'caseReviewer', name: '案件审查员', description: '审查经营者集中申报案件' },
    { id: newId(), alias: 'legalCounsel', name: '法律顾问', description: '出具法律意见' },
    { id: newId(), alias: 'officeStaff', name: '行政人员', description: '办理综合事务' },
  ].map((r) => ({ ...r, system_id: system?.id ?? null }));
  await t.insertInto('role').values(roles).execute();
  const role = (alias: string) => roles.find((r) => r.alias === alias)!.id;
  // What each role grants (menu entries and buttons by alias, schemas/menus): the administrators the
  // people pages with every button, everyone the office desk, the links and file uploads.
  const common = ['officeDesk', 'innerMessage', 'receiveMessage', 'links', 'samrSite', 'samrGuide'];
  const grants: Record<string, string[]> = {
    sysAdmin: [
      ...common,
      'receiveMessage_send',
      'system',
      'employeeList',
      'employeeList_write',
      'employeeList_remove',
      'employeeList_status',
      'employeeList_resetPassword',
      'employeeList_roles',
      'employeeList_grant',
      'orgTree',
      'orgTree_write',
      'orgTree_positions',
      'roleList',
      'functions_roleWrite',
      'groupList',
      'functions_groupWrite',
      'attrList',
      'functions_attrWrite',
      'positionTree',
      'positionTree_write',
      'functions_fileRead',
      'functions_fileUpload',
      'functions_fileRemove',
    ],
    caseReviewer: [...common, 'receiveMessage_send', 'functions_fileUpload', 'functions_fileRead'],
    legalCounsel: [...common, 'receiveMessage_send', 'functions_fileUpload'],
    officeStaff: [...common, 'receiveMessage_send', 'functions_fileUpload'],
  };
  const resources = new Map(
    (
      await db
        .selectFrom('platform.resource')
        .select(['id', 'alias'])
        .where('system_id', '=', system?.id ?? '')
        .execute()
    ).map((r) => [r.alias, r.id]),
  );
  const roleResources = Object.entries(grants).flatMap(([alias, entries]) =>
    entries.flatMap((entry) =>
      resources.has(entry) ? [{ role_id: role(alias), resource_id: resources.get(entry)! }] : [],
    ),
  );
  if (roleResources.length) await t.insertInto('role_resource').values(roleResources).execute();
  await t
    .insertInto('role_grant')
    .values([
      { role_id: role('sysAdmin'), party_type: 'employee', party_id: adminEmployee.id },
      { role_id: role('sysAdmin'), party_type: 'position', party_id: postIds.get('officeHead')! },
      { role_id: role('caseReviewer'), party_type: 'org', party_id: org('review1') },
      { role_id: role('caseReviewer'), party_type: 'org', party_id: org('review2') },
      { role_id: role('legalCounsel'), party_type: 'position', party_id: postIds.get('legalHead')! },
      { role_id: role('legalCounsel'), party_type: 'employee', party_id: people[0].id },
      { role_id: role('officeStaff'), party_type: 'org', party_id: org('office') },
    ])
    .execute();

  const groups = [
    { id: newId(), alias: 'reviewExperts', name: '审查专家组', parent_id: '0', sn: 0 },
    { id: newId(), alias: 'complianceCommittee', name: '合规委员会', parent_id: '0', sn: 1 },
    { id: newId(), alias: 'emergencyTeam', name: '应急工作小组', parent_id: '0', sn: 2 },
  ];
  groups.push({ id: newId(), alias: 'seniorExperts', name: '资深专家小组', parent_id: groups[0].id, sn: 0 });
  await t.insertInto('user_group').values(groups).execute();
  await t
    .insertInto('user_group_member')
    .values([
      ...people.slice(1, 9).map((p) => ({ group_id: groups[0].id, employee_id: p.id })),
      ...people
        .slice(0, 12)
        .filter((_, i) => i % 4 === 0)
        .map((p) => ({ group_id: groups[1].id, employee_id: p.id })),
      ...people.slice(20, 25).map((p) => ({ group_id: groups[2].id, employee_id: p.id })),
      ...people.slice(1, 3).map((p) => ({ group_id: groups[3].id, employee_id: p.id })),
    ])
    .execute();

  const attrs = [
    {
      id: newId(),
      key: 'employeeNo',
      name: '工号',
      data_type: 'STRING',
      options: null,
      is_multi: false,
      sn: 0,
    },
    {
      id: newId(),
      key: 'joinYear',
      name: '入职年份',
      data_type: 'INT',
      options: null,
      is_multi: false,
      sn: 1,
    },
    {
      id: newId(),
      key: 'performance',
      name: '绩效系数',
      data_type: 'DOUBLE',
      options: null,
      is_multi: false,
      sn: 2,
    },
    {
      id: newId(),
      key: 'education',
      name: '学历',
      data_type: 'OPTION',
      options: JSON.stringify('博士,硕士,本科,大专'),
      is_multi: false,
      sn: 3,
    },
    {
      id: newId(),
      key: 'expertise',
      name: '专长领域',
      data_type: 'OPTION',
      options: JSON.stringify('反垄断,并购,数据合规,知识产权'),
      is_multi: true,
      sn: 4,
    },
    {
      id: newId(),
      key: 'entryDate',
      name: '入职日期',
      data_type: 'DATE',
      options: null,
      is_multi: false,
      sn: 5,
    },
  ].map((a) => ({ ...a, party_type: 'employee' }));
  await t.insertInto('attr_def').values(attrs).execute();
  const education = ['博士', '硕士', '本科', '大专'];
  await t
    .insertInto('attr_value')
    .values(
      people.slice(0, 10).flatMap((p, i) => [
        { attr_id: attrs[0].id, party_id: p.id, value: `D${String(i + 1).padStart(4, '0')}` },
        { attr_id: attrs[1].id, party_id: p.id, value: String(2015 + (i % 9)) },
        { attr_id: attrs[3].id, party_id: p.id, value: education[i % education.length] },
      ]),
    )
    .execute();
}
