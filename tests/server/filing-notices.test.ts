/**
 * Filing notices through messages (issue 12) on the seeded filing demo (PGlite): the authority asks for
 * a supplement over HTTP, which serves a SUPPLEMENT_NOTICE; every member tenant's people who hold
 * filing:read (and its admins) find a system message about it in their inbox and an SMS alert in the
 * outbox; a tenant that is not on the case gets nothing; a failing SMS gateway leaves the message and
 * the filing alone.
 */
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { serveNotices } from '../../server/alerts/filing-notices.ts';
import { saveAlertSettings } from '../../server/alerts/message-alerts.ts';
import { OutboxMailAdapter } from '../../server/mail/outbox.ts';

describe('filing notices', () => {
  let t: TestServer;
  const tokens = new Map<string, string>();
  const db = () => t.server.database.db;

  async function tokenOf(account: string): Promise<string> {
    const known = tokens.get(account);
    if (known) return known;
    const res = await call(t, 'POST', '/authentication/apply', {
      body: {
        grant_type: 'password_credentials',
        username: account,
        password: t.server.seed.filing!.password,
      },
    });
    expect(res.body.state, account).toBe(200);
    tokens.set(account, res.body.data.access_token as string);
    return res.body.data.access_token as string;
  }
  const inbox = async (account: string, subject: string) =>
    (
      await call(t, 'POST', '/msg/innerMessage/receive', {
        token: await tokenOf(account),
        body: { parameters: [{ key: 'subject', value: subject }] },
      })
    ).body;
  const tenantOf = async (account: string) =>
    await db()
      .selectFrom('platform.tenant_member as tm')
      .innerJoin('platform.account as a', 'a.id', 'tm.account_id')
      .select(['tm.tenant_id', 'a.mobile'])
      .where('a.account', '=', account)
      .executeTakeFirstOrThrow();
  const outbox = async (mobile: string) =>
    db()
      .selectFrom('platform.sms_outbox')
      .select(['content', 'purpose'])
      .where('mobile', '=', mobile)
      .where('purpose', '=', 'filing-notice')
      .execute();

  /** A case awaiting the completeness check that the account's tenant takes part in. */
  async function submittedCaseOf(account: string) {
    const { tenant_id } = await tenantOf(account);
    return db()
      .selectFrom('filing.case as c')
      .innerJoin('filing.membership as m', 'm.case_id', 'c.id')
      .select(['c.id', 'c.title', 'c.case_no'])
      .where('c.state', '=', 'SUBMITTED')
      .where('m.tenant_id', '=', tenant_id)
      .where('m.status', '=', 'ACTIVE')
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    t = await startTestServer('pglite', { seedFilingDemo: true }, { filingWorkers: false });
  });
  afterAll(async () => t?.close());

  it('serves a supplement notice as a system message and an SMS to each member tenant', async () => {
    const c = await submittedCaseOf('liuna');
    const members = await db()
      .selectFrom('filing.membership')
      .select('tenant_id')
      .where('case_id', '=', c.id)
      .where('status', '=', 'ACTIVE')
      .execute();
    const liuna = await tenantOf('liuna');
    const before = (await outbox(liuna.mobile!)).length;

    const res = await call(t, 'POST', `/filing/case/requestSupplement?caseId=${c.id}`, {
      token: await tokenOf('wangjun'),
      body: {
        items: '请补充交易双方2025年度经审计的财务报告。',
        dueOn: dayjs().add(20, 'day').format('YYYY-MM-DD'),
      },
    });
    expect(res.body.state, res.body.message).toBe(200);
    await t.server.noticesSettled();

    // The filer (filing:read through the filer role) and the tenant admin both receive it.
    for (const account of ['liuna', 'zhangwei']) {
      const box = await inbox(account, '补充文件资料通知书');
      expect(box.state).toBe(200);
      const mine = (box.data.dataResult as { subject: string; messageType: string; id: string }[]).filter(
        (m) => m.subject.includes(c.title),
      );
      expect(mine, account).toHaveLength(1);
      expect(mine[0].subject).toBe(`【补充文件资料通知书】${c.title}`);
      expect(mine[0].messageType).toBe('system');
      const detail = await call(t, 'GET', `/msg/innerMessage/get?innerMessageId=${mine[0].id}`, {
        token: await tokenOf(account),
      });
      expect(detail.body.data.content).toContain(c.id);
      expect(detail.body.data.content).toContain(c.case_no ?? '尚未编号');
    }
    const sms = await outbox(liuna.mobile!);
    expect(sms.length).toBe(before + 1);
    expect(sms.at(-1)!.content).toContain('补充文件资料通知书');
    expect(sms.at(-1)!.content).toContain(c.title);
    // Every member tenant got exactly one message row for it.
    for (const m of members) {
      const tenant = await db()
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', m.tenant_id)
        .executeTakeFirstOrThrow();
      const rows = await db()
        .withSchema(tenant.schema_name)
        .selectFrom('message')
        .select('id')
        .where('subject', '=', `【补充文件资料通知书】${c.title}`)
        .execute();
      expect(rows, tenant.schema_name).toHaveLength(1);
    }
    // A tenant that is not on the case hears nothing.
    const stranger = (await tenantOf('chengang')).tenant_id;
    if (!members.some((m) => m.tenant_id === stranger)) {
      const box = await inbox('chengang', c.title);
      expect(box.data.pageResult.totalCount).toBe(0);
    }
    // The filing itself moved on.
    const state = await db()
      .selectFrom('filing.case')
      .select('state')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('AWAITING_SUPPLEMENT');
  });

  it('keeps the message when the SMS gateway fails, and mails when the tenant wants system e-mails', async () => {
    const c = await submittedCaseOf('liuna');
    const doc = await db()
      .selectFrom('filing.document')
      .select(['id', 'kind'])
      .where('case_id', '=', c.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { tenant_id } = await tenantOf('liuna');
    const { schema_name } = await db()
      .selectFrom('platform.tenant')
      .select('schema_name')
      .where('id', '=', tenant_id)
      .executeTakeFirstOrThrow();
    const email = 'liuna.notice@example.com';
    await db()
      .withSchema(schema_name)
      .updateTable('employee')
      .set({ email })
      .where('account', '=', 'liuna')
      .execute();
    const mailed = () =>
      db()
        .selectFrom('platform.mail_outbox')
        .select(['subject', 'purpose'])
        .where('recipient', '=', email)
        .execute();
    const warnings: string[] = [];
    const deps = {
      db: db(),
      events: t.server.app.events,
      sms: {
        name: 'broken',
        send: async () => {
          throw new Error('provider down');
        },
      },
      mail: new OutboxMailAdapter(db()),
      log: { warn: (m: string) => void warnings.push(m), info: () => {} } as never,
    };
    const served = {
      type: 'document.served' as const,
      caseId: c.id,
      documentId: doc.id,
      tenantIds: [tenant_id],
    };
    // No e-mail while the tenant's setting for system messages says none.
    await serveNotices(deps, served);
    expect(warnings.some((w) => w.includes('provider down'))).toBe(true);
    const box = await inbox('liuna', c.title);
    expect(box.data.dataResult.length).toBeGreaterThan(0);
    expect(await mailed()).toHaveLength(0);

    await saveAlertSettings(db(), schema_name, [{ messageType: 'system', sms: false, email: true }]);
    await serveNotices(deps, served);
    const mails = await mailed();
    expect(mails).toHaveLength(1);
    expect(mails[0].purpose).toBe('filing-notice');
    expect(mails[0].subject).toContain(c.title);
  });
});
