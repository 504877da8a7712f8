/**
 * First start: the super user, a subsystem with its menu, and a demo tenant with organisations and
 * employees. Runs only while the platform has no account at all.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { createTenantSpace, tenantSchemaName } from '../db/tenant-space.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newId } from '../auth/tokens.ts';
import { demoPeople } from './demo-people.ts';

export interface SeedResult {
  seeded: boolean;
  adminPassword?: string;
  generated?: boolean;
}

export const DEMO_TENANT_CODE = 'demo';
export const DEMO_EMPLOYEES = 50;

/** A random password that satisfies every complexity class. */
export function generatePassword(): string {
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${body}aA7!`;
}

export async function seedIfEmpty(db: Db, opts: { adminPassword?: string; demo: boolean }): Promise<SeedResult> {
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
  await seedMenu(db);
  if (opts.demo) await seedDemoTenant(db, adminId);
  return { seeded: true, adminPassword, generated };
}

async function seedMenu(db: Db): Promise<void> {
  const systemId = newId();
  await db
    .insertInto('platform.subsystem')
    .values({ id: systemId, name: 'menu.subsystem.merger', alias: 'merger', is_default: true, logo_type: 'svg' })
    .execute();
  const systemMenu = newId();
  await db
    .insertInto('platform.resource')
    .values([
      { id: systemMenu, system_id: systemId, parent_id: '0', alias: 'system', name: 'menu.system', icon: 'setting', sn: 90 },
      {
        id: newId(),
        system_id: systemId,
        parent_id: systemMenu,
        alias: 'employeeList',
        name: 'menu.employeeList',
        icon: 'team',
        screen: 'employee-list',
        sn: 1,
      },
    ])
    .execute();
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
  await db.insertInto('platform.tenant_member').values({ tenant_id: tenantId, account_id: adminId, is_admin: true, is_main: true }).execute();
  await createTenantSpace(db, tenantId);
  await seedPeople(db.withSchema(schema) as unknown as Db);
}

async function seedPeople(t: Db): Promise<void> {
  const orgs = [
    { code: 'hq', name: '集团总部', parent: null },
    { code: 'legal', name: '法务合规部', parent: 'hq' },
    { code: 'review1', name: '审查一处', parent: 'hq' },
    { code: 'review2', name: '审查二处', parent: 'hq' },
    { code: 'office', name: '综合办公室', parent: 'hq' },
  ];
  const ids = new Map<string, { id: string; path: string }>();
  for (const [i, o] of orgs.entries()) {
    const id = newId();
    const parent = o.parent ? ids.get(o.parent)! : null;
    const path = parent ? `${parent.path}/${o.name}` : o.name;
    ids.set(o.code, { id, path });
    await t.insertInto('org').values({ id, parent_id: parent?.id ?? '0', name: o.name, code: o.code, path, sn: i }).execute();
  }
  const orgIds = [...ids.values()].map((o) => o.id);
  const start = Date.now() - DEMO_EMPLOYEES * 3600_000;
  await t
    .insertInto('employee')
    .values([
      { id: newId(), account: 'admin', name: '超级管理员', org_id: orgIds[0], email: 'admin@demo.example.cn', created_at: new Date(start - 3600_000) },
      ...demoPeople(DEMO_EMPLOYEES).map((p, i) => ({
        id: newId(),
        ...p,
        status: i % 10 === 9 ? 'disabled' : 'actived',
        org_id: orgIds[1 + (i % (orgIds.length - 1))],
        created_at: new Date(start + i * 3600_000),
      })),
    ])
    .execute();
}
