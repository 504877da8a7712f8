/**
 * SMS and e-mail alerts per message type (issue 14) on both databases: a tenant's setting (none by
 * default) says which message types alert their receivers; a sent message of such a type queues one SMS
 * per receiver mobile in platform.sms_outbox and one mail per address in platform.mail_outbox (the local
 * mail adapter), reaching group members and organisation members below the target, and nobody outside
 * it. Bad settings are refused with a translated message and change nothing; only holders of
 * message:alertSetting may read or change them. Alerts go out from jobs after the send has answered
 * (server/modules/alerts/alert-jobs.ts): the tests wait for those jobs to finish.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';
import { alertJobs, alertJobsSettled } from './alert-jobs-support.ts';

interface Person {
  employeeId: string;
  token: string;
  mobile: string;
  email: string;
}

describe.each(dbKindsOf(import.meta.url))('message alerts on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let schema: string;
  let tenantId: string;
  let alice: Person; // in the group and in the child organisation
  let bob: Person; // in the group
  let carol: Person; // in nothing
  const groupId = newId();
  const parentOrg = newId();
  const childOrg = newId();
  const space = () => db(t).withSchema(schema) as unknown as Kysely<any>;
  const post = (path: string, body: unknown, token = admin, lang = 'zh-CN') =>
    call(t, 'POST', path, { token, body, headers: { 'accept-language': lang } });
  const settings = async (token = admin) => call(t, 'GET', '/msg/alertSetting/query', { token });
  const sms = async (p: Person) =>
    db(t)
      .selectFrom('platform.sms_outbox')
      .select('content')
      .where('mobile', '=', p.mobile)
      .where('purpose', '=', 'message-alert')
      .execute();
  const mails = async (p: Person) =>
    db(t)
      .selectFrom('platform.mail_outbox')
      .select(['subject', 'content'])
      .where('recipient', '=', p.email)
      .execute();

  async function person(account: string): Promise<Person> {
    const made = await makeAccount(t, { account: `${account}_${kind}`, tenantId });
    const email = `${account}_${kind}@example.com`;
    const e = await space()
      .updateTable('employee')
      .set({ email })
      .where('account', '=', made.account)
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = (await loginToken(t, made.account, made.password)).access_token;
    return { employeeId: e.id, token, mobile: made.mobile!, email };
  }

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 }, { filingPollSeconds: 0.5 });
    admin = await loginAsAdmin(t);
    tenantId = await demoTenantId(t);
    schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).schema_name;
    alice = await person('alert_alice');
    bob = await person('alert_bob');
    carol = await person('alert_carol');
    await space()
      .insertInto('org')
      .values([
        { id: parentOrg, parent_id: '0', name: '提醒总部', code: `p_${parentOrg}`, path: parentOrg },
        {
          id: childOrg,
          parent_id: parentOrg,
          name: '提醒法务部',
          code: `c_${childOrg}`,
          path: `${parentOrg}.${childOrg}`,
        },
      ])
      .execute();
    await space()
      .insertInto('employee_org')
      .values({ employee_id: alice.employeeId, org_id: childOrg, is_main: true })
      .execute();
    await space()
      .insertInto('user_group')
      .values({ id: groupId, name: '提醒小组', alias: `g_${groupId.slice(0, 8)}` })
      .execute();
    await space()
      .insertInto('user_group_member')
      .values([
        { group_id: groupId, employee_id: alice.employeeId },
        { group_id: groupId, employee_id: bob.employeeId },
      ])
      .execute();
  });
  afterAll(async () => t?.close());

  it('alerts nobody until the tenant turns alerts on for a type', async () => {
    const res = await settings();
    expect(res.body.state).toBe(200);
    expect(res.body.data.dataResult).toEqual([
      { messageType: 'normal', sms: false, email: false },
      { messageType: 'system', sms: false, email: false },
      { messageType: 'bulletin', sms: false, email: false },
    ]);
    const sent = await post('/msg/innerMessage/save', {
      subject: '无提醒的消息',
      content: '<p>内容</p>',
      messageType: 'normal',
      groupIds: groupId,
    });
    expect(sent.body.state).toBe(200);
    // Alerts off for the type: not even a job is queued.
    expect(await alertJobs(t, sent.body.data.id)).toEqual([]);
    expect(await sms(alice)).toHaveLength(0);
    expect(await mails(alice)).toHaveLength(0);
  });

  it('queues SMS and e-mail alerts to the receivers of a type that asks for them', async () => {
    const saved = await post('/msg/alertSetting/save', {
      settings: [
        { messageType: 'normal', sms: true, email: true },
        { messageType: 'bulletin', sms: false, email: true },
      ],
    });
    expect(saved.body.state, saved.body.message).toBe(200);
    expect(saved.body.data.dataResult).toContainEqual({ messageType: 'normal', sms: true, email: true });

    const toGroup = await post('/msg/innerMessage/save', {
      subject: '季度申报安排',
      content: '<p>请查收</p>',
      messageType: 'normal',
      groupIds: groupId,
    });
    expect(toGroup.body.state).toBe(200);
    const jobs = await alertJobsSettled(t, toGroup.body.data.id);
    expect(jobs.every((j) => j.state === 'completed')).toBe(true);
    for (const p of [alice, bob]) {
      const s = await sms(p);
      expect(s).toHaveLength(1);
      expect(s[0].content).toContain('季度申报安排');
      const m = await mails(p);
      expect(m).toHaveLength(1);
      expect(m[0].subject).toBe('【普通消息】季度申报安排');
    }
    expect(await sms(carol)).toHaveLength(0);
    expect(await mails(carol)).toHaveLength(0);

    // An organisation target reaches the people of its sub-organisations; a bulletin only by e-mail.
    const bulletin = await post('/msg/innerMessage/save', {
      subject: '系统维护公告',
      content: '<p>今晚维护</p>',
      messageType: 'bulletin',
      orgIds: parentOrg,
    });
    expect(bulletin.body.state).toBe(200);
    await alertJobsSettled(t, bulletin.body.data.id);
    expect(await sms(alice)).toHaveLength(1);
    const aliceMails = await mails(alice);
    expect(aliceMails.map((m) => m.subject)).toContain('【公告】系统维护公告');
    expect((await mails(bob)).map((m) => m.subject)).not.toContain('【公告】系统维护公告');
  });

  it('refuses a bad setting with a translated message and keeps the old one', async () => {
    const before = (await settings()).body.data.dataResult;
    const unknown = await post('/msg/alertSetting/save', {
      settings: [{ messageType: 'urgent', sms: true, email: true }],
    });
    expect(unknown.body.state).not.toBe(200);
    const twice = await post(
      '/msg/alertSetting/save',
      {
        settings: [
          { messageType: 'system', sms: true, email: false },
          { messageType: 'system', sms: false, email: true },
        ],
      },
      admin,
      'en',
    );
    expect(twice.body.state).not.toBe(200);
    expect(twice.body.message).toBe('Message type given twice: system');
    expect((await settings()).body.data.dataResult).toEqual(before);
  });

  it('lets only holders of message:alertSetting read or change the setting', async () => {
    expect((await settings(carol.token)).body.state).toBe(6010104);
    const res = await post(
      '/msg/alertSetting/save',
      { settings: [{ messageType: 'normal', sms: false, email: false }] },
      carol.token,
    );
    expect(res.body.state).toBe(6010104);
    expect((await settings()).body.data.dataResult[0]).toEqual({
      messageType: 'normal',
      sms: true,
      email: true,
    });
  });
});

/**
 * A message to everyone with alerts on: the send answers having only queued one job, with no worker
 * running (server A); the alerts are all delivered afterwards by the workers of a server started later
 * on the same database (server B): the queued work survives a restart, and is sent a page at a time.
 */
describe.each(dbKindsOf(import.meta.url))('message alerts to everyone on %s', (kind) => {
  // More than two pages of the batch size the servers below use (the default, 500, costs minutes of PGlite).
  const PAGE = 50;
  const PEOPLE = 130;
  let a: TestServer;
  let b: TestServer | undefined;
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('answers before the alerts go out, and they all arrive afterwards', async () => {
    a = await startTestServer(
      kind,
      { rateLimitPerMinute: 10_000 },
      { filingWorkers: false, alertPageSize: PAGE },
    );
    const admin = await loginAsAdmin(a);
    const tenantId = await demoTenantId(a);
    const { schema_name: schema } = await db(a)
      .selectFrom('platform.tenant')
      .select('schema_name')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const space = db(a).withSchema(schema);
    const people = Array.from({ length: PEOPLE }, (_, i) => ({
      id: newId(),
      account: `fanout_${i}_${kind}`,
      name: `全员 ${i}`,
      mobile: `1390000${String(i).padStart(4, '0')}`,
      email: `fanout_${i}@example.com`,
    }));
    for (let i = 0; i < people.length; i += 500)
      await space
        .insertInto('employee')
        .values(people.slice(i, i + 500))
        .execute();
    // Somebody who left is not alerted.
    await space
      .updateTable('employee')
      .set({ status: 'inactive' })
      .where('account', '=', people[0].account)
      .execute();
    const saved = await call(a, 'POST', '/msg/alertSetting/save', {
      token: admin,
      body: { settings: [{ messageType: 'normal', sms: true, email: true }] },
    });
    expect(saved.body.state, saved.body.message).toBe(200);
    // Every active employee's own address, or the account's when the employee has none.
    const expected = async (column: 'mobile' | 'email') =>
      new Set(
        (
          await space
            .selectFrom('employee as e')
            .leftJoin('platform.account as acc', 'acc.id', 'e.account_id')
            .select((eb) =>
              eb.fn.coalesce(eb.fn('nullif', [`e.${column}`, eb.val('')]), `acc.${column}`).as('address'),
            )
            .where('e.status', '=', 'actived')
            .execute()
        )
          .map((r) => r.address as string | null)
          .filter((x): x is string => !!x),
      );
    const mobiles = await expected('mobile');
    const emails = await expected('email');
    expect(mobiles.size).toBeGreaterThanOrEqual(PEOPLE - 1);
    expect(mobiles.has(people[0].mobile)).toBe(false);

    const subject = `全员通知 ${kind}`;
    const sent = await call(a, 'POST', '/msg/innerMessage/save', {
      token: admin,
      body: { subject, content: '<p>全体</p>', messageType: 'normal', toAll: 1 },
    });
    expect(sent.body.state, sent.body.message).toBe(200);
    const messageId = sent.body.data.id as string;
    const smsFor = async (t: TestServer) =>
      db(t)
        .selectFrom('platform.sms_outbox')
        .select('mobile')
        .where('purpose', '=', 'message-alert')
        .where('content', 'like', `%${subject}%`)
        .execute();
    const mailsFor = async (t: TestServer) =>
      db(t)
        .selectFrom('platform.mail_outbox')
        .select('recipient')
        .where('purpose', '=', 'message-alert')
        .where('subject', 'like', `%${subject}%`)
        .execute();
    // The send has answered: the message is stored, one job waits, and no alert has gone out.
    expect(await smsFor(a)).toEqual([]);
    expect(await mailsFor(a)).toEqual([]);
    const queued = await alertJobs(a, messageId);
    expect(queued.map((j) => [j.name, j.state])).toEqual([['message-alert', 'created']]);

    // Restart: server A stops; server B opens the same database with workers on.
    await a.server.close();
    b = await startTestServer(
      'pglite',
      { rateLimitPerMinute: 10_000, databaseUrl: a.config.databaseUrl, dataDir: a.config.dataDir },
      { filingPollSeconds: 0.5, alertPageSize: PAGE },
    );
    const jobs = await alertJobsSettled(b, messageId);
    expect(jobs.every((j) => j.state === 'completed')).toBe(true);
    const batches = jobs.filter((j) => j.name === 'message-alert-batch');
    expect(batches).toHaveLength(Math.ceil(mobiles.size / PAGE) + Math.ceil(emails.size / PAGE));
    const smsRows = (await smsFor(b)).map((r) => r.mobile);
    expect(smsRows).toHaveLength(mobiles.size);
    expect(new Set(smsRows)).toEqual(mobiles);
    const mailRows = (await mailsFor(b)).map((r) => r.recipient);
    expect(mailRows).toHaveLength(emails.size);
    expect(new Set(mailRows)).toEqual(emails);
  });
});
