/**
 * Filing notices through messages (issue 12) on the seeded filing demo (PGlite): the authority asks for
 * a supplement over HTTP, which serves a SUPPLEMENT_NOTICE; every member tenant's people who hold
 * filing:read (and its admins) find a system message about it in their inbox and an SMS alert in the
 * outbox; a tenant that is not on the case gets nothing.
 * The SMS and e-mail go through the message alert jobs (issue 14, server/modules/alerts/alert-jobs.ts): queued
 * in the transaction that stores the notice, sent by the job workers, once even when a job runs again.
 * The server runs without filing workers here (no deadline jobs); the tests start alert workers of
 * their own on its queue.
 */
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { serveNotices, type NoticeDeps } from '../../server/modules/alerts/filing-notices.ts';
import { saveAlertSettings } from '../../server/modules/alerts/message-alerts.ts';
import {
  expandAlertJob,
  MESSAGE_ALERT_QUEUE,
  messageAlertJobs,
  type MessageAlertJob,
} from '../../server/modules/alerts/alert-jobs.ts';
import { OutboxMailAdapter } from '../../server/mail/outbox.ts';
import { smsGatewayFor } from '../../server/sms/gateway.ts';
import { alertJobs, alertJobsSettled } from './alert-jobs-support.ts';
import { demoTokens } from '../support/demo-sign-in.ts';

describe('filing notices', () => {
  let t: TestServer;
  const db = () => t.server.database.db;
  const tokenOf = demoTokens(() => t);
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

  /** The notice's alert jobs (expansion and batches) once the workers are done with them. */
  const noticeJobs = async (subject: string) => {
    const queued = (await alertJobs(t)).filter(
      (j) => j.name === MESSAGE_ALERT_QUEUE && (j.data as { subject?: string }).subject === subject,
    );
    return queued;
  };

  beforeAll(async () => {
    t = await startTestServer('pglite', { seedFilingDemo: true }, { filingWorkers: false });
    // Alert workers on the server's queue (its own filing workers are off).
    const jobs = t.server.filing.jobs;
    const workers = messageAlertJobs(
      { ...jobs, workers: true },
      {
        db: db(),
        sms: smsGatewayFor(t.config, db(), t.server.app.log),
        mail: new OutboxMailAdapter(db()),
        log: t.server.app.log,
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await workers.start();
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
    // The SMS went through the alert jobs: one expansion job queued with the notice, then its batch.
    const subject = `【补充文件资料通知书】${c.title}`;
    const expansions = await noticeJobs(subject);
    expect(expansions.length).toBe(members.length);
    for (const job of expansions) {
      expect(job.data).toMatchObject({ purpose: 'filing-notice', channels: ['sms'], messageType: 'system' });
      await alertJobsSettled(t, (job.data as { messageId: string }).messageId);
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

  /** A served document of a submitted case of liuna's tenant, and that tenant. */
  async function servedOfLiuna() {
    const c = await submittedCaseOf('liuna');
    const doc = await db()
      .selectFrom('filing.document')
      .select(['id', 'kind'])
      .where('case_id', '=', c.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { tenant_id, mobile } = await tenantOf('liuna');
    const { schema_name } = await db()
      .selectFrom('platform.tenant')
      .select('schema_name')
      .where('id', '=', tenant_id)
      .executeTakeFirstOrThrow();
    const served = {
      type: 'document.served' as const,
      caseId: c.id,
      documentId: doc.id,
      tenantIds: [tenant_id],
    };
    return { c, served, schema_name, mobile: mobile! };
  }
  const noticeDeps = (warnings: string[] = []): NoticeDeps => ({
    db: db(),
    events: t.server.app.events,
    alerts: t.server.app.messageAlerts,
    log: { warn: (m: string) => void warnings.push(m), info: () => {} } as never,
  });
  /** The notice messages (ids) about a case title in a tenant, oldest first. */
  const noticeIds = async (schema: string, title: string) =>
    (
      await db()
        .withSchema(schema)
        .selectFrom('message')
        .select('id')
        .where('subject', 'like', `%${title}%`)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((m) => m.id);

  it('sends the SMS of a notice through its job, and only once when the job runs again', async () => {
    const { c, served, schema_name, mobile } = await servedOfLiuna();
    const before = (await outbox(mobile)).length;
    await serveNotices(noticeDeps(), served);
    const subjects = await db()
      .withSchema(schema_name)
      .selectFrom('message')
      .select(['id', 'subject'])
      .where('subject', 'like', `%${c.title}%`)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    const messageId = subjects[0].id;
    const jobs = await alertJobsSettled(t, messageId);
    expect(jobs.map((j) => [j.name, j.state]).sort()).toEqual([
      ['message-alert', 'completed'],
      ['message-alert-batch', 'completed'],
    ]);
    const sms = await outbox(mobile);
    expect(sms.length).toBe(before + 1);
    expect(sms.at(-1)!.content).toContain(c.title);

    // A retry of the expansion (e.g. the worker died before completing it) queues no second batch.
    const expansion = jobs.find((j) => j.name === MESSAGE_ALERT_QUEUE)!;
    const boss = await t.server.filing.jobs.boss();
    const again = await expandAlertJob(boss, { db: db() }, expansion.id, expansion.data as never);
    expect(again.batches).toBe(1);
    expect(again.queued).toBe(0);
    // And queuing the same notice's alerts again adds no job either.
    await t.server.app.messageAlerts.enqueueJob(db(), expansion.data as unknown as MessageAlertJob);
    expect(await alertJobsSettled(t, messageId)).toHaveLength(2);
    expect((await outbox(mobile)).length).toBe(before + 1);
  });

  it('queues the notice with the message, and e-mails when the tenant wants system e-mails', async () => {
    const { c, served, schema_name } = await servedOfLiuna();
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
    const notices = async () =>
      (
        await db()
          .withSchema(schema_name)
          .selectFrom('message')
          .select('id')
          .where('subject', 'like', `%${c.title}%`)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .execute()
      ).map((m) => m.id);

    // No e-mail while the tenant's setting for system messages says none: the job has the SMS only.
    await serveNotices(noticeDeps(), served);
    const first = (await notices())[0];
    const firstJobs = await alertJobsSettled(t, first);
    const firstExpansion = firstJobs.find((j) => j.name === MESSAGE_ALERT_QUEUE)!;
    expect(firstExpansion.data).toMatchObject({ channels: ['sms'], purpose: 'filing-notice' });
    const box = await inbox('liuna', c.title);
    expect(box.data.dataResult.length).toBeGreaterThan(0);
    expect(await mailed()).toHaveLength(0);

    await saveAlertSettings(db(), schema_name, [{ messageType: 'system', sms: false, email: true }]);
    await serveNotices(noticeDeps(), served);
    const second = (await notices())[0];
    expect(second).not.toBe(first);
    const secondJobs = await alertJobsSettled(t, second);
    expect(secondJobs.find((j) => j.name === MESSAGE_ALERT_QUEUE)!.data).toMatchObject({
      channels: ['sms', 'email'],
    });
    const mails = await mailed();
    expect(mails).toHaveLength(1);
    expect(mails[0].purpose).toBe('filing-notice');
    expect(mails[0].subject).toContain(c.title);
  });

  it('still sends the notice when its alerts cannot be queued, and logs why', async () => {
    const { c, served, schema_name } = await servedOfLiuna();
    const before = (await noticeIds(schema_name, c.title)).length;
    const warnings: string[] = [];
    const deps: NoticeDeps = {
      ...noticeDeps(warnings),
      alerts: {
        ready: async () => {},
        enqueueJob: async () => {
          throw new Error('queue down');
        },
      },
    };
    await serveNotices(deps, served);
    // The message without its alerts (no job), and a warning; the filing stays as it was.
    expect(warnings.some((w) => w.includes('alerts not queued: queue down'))).toBe(true);
    const ids = await noticeIds(schema_name, c.title);
    expect(ids.length).toBe(before + 1);
    expect(await alertJobs(t, ids.at(-1))).toEqual([]);
    const state = await db()
      .selectFrom('filing.case')
      .select('state')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('SUBMITTED');
  });
});
