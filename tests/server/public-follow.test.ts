/**
 * Following the public register (issue 25): a subscription to a case or a saved search by e-mail, double
 * opt-in (the confirmation mail in platform.mail_outbox and its link), alerts by the sweep (one mail per
 * change, never twice, none before confirmation or after unsubscription, only what matches the search),
 * unsubscription by the page's call and by RFC 8058's one-click POST, refusals that store nothing, the
 * limits, the clean-up of requests never confirmed, the event that queues a sweep, and the per-search feed.
 */
import { XMLParser } from 'fast-xml-parser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { chinaDate } from '../../server/modules/filing/dates.ts';
import type { Actor } from '../../server/modules/filing/actor.ts';
import { publishClearanceBatch, publishDecision } from '../../server/modules/filing/service/publications.ts';
import { FOLLOW_SWEEP_QUEUE } from '../../server/modules/public/follow/follow-jobs.ts';
import { pruneSubscriptions } from '../../server/modules/public/follow/subscriptions.ts';
import { DAILY_LIMIT, sweepFollows } from '../../server/modules/public/follow/sweep.ts';
import { translate } from '../../server/http/i18n.ts';
import { call, type TestServer, startTestServer } from '../support/server.ts';
import { db, solveCaptcha } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';
import { makeActor, makeTenant } from './filing-support.ts';

const today = chinaDate(new Date());

describe.each(dbKindsOf(import.meta.url))('following the public register on %s', (kind) => {
  let t: TestServer;
  let publisher: Actor;
  let enterprise: string;
  let ipSeq = 0;
  /** Each request from its own client address, so the per-address limit is tested on its own. */
  const freshIp = () => `203.0.113.${(++ipSeq % 250) + 1}`;
  const post = (path: string, body: unknown, lang = 'zh-CN', ip = freshIp()) =>
    call(t, 'POST', path, { body, headers: { 'accept-language': lang, 'x-forwarded-for': ip } });
  const sweep = () => sweepFollows({ db: db(t), config: t.config, log: { warn: () => {} } });
  const mails = (to: string) =>
    db(t)
      .selectFrom('platform.mail_outbox')
      .select(['subject', 'content', 'purpose'])
      .where('recipient', '=', to)
      .orderBy('created_at')
      .execute();
  const rows = async () =>
    Number(
      (
        await db(t)
          .selectFrom('filing.follow_subscription')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const tokenIn = (text: string, page: 'confirm' | 'unsubscribe') => {
    const m = new RegExp(`${t.baseUrl}/publicityIndex/follow/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    expect(m, `a ${page} link in: ${text}`).not.toBeNull();
    return decodeURIComponent(m![1]);
  };
  async function subscribe(body: Record<string, unknown>, lang = 'zh-CN') {
    return post('/publicity/follow/subscribe', { ...body, ...(await solveCaptcha(t)) }, lang);
  }
  async function newCase(row: Record<string, unknown>): Promise<string> {
    const id = newId();
    await db(t)
      .insertInto('filing.case')
      .values({ id, owner_tenant_id: enterprise, procedure: 'NORMAL', ...row } as never)
      .execute();
    return id;
  }
  async function followed(email: string, body: Record<string, unknown>): Promise<string> {
    const before = (await mails(email)).length;
    const r = await subscribe({ email, ...body });
    expect(r.body.state, JSON.stringify(r.body)).toBe(200);
    const sent = await mails(email);
    expect(sent).toHaveLength(before + 1);
    const confirmed = await post('/publicity/follow/confirm', {
      token: tokenIn(sent.at(-1)!.content, 'confirm'),
    });
    expect(confirmed.body.data.state).toBe('CONFIRMED');
    return confirmed.body.data.unsubscribeToken as string;
  }

  beforeAll(async () => {
    t = await startTestServer(
      kind,
      { rateLimitPerMinute: 10_000, trustProxy: ['127.0.0.1'], seedDemo: false },
      { filingWorkers: false },
    );
    const authority = await makeTenant(db(t), 'authority', '国家市场监督管理总局');
    enterprise = await makeTenant(db(t), 'enterprise', '关注测试企业');
    publisher = await makeActor(db(t), authority, 'authority', 'publisher', '赵发布员');
  });
  afterAll(async () => t?.close());

  it('confirms by mail, alerts once on the decision of a followed case, and stops on unsubscription', async () => {
    const email = 'Follower.Case@Example.com';
    const address = email.toLowerCase();
    const caseNo = 'JZSB2031-0001';
    const caseId = await newCase({
      title: '鸿远重工收购北岭机械股权案',
      case_no: caseNo,
      state: 'CLEARED_WITH_CONDITIONS',
      decided_on: today,
    });
    await db(t)
      .insertInto('filing.transition')
      .values({
        case_id: caseId,
        action: 'decide',
        from_state: 'PHASE_II',
        to_state: 'CLEARED_WITH_CONDITIONS',
        detail: JSON.stringify({ conditions: '剥离北岭机械的铸造业务。', conditionTerm: '五年' }),
        at: new Date(Date.now() - 60_000),
      })
      .execute();
    // The authority made the review progress public: the case may be followed before any publication.
    await db(t)
      .insertInto('filing.case_disclosure')
      .values({ case_id: caseId, progress_public: true, changed_at: new Date(Date.now() - 3_600_000) })
      .execute();

    const r = await subscribe({ email, caseNo: caseNo.toLowerCase() });
    expect(r.body).toMatchObject({ state: 200, data: null });
    const [confirmMail] = await mails(address);
    expect(confirmMail.purpose).toBe('follow-confirm');
    expect(confirmMail.subject).toContain(caseNo);
    const firstToken = tokenIn(confirmMail.content, 'confirm');

    // Asking again adds no row and answers the same; the new mail's link replaces the first.
    const again = await subscribe({ email: address, caseNo });
    expect(again.body).toEqual(r.body);
    expect(await rows()).toBe(1);
    const secondToken = tokenIn((await mails(address))[1].content, 'confirm');
    expect(secondToken).not.toBe(firstToken);
    const stale = await post('/publicity/follow/confirm', { token: firstToken });
    expect(stale.body).toMatchObject({
      state: 6010101,
      message: translate('zh-CN', 'publicFollow.error.badToken'),
    });

    // Nothing is sent before the address confirmed.
    const step = { case_id: caseId, from_state: 'PHASE_II', to_state: 'PHASE_II', detail: '{}' };
    await db(t)
      .insertInto('filing.transition')
      .values({ ...step, action: 'extend', at: new Date() })
      .execute();
    expect((await sweep()).sent).toBe(0);
    expect(await mails(address)).toHaveLength(2);

    const confirmed = await post('/publicity/follow/confirm', { token: secondToken }, 'en');
    expect(confirmed.body.data).toMatchObject({
      state: 'CONFIRMED',
      caseNo,
      list: null,
      target: `case ${caseNo}`,
    });
    // Idempotent: confirming again says the same.
    expect((await post('/publicity/follow/confirm', { token: secondToken })).body.data.state).toBe(
      'CONFIRMED',
    );
    // What happened before the confirmation is not news.
    expect((await sweep()).sent).toBe(0);

    await publishDecision(t.server.filing.ctx, publisher, caseId);
    expect((await sweep()).sent).toBe(1);
    const alerts = (await mails(address)).filter((m) => m.purpose === 'follow-alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0].subject).toContain(caseNo);
    expect(alerts[0].content).toContain(translate('zh-CN', 'publicFollow.change.CONDITIONAL'));
    expect(alerts[0].content).toContain('鸿远重工收购北岭机械股权案');
    expect(alerts[0].content).toMatch(new RegExp(`${t.baseUrl}/publicityIndex/decision/`));
    // A second sweep finds nothing new.
    expect((await sweep()).sent).toBe(0);
    expect((await mails(address)).filter((m) => m.purpose === 'follow-alert')).toHaveLength(1);

    // The alert's own link ends the subscription; a second click says the same.
    const unsubscribe = tokenIn(alerts[0].content, 'unsubscribe');
    const ended = await post('/publicity/follow/unsubscribe', { token: unsubscribe });
    expect(ended.body.data).toMatchObject({ state: 'UNSUBSCRIBED', caseNo });
    expect((await post('/publicity/follow/unsubscribe', { token: unsubscribe })).body.data.state).toBe(
      'UNSUBSCRIBED',
    );
    // An ended subscription stays ended, even by its confirmation link.
    expect((await post('/publicity/follow/confirm', { token: secondToken })).body.data.state).toBe(
      'UNSUBSCRIBED',
    );
    await db(t)
      .insertInto('filing.transition')
      .values({ ...step, action: 'stopClock', at: new Date() })
      .execute();
    expect((await sweep()).sent).toBe(0);
    expect((await mails(address)).filter((m) => m.purpose === 'follow-alert')).toHaveLength(1);
  });

  it('alerts a saved search of new clearances that match it, and not of those that do not', async () => {
    const email = 'search.follower@example.com';
    await followed(email, {
      list: 'clearance',
      parameters: [
        { key: 'keyword', value: '鑫淼' },
        { key: 'procedure', value: '' },
      ],
    });
    const matching = await newCase({
      title: '鑫淼钢铁收购华阳矿业股权案',
      state: 'CLEARED',
      decided_on: today,
    });
    const other = await newCase({ title: '南港物流收购东岸仓储股权案', state: 'CLEARED', decided_on: today });
    await publishClearanceBatch(t.server.filing.ctx, publisher, {
      title: '关注测试批次',
      publishedOn: today,
      caseIds: [matching, other],
    });
    expect((await sweep()).sent).toBe(1);
    const alerts = (await mails(email)).filter((m) => m.purpose === 'follow-alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0].content).toContain('鑫淼钢铁收购华阳矿业股权案');
    expect(alerts[0].content).not.toContain('南港物流');
    expect(alerts[0].content).toContain(translate('zh-CN', 'publicFollow.change.CLEARANCE'));
    expect(alerts[0].subject).toContain(translate('zh-CN', 'publicFollow.list.clearance'));
    expect((await sweep()).sent).toBe(0);

    // A mail program's one-click POST (RFC 8058) to the List-Unsubscribe address ends it.
    const token = tokenIn(alerts[0].content, 'unsubscribe');
    const res = await fetch(`${t.api}/publicity/follow/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { state: string } }).data.state).toBe('UNSUBSCRIBED');
    // Any other form body, or a form body on another call, stays unsupported.
    const other415 = await fetch(`${t.api}/publicity/follow/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=x',
    });
    expect(other415.status).toBe(415);
  });

  it('refuses bad input with a translated message and stores nothing', async () => {
    const before = await rows();
    const outbox = async () =>
      Number(
        (
          await db(t)
            .selectFrom('platform.mail_outbox')
            .select(sql<number>`count(*)::int`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const mailsBefore = await outbox();
    const badEmail = await subscribe({ email: 'not-an-address', list: 'clearance' });
    expect(badEmail.body.state).not.toBe(200);
    expect(badEmail.body.message).toContain(translate('zh-CN', 'validation.email'));

    const badFilter = await subscribe({
      email: 'a@example.com',
      list: 'decision',
      parameters: [{ key: 'decisionType', value: 'MAYBE' }],
    });
    expect(badFilter.body).toMatchObject({
      state: 6010101,
      message: translate('zh-CN', 'publicData.error.badFilter', { key: 'decisionType' }),
    });
    const unknownFilter = await subscribe({
      email: 'a@example.com',
      list: 'notice',
      parameters: [{ key: 'batchId', value: 'x' }],
    });
    expect(unknownFilter.body).toMatchObject({
      state: 6010101,
      message: translate('zh-CN', 'server.unknownFilter', { key: 'batchId' }),
    });
    const both = await subscribe({ email: 'a@example.com', list: 'notice', caseNo: 'JZSB2031-0001' }, 'en');
    expect(both.body).toMatchObject({
      state: 6010101,
      message: translate('en', 'publicFollow.error.target'),
    });
    const neither = await subscribe({ email: 'a@example.com' });
    expect(neither.body.message).toBe(translate('zh-CN', 'publicFollow.error.target'));
    const unknownCase = await subscribe({ email: 'a@example.com', caseNo: 'JZSB2031-9999' });
    expect(unknownCase.body).toMatchObject({
      state: 404,
      message: translate('zh-CN', 'publicFollow.error.caseNotFound'),
    });
    // A case with nothing public is answered as an unknown number.
    await newCase({ title: '尚未公开的案件', case_no: 'JZSB2031-0002', state: 'PHASE_I' });
    const hidden = await subscribe({ email: 'a@example.com', caseNo: 'JZSB2031-0002' });
    expect(hidden.body.message).toBe(translate('zh-CN', 'publicFollow.error.caseNotFound'));
    const wrongCaptcha = await post('/publicity/follow/subscribe', {
      email: 'a@example.com',
      list: 'clearance',
      captcha: 'ZZZZ',
      requestId: 'no-such-captcha',
    });
    expect(wrongCaptcha.body.state).toBe(6020104);

    for (const path of ['/publicity/follow/confirm', '/publicity/follow/unsubscribe']) {
      const bad = await post(path, { token: 'no-such-token' }, 'zh-TW');
      expect(bad.body).toMatchObject({
        state: 6010101,
        message: translate('zh-TW', 'publicFollow.error.badToken'),
      });
    }
    const noToken = await post('/publicity/follow/unsubscribe', {});
    expect(noToken.body.message).toBe(translate('zh-CN', 'publicFollow.error.badToken'));
    expect(await rows()).toBe(before);
    expect(await outbox()).toBe(mailsBefore);
  });

  it('limits requests per e-mail address and alerts per day, and forgets requests never confirmed', async () => {
    const email = 'limited@example.com';
    for (let i = 0; i < 5; i += 1)
      expect(
        (await subscribe({ email, list: 'notice', parameters: [{ key: 'keyword', value: `限${i}` }] })).body
          .state,
      ).toBe(200);
    const sixth = await subscribe({ email, list: 'notice' });
    expect(sixth.body).toMatchObject({ state: 6010102 });
    expect(await mails(email)).toHaveLength(5);

    // An unconfirmed request's link lasts 7 days; then the link is refused and the clean-up deletes it.
    const token = tokenIn((await mails(email))[0].content, 'confirm');
    await db(t)
      .updateTable('filing.follow_subscription')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('email', '=', email)
      .execute();
    const expired = await post('/publicity/follow/confirm', { token });
    expect(expired.body).toMatchObject({
      state: 6010101,
      message: translate('zh-CN', 'publicFollow.error.tokenExpired', { days: 7 }),
    });
    expect((await pruneSubscriptions(db(t))).pending).toBe(5);
    expect(
      await db(t).selectFrom('filing.follow_subscription').select('id').where('email', '=', email).execute(),
    ).toEqual([]);

    // Past DAILY_LIMIT alerts in 24 hours an address's news wait.
    const busy = 'busy@example.com';
    await followed(busy, { list: 'decision' });
    const sub = await db(t)
      .selectFrom('filing.follow_subscription')
      .select('id')
      .where('email', '=', busy)
      .executeTakeFirstOrThrow();
    await db(t)
      .insertInto('filing.follow_alert')
      .values(
        Array.from({ length: DAILY_LIMIT }, () => ({
          id: newId(),
          subscription_id: sub.id,
          items: 1,
          unsubscribe_token_hash: newId(),
          sent_at: new Date(),
        })),
      )
      .execute();
    const prohibited = await newCase({
      title: '巨石化工合并东方材料案',
      case_no: 'JZSB2031-0003',
      state: 'PROHIBITED',
      decided_on: today,
    });
    await db(t)
      .insertInto('filing.transition')
      .values({
        case_id: prohibited,
        action: 'decide',
        from_state: 'PHASE_II',
        to_state: 'PROHIBITED',
        detail: '{}',
        at: new Date(),
      })
      .execute();
    await publishDecision(t.server.filing.ctx, publisher, prohibited);
    const result = await sweep();
    expect(result.deferred).toBeGreaterThanOrEqual(1);
    expect((await mails(busy)).filter((m) => m.purpose === 'follow-alert')).toEqual([]);
  });

  it('queues a sweep after a filing event', async () => {
    const queued = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pgboss.job where name = ${FOLLOW_SWEEP_QUEUE}`.execute(db(t))
        ).rows[0].n,
      );
    // Sweeps queued by the earlier tests' publications hold the event slot (one per slot): cleared,
    // so only this event can queue the next.
    await sql`delete from pgboss.job where name = ${FOLLOW_SWEEP_QUEUE}`.execute(db(t));
    const before = await queued();
    expect(before).toBe(0);
    t.server.filing.ctx.emit([
      { type: 'case.transition', caseId: newId(), action: 'accept', from: 'SUBMITTED', to: 'PHASE_I' },
    ]);
    await expect.poll(queued, { timeout: 10_000 }).toBeGreaterThan(before);
  });

  it('answers the Atom feed of a saved search with the matching publications only', async () => {
    const parse = (xml: string) =>
      new XMLParser({ ignoreAttributes: false }).parse(xml) as {
        feed: { title: string; entry?: { title: string } | { title: string }[] };
      };
    const titlesOf = (xml: string) => [parse(xml).feed.entry ?? []].flat().map((e) => e.title);
    const search = await fetch(
      `${t.api}/publicity/follow/feed?list=clearance&keyword=${encodeURIComponent('鑫淼')}`,
    );
    expect(search.status).toBe(200);
    expect(search.headers.get('content-type')).toContain('application/atom+xml');
    const xml = await search.text();
    expect(titlesOf(xml)).toEqual(['鑫淼钢铁收购华阳矿业股权案']);
    expect(parse(xml).feed.title).toContain('鑫淼');

    const byCase = await fetch(`${t.api}/publicity/follow/feed?caseNo=JZSB2031-0001`);
    expect(titlesOf(await byCase.text())).toEqual(['鸿远重工收购北岭机械股权案']);

    const bad = await fetch(`${t.api}/publicity/follow/feed?list=decision&decisionType=MAYBE`);
    expect(((await bad.json()) as { state: number }).state).toBe(6010101);
    const none = await fetch(`${t.api}/publicity/follow/feed`);
    expect(((await none.json()) as { message: string }).message).toBe(
      translate('zh-CN', 'publicFollow.error.target'),
    );
  });
});
