/**
 * The review side's lists over HTTP on the seeded demo: worklist rows carry the days left to the due date
 * that matters; the office items — 待办 (open cases I handle) and 已办 (cases I moved) — follow an
 * assignment and a transition; the staff list for assigning a handler is the authority's, for holders of
 * review:assign only, and assigning someone outside the authority is refused and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKindsOf } from './databases.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { demoTokens } from '../support/demo-sign-in.ts';

interface Row {
  id: string;
  state: string;
  dueOn: string | null;
  daysLeft: number | null;
  handlerName: string | null;
  calendarNote?: string | null;
}

describe.each(dbKindsOf(import.meta.url))('review lists on %s', (kind) => {
  let t: TestServer;
  const tokenOf = demoTokens(() => t);
  const as = async (account: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(t, method, path, { token: await tokenOf(account), body });
  const list = async (account: string, name: string) => {
    const res = await as(account, 'POST', '/filing/worklist', { list: name, size: 100 });
    expect(res.body.state, name).toBe(200);
    return res.body.data.rows as Row[];
  };

  beforeAll(async () => {
    t = await startTestServer(kind, { seedFilingDemo: true }, { filingWorkers: false });
  });
  afterAll(async () => t?.close());

  it('gives each worklist row the days left to its due date', async () => {
    const rows = await list('wangjun', 'phaseI');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const days = Math.round(
        (Date.parse(r.dueOn!) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000,
      );
      // China's date may be a day ahead of UTC's.
      expect(Math.abs(r.daysLeft! - days)).toBeLessThanOrEqual(1);
    }
    const overdue = await list('wangjun', 'overdue');
    for (const r of overdue.filter((o) => o.daysLeft !== null && o.state !== 'AWAITING_SUPPLEMENT'))
      expect(r.daysLeft).toBeLessThan(0);
  });

  it('marks a row whose due date lies in a year the holiday calendar does not hold', async () => {
    const years = await t.server.database.db.selectFrom('filing.calendar_day').select('day').execute();
    const covered = new Set(years.map((y) => String(y.day).slice(0, 4)));
    // Phase II runs 90 days and longer: from late in a covered year its due date reaches the next one.
    const rows = [...(await list('wangjun', 'phaseI')), ...(await list('wangjun', 'phaseII'))];
    for (const r of rows.filter((x) => x.dueOn))
      expect(r.calendarNote, r.dueOn!).toBe(covered.has(r.dueOn!.slice(0, 4)) ? null : 'UNCOVERED');
    // Entering the year's first day covers it: the mark goes.
    const uncovered = rows.find((x) => x.calendarNote === 'UNCOVERED');
    if (uncovered) {
      await t.server.database.db
        .insertInto('filing.calendar_day')
        .values({ day: `${uncovered.dueOn!.slice(0, 4)}-01-01`, kind: 'HOLIDAY', name: '元旦' })
        .execute();
      const day = `${uncovered.dueOn!.slice(0, 4)}-01-01`;
      const again = await list('wangjun', uncovered.state === 'PHASE_I' ? 'phaseI' : 'phaseII');
      await t.server.database.db.deleteFrom('filing.calendar_day').where('day', '=', day).execute();
      expect(again.find((x) => x.id === uncovered.id)!.calendarNote).toBeNull();
    }
  });

  it('lists the staff for assignment to holders of review:assign only', async () => {
    const staff = await as('wangjun', 'GET', '/filing/staff/list');
    expect(staff.body.state).toBe(200);
    const names = (staff.body.data.rows as { name: string }[]).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['李静', '赵磊', '王军']));
    expect(names).not.toContain('张伟'); // a filer, in an enterprise tenant
    expect((await as('lijing', 'GET', '/filing/staff/list')).body.state).toBe(6010104);
    expect((await as('liuna', 'GET', '/filing/staff/list')).body.state).toBe(6010104);
  });

  it("puts an assigned case in the handler's 待办 and the lead's 已办; refuses a handler outside the authority", async () => {
    const waiting = await list('wangjun', 'awaitingCheck');
    const target = waiting.find((r) => r.handlerName !== '赵磊')!;
    const staff = (await as('wangjun', 'GET', '/filing/staff/list')).body.data.rows as {
      accountId: string;
      name: string;
    }[];
    const zhaolei = staff.find((s) => s.name === '赵磊')!;

    expect((await list('zhaolei', 'myPending')).map((r) => r.id)).not.toContain(target.id);
    const assigned = await as('wangjun', 'POST', `/filing/case/assign?caseId=${target.id}`, {
      handlerAccountId: zhaolei.accountId,
      divisionName: '审查一处',
    });
    expect(assigned.body.state).toBe(200);
    expect((await list('zhaolei', 'myPending')).map((r) => r.id)).toContain(target.id);
    expect((await list('wangjun', 'myHandled')).map((r) => r.id)).toContain(target.id);
    // 李静 made no move on it.
    expect((await list('lijing', 'myHandled')).map((r) => r.id)).not.toContain(target.id);

    // An account that is not authority staff: refused, the handler stays.
    const refused = await as('wangjun', 'POST', `/filing/case/assign?caseId=${target.id}`, {
      handlerAccountId: 'no-such-account',
    });
    expect(refused.body.state).not.toBe(200);
    expect(refused.body.message).toMatch(/[\u4e00-\u9fff]/);
    const after = await as('wangjun', 'GET', `/filing/case/get?caseId=${target.id}`);
    expect(after.body.data.handler.name).toBe('赵磊');
  });
});
