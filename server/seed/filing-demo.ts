/**
 * First-start demo data of the filing domain (SEED_DEMO): the authority (tenant kind 'authority') with its
 * review divisions and staff, three enterprises and a law firm with their filers, about forty cases over
 * every state (scripted in filing/demo-script.ts, played through the service by filing/demo-runner.ts) and the public dataset (filing/public.ts). Leaves the platform's own
 * demo tenant alone. All demo accounts share one password, printed once like the admin's.
 */
import { PUBLIC_ROLE_PERMISSIONS } from './public-role-permissions.ts';
import { randomBytes } from 'node:crypto';
import { type Db } from '../db/database.ts';
import { createTenantSpace } from '../modules/spaces.ts';
import { hashPassword } from '../auth/passwords.ts';
import { HolidayCalendar } from '../modules/filing/calendar.ts';
import { chinaDate, type PlainDate } from '../modules/filing/dates.ts';
import { FILING_ROLE_PERMISSIONS } from '../modules/filing/permissions.ts';

/**
 * The file store's permissions of the seeded authority roles: the review lead attaches files of the
 * authority's own space to acceptance, return and deemed-not-filed (button reviewWorklist_files).
 */
const FILE_ROLE_PERMISSIONS: Partial<Record<string, string[]>> = {
  reviewLead: ['file:upload', 'file:read'],
};

/**
 * The office desk for every seeded role: served notices and colleagues' messages reach people there.
 * Its inbox and sent box are pages every member may use (their calls need only membership), so they
 * carry no permission and are granted by alias; composing and replying need message:send.
 */
const OFFICE_DESK_ENTRIES = ['receiveMessage', 'sentMessage'];
const OFFICE_DESK_PERMISSIONS = ['message:send'];

import type { TenantKind } from '../modules/filing/tables.ts';
import { seedDemoNews } from './filing/news.ts';
import { demoScript, type DemoActor, type DemoCaseSummary, type DemoPeople } from './filing/demo-script.ts';
import { playDemoScript } from './filing/demo-runner.ts';
import { markPublicDatasetPending, seedPublicDataset, type PublicSeedResult } from './filing/public.ts';
import { Random } from './filing/random.ts';

/** The demo's roles, one sign-in each in what the first start prints (server/main.ts). */
export type DemoRole =
  | 'filer'
  | 'filerColleague'
  | 'coParty'
  | 'agent'
  | 'reviewer'
  | 'delegatedReviewer'
  | 'reviewLead'
  | 'publisher'
  | 'calendarAdmin';

export interface DemoSignIn {
  role: DemoRole;
  account: string;
  name: string;
  tenant: string;
}

export interface FilingDemoResult {
  password: string;
  generated: boolean;
  signIns: DemoSignIn[];
  cases: DemoCaseSummary;
  publicData: PublicSeedResult | null;
  ms: { tenants: number; cases: number; publicData: number };
}

interface Person {
  account: string;
  name: string;
  role: keyof typeof FILING_ROLE_PERMISSIONS;
  org: string;
  admin?: boolean;
}

interface TenantPlan {
  code: string;
  name: string;
  kind: TenantKind;
  orgs: { code: string; name: string; parent?: string }[];
  people: Person[];
}

const TENANTS: TenantPlan[] = [
  {
    code: 'samr',
    name: '国家市场监督管理总局',
    kind: 'authority',
    orgs: [
      { code: 'dept', name: '反垄断执法二司' },
      { code: 'div1', name: '审查一处', parent: 'dept' },
      { code: 'div2', name: '审查二处', parent: 'dept' },
      { code: 'div3', name: '审查三处', parent: 'dept' },
      { code: 'general', name: '综合处', parent: 'dept' },
      { code: 'delegated', name: '委托审查（江苏省市场监督管理局）', parent: 'dept' },
    ],
    people: [
      { account: 'wangjun', name: '王军', role: 'reviewLead', org: 'div1' },
      { account: 'lijing', name: '李静', role: 'reviewer', org: 'div1' },
      { account: 'zhaolei', name: '赵磊', role: 'reviewer', org: 'div1' },
      { account: 'chenmin', name: '陈敏', role: 'reviewLead', org: 'div2' },
      { account: 'liuyang', name: '刘洋', role: 'reviewer', org: 'div2' },
      { account: 'sunting', name: '孙婷', role: 'reviewer', org: 'div2' },
      { account: 'zhoutao', name: '周涛', role: 'reviewLead', org: 'div3' },
      { account: 'wuna', name: '吴娜', role: 'reviewer', org: 'div3' },
      { account: 'zhenghong', name: '郑红', role: 'publisher', org: 'general' },
      { account: 'heping', name: '何平', role: 'calendarAdmin', org: 'general', admin: true },
      { account: 'huangyong', name: '黄勇', role: 'delegatedReviewer', org: 'delegated' },
    ],
  },
  {
    code: 'zyzb',
    name: '中原智能装备集团有限公司',
    kind: 'enterprise',
    orgs: [
      { code: 'hq', name: '中原智能装备集团有限公司' },
      { code: 'legal', name: '法务合规部', parent: 'hq' },
    ],
    people: [
      { account: 'zhangwei', name: '张伟', role: 'filer', org: 'legal', admin: true },
      { account: 'liuna', name: '刘娜', role: 'filer', org: 'legal' },
    ],
  },
  {
    code: 'hcxny',
    name: '海川新能源科技股份有限公司',
    kind: 'enterprise',
    orgs: [
      { code: 'hq', name: '海川新能源科技股份有限公司' },
      { code: 'legal', name: '法律事务部', parent: 'hq' },
    ],
    people: [
      { account: 'chengang', name: '陈刚', role: 'filer', org: 'legal', admin: true },
      { account: 'xuli', name: '徐丽', role: 'filer', org: 'legal' },
    ],
  },
  {
    code: 'ytyy',
    name: '远拓医药控股有限公司',
    kind: 'enterprise',
    orgs: [
      { code: 'hq', name: '远拓医药控股有限公司' },
      { code: 'legal', name: '投资法务部', parent: 'hq' },
    ],
    people: [
      { account: 'malin', name: '马琳', role: 'filer', org: 'legal', admin: true },
      { account: 'gaofei', name: '高飞', role: 'filer', org: 'legal' },
    ],
  },
  {
    code: 'jhls',
    name: '君衡律师事务所',
    kind: 'law_firm',
    orgs: [
      { code: 'firm', name: '君衡律师事务所' },
      { code: 'antitrust', name: '反垄断业务组', parent: 'firm' },
    ],
    people: [
      { account: 'tanglu', name: '唐璐', role: 'filer', org: 'antitrust', admin: true },
      { account: 'songjie', name: '宋杰', role: 'filer', org: 'antitrust' },
    ],
  },
];

const ROLE_NAMES: Record<string, [string, string]> = {
  filer: ['申报人', '填写、提交经营者集中申报'],
  reviewer: ['审查员（主办人）', '完备性审查、要求补充材料、处理公众意见'],
  reviewLead: ['审查处长', '立案受理、审查决定、审查期限'],
  delegatedReviewer: ['委托审查员', '审查委托的简易案件并提出意见'],
  publisher: ['发布员', '公布审查结果'],
  calendarAdmin: ['系统管理员（审查机关）', '维护节假日日历、查看审计日志'],
};

/** Creates the demo tenants, their spaces and staff; returns who is who. */
async function seedTenants(
  db: Db,
  r: Random,
  passwordHash: string,
): Promise<{ people: DemoPeople; byAccount: Map<string, DemoActor & { tenant: string }> }> {
  const byAccount = new Map<string, DemoActor & { tenant: string }>();
  const orgIds = new Map<string, string>();
  const system = await db
    .selectFrom('platform.subsystem')
    .select('id')
    .where('alias', '=', 'merger')
    .executeTakeFirst();
  // The merger menu's resources that carry permissions (entries and buttons of schemas/menus/filing.yaml,
  // review.yaml …): a role is granted each one whose permissions all lie inside its bundle.
  const menuResources = await db
    .selectFrom('platform.resource')
    .select(['id', 'alias', 'permissions'])
    .where('system_id', '=', system?.id ?? '')
    .execute();
  const resourcesWithin = (bundle: readonly string[]): string[] =>
    menuResources
      .filter(
        (r) =>
          (r.permissions?.length && r.permissions.every((p) => bundle.includes(p))) ||
          OFFICE_DESK_ENTRIES.includes(r.alias),
      )
      .map((r) => r.id);
  for (const plan of TENANTS) {
    const tenantId = r.id();
    const schema = `t_${plan.code}`;
    await db
      .insertInto('platform.tenant')
      .values({
        id: tenantId,
        code: plan.code,
        name: plan.name,
        schema_name: schema,
        kind: plan.kind,
        approve_status: 'PASSED',
        email: `admin@${plan.code}.example.cn`,
      })
      .execute();
    await createTenantSpace(db, tenantId);
    const t = db.withSchema(schema);
    const paths = new Map<string, { id: string; path: string; pathName: string }>();
    await t
      .insertInto('org')
      .values(
        plan.orgs.map((o, i) => {
          const id = r.id();
          const parent = o.parent ? paths.get(o.parent)! : null;
          const node = {
            id,
            path: parent ? `${parent.path}.${id}` : id,
            pathName: parent ? `${parent.pathName}/${o.name}` : o.name,
          };
          paths.set(o.code, node);
          orgIds.set(`${plan.code}:${o.code}`, id);
          return {
            id,
            parent_id: parent?.id ?? '0',
            name: o.name,
            code: o.code,
            path: node.path,
            path_name: node.pathName,
            sn: i,
          };
        }),
      )
      .execute();
    const roles = [...new Set(plan.people.map((p) => p.role))].map((alias) => ({
      id: r.id(),
      alias,
      name: ROLE_NAMES[alias][0],
      description: ROLE_NAMES[alias][1],
      system_id: system?.id ?? null,
    }));
    await t.insertInto('role').values(roles).execute();
    // Each role grants every filing page and button its bundle covers (menus in schemas/menus/).
    const roleResources = roles.flatMap((role) =>
      resourcesWithin([
        ...FILING_ROLE_PERMISSIONS[role.alias],
        ...(PUBLIC_ROLE_PERMISSIONS[role.alias] ?? []),
        ...(FILE_ROLE_PERMISSIONS[role.alias] ?? []),
        ...OFFICE_DESK_PERMISSIONS,
      ]).map((resourceId) => ({
        role_id: role.id,
        resource_id: resourceId,
      })),
    );
    if (roleResources.length) await t.insertInto('role_resource').values(roleResources).execute();
    const accounts = plan.people.map((p, i) => ({
      id: r.id(),
      account: p.account,
      password_hash: passwordHash,
      fullname: p.name,
      mobile: `139${String(20000000 + i * 7919 + plan.code.length * 131).slice(-8)}`,
      email: `${p.account}@${plan.code}.example.cn`,
      password_changed_at: new Date(),
    }));
    await db.insertInto('platform.account').values(accounts).execute();
    await db
      .insertInto('platform.tenant_member')
      .values(
        plan.people.map((p, i) => ({
          tenant_id: tenantId,
          account_id: accounts[i].id,
          is_admin: !!p.admin,
          is_main: true,
        })),
      )
      .execute();
    const employees = plan.people.map((p, i) => ({
      id: r.id(),
      account_id: accounts[i].id,
      account: p.account,
      name: p.name,
      org_id: paths.get(p.org)!.id,
      email: accounts[i].email,
      mobile: accounts[i].mobile,
      is_admin: !!p.admin,
    }));
    await t.insertInto('employee').values(employees).execute();
    await t
      .insertInto('employee_org')
      .values(employees.map((e) => ({ employee_id: e.id, org_id: e.org_id, is_main: true })))
      .execute();
    await t
      .insertInto('role_grant')
      .values(
        plan.people.map((p, i) => ({
          role_id: roles.find((x) => x.alias === p.role)!.id,
          party_type: 'employee' as const,
          party_id: employees[i].id,
        })),
      )
      .execute();
    plan.people.forEach((p, i) =>
      byAccount.set(p.account, { accountId: accounts[i].id, tenantId, name: p.name, tenant: plan.name }),
    );
  }
  const who = (account: string) => byAccount.get(account)!;
  const authority = TENANTS[0];
  const people: DemoPeople = {
    authorityId: who('wangjun').tenantId,
    authorityName: authority.name,
    divisions: [
      {
        id: orgIds.get('samr:div1')!,
        name: '审查一处',
        lead: who('wangjun'),
        reviewers: [who('lijing'), who('zhaolei')],
      },
      {
        id: orgIds.get('samr:div2')!,
        name: '审查二处',
        lead: who('chenmin'),
        reviewers: [who('liuyang'), who('sunting')],
      },
      { id: orgIds.get('samr:div3')!, name: '审查三处', lead: who('zhoutao'), reviewers: [who('wuna')] },
    ],
    publisher: who('zhenghong'),
    enterprises: [
      { tenantId: who('zhangwei').tenantId, name: TENANTS[1].name, filer: who('zhangwei') },
      { tenantId: who('chengang').tenantId, name: TENANTS[2].name, filer: who('chengang') },
      { tenantId: who('malin').tenantId, name: TENANTS[3].name, filer: who('malin') },
    ],
    lawFirm: { tenantId: who('tanglu').tenantId, name: TENANTS[4].name, agent: who('tanglu') },
  };
  return { people, byAccount };
}

/**
 * Seeds everything; `publicData: false` leaves the public dataset to `seedPublicDataset` (e.g. a separate
 * step). `today` fixes the day the histories are counted back from (default: today in China).
 */
export async function seedFilingDemo(
  db: Db,
  opts: { password?: string; today?: PlainDate; publicData?: 'now' | 'later' | 'none' } = {},
): Promise<FilingDemoResult> {
  const t0 = performance.now();
  const generated = !opts.password;
  const password = opts.password ?? `${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}aA7!`;
  const r = new Random(20220801);
  const { people, byAccount } = await seedTenants(db, r, await hashPassword(password));
  const t1 = performance.now();

  const today = opts.today ?? chinaDate(new Date());
  const calendar = new HolidayCalendar(
    await db.selectFrom('filing.calendar_day').select(['day', 'kind']).execute(),
  );
  // The histories are played through the service (filing/demo-runner.ts): the live effects, nothing copied.
  const summary = await playDemoScript(db, people, demoScript(r, calendar, people, today));
  if (opts.publicData === 'later') await markPublicDatasetPending(db);
  const t2 = performance.now();
  const publicData =
    (opts.publicData ?? 'now') === 'now' ? await seedPublicDataset(db, calendar, today) : null;
  if ((opts.publicData ?? 'now') !== 'none') await seedDemoNews(db, today);
  const t3 = performance.now();

  const signIn = (role: DemoSignIn['role'], account: string): DemoSignIn => ({
    role,
    account,
    name: byAccount.get(account)!.name,
    tenant: byAccount.get(account)!.tenant,
  });
  return {
    password,
    generated,
    // zhangwei's cases with chengang's company as co-party: every fourth of seven (demo-script.ts).
    signIns: [
      signIn('filer', 'zhangwei'),
      signIn('filerColleague', 'liuna'),
      signIn('coParty', 'chengang'),
      signIn('agent', 'tanglu'),
      signIn('reviewer', 'lijing'),
      signIn('delegatedReviewer', 'huangyong'),
      signIn('reviewLead', 'wangjun'),
      signIn('publisher', 'zhenghong'),
      signIn('calendarAdmin', 'heping'),
    ],
    cases: summary,
    publicData,
    ms: { tenants: Math.round(t1 - t0), cases: Math.round(t2 - t1), publicData: Math.round(t3 - t2) },
  };
}
