/** Helpers of the auth-*.test.ts suites: accounts, logins, captchas, SMS codes and small fake servers. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hashPassword } from '../../server/auth/passwords.ts';
import { newId } from '../../server/auth/tokens.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { createTenantSpace } from '../../server/modules/spaces.ts';
import { call, type TestServer } from '../support/server.ts';

export const db = (t: TestServer) => t.server.database.db;

export async function demoTenantId(t: TestServer): Promise<string> {
  return (
    await db(t)
      .selectFrom('platform.tenant')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow()
  ).id;
}

export interface MadeAccount {
  id: string;
  account: string;
  password: string;
  mobile: string | null;
}

let mobileSeq = 0;
/** A fresh mainland mobile number, unique within the run. */
export function freshMobile(): string {
  mobileSeq += 1;
  return `137${String(process.pid % 10000).padStart(4, '0')}${String(mobileSeq).padStart(4, '0')}`;
}

/** Creates an account directly in the database (optionally a member, admin, with an employee row). */
export async function makeAccount(
  t: TestServer,
  opts: {
    account: string;
    password?: string;
    mobile?: string | null;
    isSuper?: boolean;
    tenantId?: string;
    admin?: boolean;
    securityId?: string;
  },
): Promise<MadeAccount> {
  const id = newId();
  const password = opts.password ?? 'Secret#2026abc';
  const mobile = opts.mobile === undefined ? freshMobile() : opts.mobile;
  await db(t)
    .insertInto('platform.account')
    .values({
      id,
      account: opts.account,
      fullname: `User ${opts.account}`,
      mobile,
      password_hash: await hashPassword(password),
      is_super: opts.isSuper ?? false,
      security_id: opts.securityId ?? null,
      password_changed_at: new Date(),
    })
    .execute();
  if (opts.tenantId) {
    await db(t)
      .insertInto('platform.tenant_member')
      .values({ tenant_id: opts.tenantId, account_id: id, is_admin: opts.admin ?? false })
      .execute();
    const t2 = await db(t)
      .selectFrom('platform.tenant')
      .select('schema_name')
      .where('id', '=', opts.tenantId)
      .executeTakeFirstOrThrow();
    await db(t)
      .withSchema(t2.schema_name)
      .insertInto('employee')
      .values({ id: newId(), account_id: id, account: opts.account, name: `User ${opts.account}`, mobile })
      .execute();
  }
  return { id, account: opts.account, password, mobile };
}

/** A second tenant with its own space. */
export async function makeTenant(t: TestServer, code: string): Promise<string> {
  const id = newId();
  await db(t)
    .insertInto('platform.tenant')
    .values({
      id,
      code,
      name: `Tenant ${code}`,
      schema_name: tenantSchemaName(code),
      approve_status: 'PASSED',
    })
    .execute();
  await createTenantSpace(db(t), id);
  return id;
}

export async function login(
  t: TestServer,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return call(t, 'POST', '/authentication/apply', {
    body: { grant_type: 'password_credentials', username, password, ...extra },
    headers,
  });
}

export async function loginToken(
  t: TestServer,
  username: string,
  password: string,
): Promise<{ access_token: string; refresh_token: string; uid: string }> {
  const r = await login(t, username, password);
  if (r.body.state !== 200) throw new Error(`login of ${username} failed: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Gets a captcha and reads its answer where only tests look: the database row. */
export async function solveCaptcha(
  t: TestServer,
  headers: Record<string, string> = {},
): Promise<{ captcha: string; requestId: string }> {
  const r = await call(t, 'GET', '/user/captcha', { headers });
  if (r.body.state !== 200) throw new Error(`captcha failed: ${JSON.stringify(r.body)}`);
  const requestId = r.body.data.variables.requestId as string;
  const row = await db(t)
    .selectFrom('platform.captcha')
    .select('answer')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  return { captcha: row.answer, requestId };
}

/** The code in the newest outbox message to a mobile. */
export async function lastSmsCode(t: TestServer, mobile: string): Promise<string> {
  const row = await db(t)
    .selectFrom('platform.sms_outbox')
    .select('content')
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /\d{6}/.exec(row.content)![0];
}

export async function outboxCount(t: TestServer, mobile: string): Promise<number> {
  const rows = await db(t)
    .selectFrom('platform.sms_outbox')
    .select('id')
    .where('mobile', '=', mobile)
    .execute();
  return rows.length;
}

/** Moves the codes of a mobile back in time, past the 60 s resend wait. */
export async function ageSmsCodes(t: TestServer, mobile: string, seconds = 61): Promise<void> {
  const rows = await db(t)
    .selectFrom('platform.sms_code')
    .select(['id', 'created_at'])
    .where('mobile', '=', mobile)
    .execute();
  for (const r of rows) {
    await db(t)
      .updateTable('platform.sms_code')
      .set({ created_at: new Date(new Date(r.created_at).getTime() - seconds * 1000) })
      .where('id', '=', r.id)
      .execute();
  }
}

export interface FakeServer {
  url: string;
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
  close(): Promise<void>;
}

/** A small HTTP server on 127.0.0.1 that answers with the given function and records what it got. */
export async function fakeServer(
  answer: (
    req: { method: string; url: URL; headers: IncomingMessage['headers']; body: string },
    res: ServerResponse,
  ) => void,
): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
      answer(
        {
          method: req.method ?? 'GET',
          url: new URL(req.url ?? '/', 'http://127.0.0.1'),
          headers: req.headers,
          body,
        },
        res,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Gives the employees of `accountIds` (in the tenant space `schema`) a new role granting the menu
 * resources `resourceIds`: how the server tests make holders of a permission.
 */
export async function grantRole(
  t: TestServer,
  schema: string,
  opts: { systemId: string; name: string; alias: string; resourceIds: string[]; accountIds: string[] },
): Promise<{ roleId: string; employeeIds: string[] }> {
  const space = db(t).withSchema(schema);
  const roleId = newId();
  await space
    .insertInto('role')
    .values({ id: roleId, system_id: opts.systemId, name: opts.name, alias: opts.alias })
    .execute();
  const resourceIds = [...new Set(opts.resourceIds)];
  if (resourceIds.length)
    await space
      .insertInto('role_resource')
      .values(resourceIds.map((resource_id) => ({ role_id: roleId, resource_id })))
      .execute();
  const employeeIds: string[] = [];
  for (const accountId of opts.accountIds) {
    const employee = await space
      .selectFrom('employee')
      .select('id')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    await space
      .insertInto('role_grant')
      .values({ role_id: roleId, party_type: 'employee', party_id: employee.id })
      .execute();
    employeeIds.push(employee.id);
  }
  return { roleId, employeeIds };
}

/**
 * An attachment row in a tenant's file store, written directly (no content behind it): for rules that look
 * only at who uploaded a file and what holds it. `ownerId` null: a file the system wrote.
 */
export async function attachmentRow(
  t: TestServer,
  schema: string,
  opts: { id: string; ownerId: string | null; name?: string },
): Promise<string> {
  const name = opts.name ?? `${opts.id}.pdf`;
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : null;
  await db(t)
    .withSchema(schema)
    .insertInto('attachment')
    .values({
      id: opts.id,
      file_name: name,
      ext,
      total_bytes: 1,
      type_id: null,
      file_type: null,
      note: null,
      storage_key: `k/${opts.id}`,
      owner_id: opts.ownerId,
      owner_name: null,
      sha256: null,
      mime: ext === 'png' ? 'image/png' : 'application/pdf',
    })
    .execute();
  return opts.id;
}
