/**
 * What the shell reads from the server: the seeded menus, the subsystems of the logo dropdown, the
 * header bell's unread messages, and the error-log upload (stored with secrets redacted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { redactSecrets } from '../../server/modules/logs/redact.ts';
import '../../server/modules/logs/log-table.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount, type MadeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

interface MenuOut {
  alias: string;
  name: string;
  screen: string | null;
  defaultUrl: string | null;
  open: string;
  children: MenuOut[];
}

const aliases = (nodes: MenuOut[]): unknown[] =>
  nodes.map((n) => (n.children.length ? { [n.alias]: aliases(n.children) } : n.alias));

describe('redactSecrets', () => {
  it('removes bearer tokens, token parameters, JWTs and long opaque strings, and keeps uuids', () => {
    const token = 'Zx9_QwErTy-1234567890abcdefghijklmnopqrstu';
    const uuid = '3f2b8c1e-9a7d-4c2b-8e1f-0a1b2c3d4e5f';
    const out = redactSecrets(
      `GET /api/x?access_token=${token}&id=${uuid} failed; Authorization: Bearer ${token}; ` +
        `{"refresh_token":"abc123"} eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig ${token}`,
    );
    expect(out).not.toContain(token);
    expect(out).not.toContain('abc123');
    expect(out).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    expect(out).toContain(uuid);
    expect(out).toContain('failed');
  });
});

describe.each(dbKindsOf(import.meta.url))('shell calls on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let demo: string;
  let schema: string;
  let member: MadeAccount;
  let memberToken: string;

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
    demo = await demoTenantId(t);
    schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', demo)
        .executeTakeFirstOrThrow()
    ).schema_name;
    member = await makeAccount(t, { account: `shell_member_${kind}`, tenantId: demo });
    memberToken = (await loginToken(t, member.account, member.password)).access_token;
  });
  afterAll(async () => t?.close());

  describe('seeded menus and subsystems', () => {
    it('gives the super user the seeded menu of the default subsystem, nested by alias', async () => {
      const res = await call(t, 'GET', '/auth/resources/getMenuData', { token: admin });
      expect(res.body.state).toBe(200);
      expect(aliases(res.body.data as MenuOut[])).toEqual([
        {
          system: [
            'employeeList',
            'orgTree',
            'positionTree',
            'roleList',
            'groupList',
            'attrList',
            'tenantList',
            'tenantWait',
            'securityPolicy',
            'subsystemList',
            'resourceTree',
            'fileList',
            'loginLog',
            'operationLog',
            'frontLog',
          ],
        },
        { officeDesk: [{ innerMessage: ['receiveMessage', 'sentMessage', 'alertSetting'] }] },
        {
          caseReview: [
            'reviewWorklist',
            'reviewPending',
            'reviewHandled',
            'reviewDashboard',
            'reviewPublish',
            'reviewComments',
            'reviewCalendar',
            'reviewDelegated',
            'reviewTransferred',
            'reviewRevoke',
            'reviewAudit',
          ],
        },
        { links: ['samrSite', 'samrGuide'] },
        {
          filing: [
            'filingCaseList',
            {
              filingOffice: [
                'filingOfficeRequests',
                'filingOfficeDrafts',
                'filingOfficePending',
                'filingOfficeHandled',
                'filingOfficeDelegated',
                'filingOfficeRevoke',
              ],
            },
            'filingThresholdHelper',
            'filingSimplifiedHelper',
          ],
        },
        { publicity: ['newsList', 'clueList'] },
        { platform: ['screenConfig', 'dataTemplateDesigner'] },
      ]);
      const links = (res.body.data as MenuOut[]).find((m) => m.alias === 'links')!.children;
      expect(links[0]).toMatchObject({ defaultUrl: 'https://www.samr.gov.cn/', open: 'tab' });
      expect(links[1]).toMatchObject({ open: 'external' });
    });

    it('lists the subsystems with a menu for the super user, default first', async () => {
      // A second subsystem with one (empty) folder, and a third with no menu at all.
      const archiveId = newId();
      await db(t)
        .insertInto('platform.subsystem')
        .values([
          { id: archiveId, name: 'menus.subsystemArchive', alias: 'archive', sn: 1 },
          { id: newId(), name: 'empty', alias: 'emptySystem', sn: 2 },
        ])
        .execute();
      await db(t)
        .insertInto('platform.resource')
        .values({
          id: newId(),
          system_id: archiveId,
          parent_id: '0',
          alias: 'archiveHome',
          name: 'menus.archiveHome',
        })
        .execute();
      const res = await call(t, 'GET', '/auth/sub/system/findCurrentUserSubSystem', { token: admin });
      expect(res.body.state).toBe(200);
      expect(res.body.data).toEqual([
        expect.objectContaining({
          alias: 'merger',
          name: 'menu.subsystem.merger',
          isDefault: 'Y',
          logoType: 'svg',
        }),
        expect.objectContaining({ alias: 'archive', name: 'menus.subsystemArchive', isDefault: 'N' }),
      ]);
      const archive = (res.body.data as { id: string; alias: string }[])[1];
      const menu = await call(t, 'GET', `/auth/resources/getMenuData?systemId=${archive.id}`, {
        token: admin,
      });
      expect(aliases(menu.body.data as MenuOut[])).toEqual(['archiveHome']);
      const one = await call(t, 'GET', `/auth/sub/system/getSubSystem?id=${archive.id}`, { token: admin });
      expect(one.body.data).toMatchObject({ alias: 'archive' });
      const all = await call(t, 'GET', '/auth/sub/system/findAllSubSystem', { token: memberToken });
      expect((all.body.data as unknown[]).length).toBe(3);
    });

    it('lists for a member only the subsystems in which a role grants them a menu entry', async () => {
      const none = await call(t, 'GET', '/auth/sub/system/findCurrentUserSubSystem', { token: memberToken });
      expect(none.body).toMatchObject({ state: 200, data: [] });

      const resource = await db(t)
        .selectFrom('platform.resource')
        .select(['id', 'system_id'])
        .where('alias', '=', 'employeeList')
        .executeTakeFirstOrThrow();
      const roleId = newId();
      const employee = await db(t)
        .withSchema(schema)
        .selectFrom('employee')
        .select('id')
        .where('account', '=', member.account)
        .executeTakeFirstOrThrow();
      const tdb = db(t).withSchema(schema);
      await tdb
        .insertInto('role')
        .values({
          id: roleId,
          system_id: resource.system_id,
          name: `shell role ${kind}`,
          alias: `shellRole${kind}`,
        })
        .execute();
      await tdb.insertInto('role_resource').values({ role_id: roleId, resource_id: resource.id }).execute();
      await tdb
        .insertInto('role_grant')
        .values({ role_id: roleId, party_type: 'employee', party_id: employee.id })
        .execute();

      const granted = await call(t, 'GET', '/auth/sub/system/findCurrentUserSubSystem', {
        token: memberToken,
      });
      expect((granted.body.data as { alias: string }[]).map((s) => s.alias)).toEqual(['merger']);
    });

    it('answers 404 for an unknown subsystem id and refuses a caller without a session', async () => {
      const res = await call(t, 'GET', '/auth/sub/system/getSubSystem?id=nope', { token: admin });
      expect(res.body.state).toBe(404);
      expect(res.body.message).toContain('nope');
      const anonymous = await call(t, 'GET', '/auth/sub/system/findCurrentUserSubSystem');
      expect(anonymous.body.state).not.toBe(200);
    });
  });

  describe('the header bell', () => {
    async function send(
      subject: string,
      receiver: string,
      opts: { read?: boolean; removed?: boolean; type?: string; at?: Date } = {},
    ) {
      const id = newId();
      const tdb = db(t).withSchema(schema);
      await tdb
        .insertInto('message')
        .values({
          id,
          subject,
          owner_name: '综合办公室',
          message_type: opts.type ?? 'normal',
          content: `<p>${subject}</p>`,
          created_at: opts.at ?? new Date(),
        })
        .execute();
      await tdb
        .insertInto('message_receiver')
        .values({
          message_id: id,
          receiver_id: receiver,
          read_at: opts.read ? new Date() : null,
          removed: opts.removed ?? false,
        })
        .execute();
      return id;
    }

    it('is empty when nothing is unread', async () => {
      const res = await call(t, 'GET', '/msg/innerMessage/msgList', { token: memberToken });
      expect(res.body).toMatchObject({ state: 200, data: { dataResult: [], pageResult: { totalCount: 0 } } });
    });

    it('counts every unread message of the user and lists the newest ten, newest first', async () => {
      const base = Date.now() - 3600_000;
      for (let i = 0; i < 12; i++) {
        await send(`通知 ${i}`, member.id, {
          at: new Date(base + i * 60_000),
          type: i === 11 ? 'bulletin' : 'normal',
        });
      }
      await send('已读的', member.id, { read: true });
      await send('已删除的', member.id, { removed: true });
      await send('别人的', newId());
      const employee = await db(t)
        .withSchema(schema)
        .selectFrom('employee')
        .select('id')
        .where('account', '=', member.account)
        .executeTakeFirstOrThrow();
      // Addressed to the member's employee id instead of the account id: counts too.
      await send('发给员工的', employee.id, { at: new Date(base - 60_000) });

      const res = await call(t, 'GET', '/msg/innerMessage/msgList', { token: memberToken });
      expect(res.body.state).toBe(200);
      const { dataResult, pageResult } = res.body.data as {
        dataResult: {
          subject: string;
          messageType: string;
          ownerName: string;
          createTime: string;
          isPublic: number;
        }[];
        pageResult: { totalCount: number };
      };
      expect(pageResult.totalCount).toBe(13);
      expect(dataResult.map((m) => m.subject)).toEqual(
        Array.from({ length: 10 }, (_, k) => `通知 ${11 - k}`),
      );
      expect(dataResult[0]).toMatchObject({ messageType: 'bulletin', ownerName: '综合办公室', isPublic: 0 });
      expect(Number.isNaN(new Date(dataResult[0].createTime).getTime())).toBe(false);

      // Another user of the tenant sees none of them.
      const adminBell = await call(t, 'GET', '/msg/innerMessage/msgList', { token: admin });
      expect(adminBell.body.data.pageResult.totalCount).toBe(0);
    });
  });

  describe('the error-log upload', () => {
    const entry = (message: string, extra: Record<string, unknown> = {}) => ({
      message,
      type: 'error',
      time: '2026-03-01 10:00:00',
      component: 'EmployeeList',
      meta: { user: member.account, uuid: 'b-1', url: 'http://localhost/employeeList', ...extra },
    });

    it('stores the entries for the account with secrets redacted and the token never kept', async () => {
      const secret = 'Qw3rtyUiop_AsdfGhjkl-ZxcvBnm1234567890abcd';
      const res = await call(t, 'POST', '/log/upload', {
        token: memberToken,
        body: {
          logs: [
            entry(`fetch failed: Authorization: Bearer ${secret}`, { token: secret }),
            entry('Cannot read properties of undefined', {
              url: `http://localhost/x?access_token=${secret}`,
            }),
          ],
        },
      });
      expect(res.body).toMatchObject({ state: 200, data: { count: 2 } });
      const rows = await db(t)
        .selectFrom('platform.client_log')
        .selectAll()
        .where('account_id', '=', member.id)
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        account: member.account,
        tenant_id: demo,
        type: 'error',
        component: 'EmployeeList',
      });
      expect(JSON.stringify(rows)).not.toContain(secret);
      expect(rows[1].message).toBe('Cannot read properties of undefined');
      expect(rows[1].url).toContain('access_token=[redacted]');
    });

    it('rejects an empty upload, a malformed entry and a caller without a session, storing nothing', async () => {
      const count = async () => (await db(t).selectFrom('platform.client_log').select('id').execute()).length;
      const before = await count();
      const empty = await call(t, 'POST', '/log/upload', { token: memberToken, body: { logs: [] } });
      expect(empty.body.state).toBe(6010101);
      const noMessage = await call(t, 'POST', '/log/upload', {
        token: memberToken,
        body: { logs: [{ time: '2026-03-01 10:00:00' }] },
      });
      expect(noMessage.body.state).toBe(6010101);
      const tooMany = await call(t, 'POST', '/log/upload', {
        token: memberToken,
        body: { logs: Array.from({ length: 201 }, () => entry('x')) },
      });
      expect(tooMany.body.state).toBe(6010101);
      const anonymous = await call(t, 'POST', '/log/upload', { body: { logs: [entry('x')] } });
      expect(anonymous.body.state).not.toBe(200);
      expect(await count()).toBe(before);
    });
  });
});
