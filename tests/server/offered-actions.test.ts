/**
 * Issue 24: the screens never offer what the server refuses. Every demo case × every demo account reads
 * the case view over HTTP (filing.case.get) and every answer is held to it:
 *
 * - refused side: each procedure action of the state machine the view does not list in `actions`, each
 *   update/remove of a row whose `mayChange` is false and each revoke of a membership whose `mayRevoke` is
 *   false is sent with a well-formed request; it must be refused (not 2xx, a translated message) and leave
 *   every table of the filing schema as it was (a refused read offers nothing, so everything is tried);
 * - accepted side: each action the view offers must be taken.
 *
 * Strategy for the accepted side: an action changes its case, so each must run on an untouched case, and
 * starting a fresh server per (state, role, action) would cost a template copy and a start each. Instead
 * actions on one case never change what another case offers, so a database serves one action per case:
 * round 1 runs all refusal checks (they change nothing) and then one offered action per case; each
 * further round is a fresh copy of the seeded template (same ids, same data) taking, per case, one
 * (state, role, action) combination not yet taken. Rounds go on until every combination met is taken.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../support/demo-sign-in.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { db } from './auth-support.ts';
import { TRANSITIONS } from '../../server/modules/filing/state-machine.ts';
import { addDays, chinaDate } from '../../server/modules/filing/dates.ts';

const ACCOUNTS = [
  'zhangwei',
  'liuna',
  'chengang',
  'tanglu',
  'lijing',
  'huangyong',
  'wangjun',
  'zhenghong',
  'heping',
] as const;
type Account = (typeof ACCOUNTS)[number];

interface Request {
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

/** What the database holds of a case, for requests the view cannot name (e.g. to a refused reader). */
interface CaseFacts {
  id: string;
  state: string;
  supplementId: string | null;
}

type Row = Record<string, unknown> & { id: string };
interface CaseView {
  case: { id: string; state: string };
  viewer: { mayEdit: boolean };
  actions: string[];
  pendingProposal: { id: string } | null;
  parties: Row[];
  turnovers: Row[];
  markets: (Row & { shares: Row[] })[];
  jurisdictions: Row[];
  documents: Row[];
  members: Row[];
  supplements: Row[];
}

const REASON = '经审查，依法作出本决定。';
/** Offered while the filing is incomplete (the refusal says what to complete); see the accepted side. */
const INCOMPLETE_REFUSED = ['submit', 'accept'];
const ILLEGAL_REQUEST = 6010101;
/** The procedure actions people take (deemCleared is the deadline job's, with no operation). */
const ACTIONS = TRANSITIONS.filter((t) => t.side !== 'system').map((t) => t.action);

/** A well-formed request for a procedure action on a case (or a proposal), as the screens send it. */
function actionRequest(action: string, c: CaseFacts, view: CaseView | null, today: string): Request | null {
  const caseId = { caseId: c.id };
  const on = (path: string, body?: unknown): Request => ({ path, query: caseId, body });
  switch (action) {
    case 'submit':
      return on('/filing/case/submit');
    case 'answerSupplement': {
      const open = view?.supplements.find((s) => s.state === 'OPEN')?.id ?? c.supplementId;
      return open
        ? { path: '/filing/supplement/answer', query: { supplementId: open }, body: { answer: REASON } }
        : null;
    }
    case 'requestSupplement':
      return on('/filing/case/requestSupplement', {
        items: '请补充提交集中协议。',
        dueOn: addDays(today, 15),
      });
    case 'deemNotFiled':
      return on('/filing/case/deemNotFiled', { reason: REASON });
    case 'returnFiling':
      return on('/filing/case/return', { reason: REASON });
    case 'accept':
      return on('/filing/case/accept', { reason: REASON });
    case 'clearPhaseI':
      return on('/filing/case/clearPhaseI', { reason: REASON });
    case 'furtherReview':
      return on('/filing/case/furtherReview', { reason: REASON });
    case 'extend':
      return on('/filing/case/extend', { days: 10, ground: 'OPERATOR_AGREES', reason: REASON });
    case 'decide':
      return on('/filing/case/decide', { decision: 'CLEARED', reason: REASON });
    case 'stopClock':
      return on('/filing/case/stopClock', { ground: 'NEW_FACTS', reason: REASON });
    case 'restartClock':
      return on('/filing/case/restartClock', { reason: REASON });
    case 'requestWithdrawal':
      return on('/filing/case/requestWithdrawal', { reason: '交易各方决定终止本次交易。' });
    case 'consentWithdrawal':
      return on('/filing/case/consentWithdrawal', { reason: REASON });
    case 'refuseWithdrawal':
      return on('/filing/case/refuseWithdrawal', { reason: REASON });
    case 'propose':
      return on('/filing/case/propose', { action: 'accept', reason: REASON });
    case 'decideProposal':
      return view?.pendingProposal
        ? {
            path: '/filing/proposal/decide',
            query: { proposalId: view.pendingProposal.id },
            body: { adopt: true },
          }
        : null;
    default:
      return null;
  }
}

/** Valid bodies for the row calls, so that only the object check can refuse them. */
const TURNOVER = {
  worldwide: 1_000_000_000,
  china: 950_000_000,
  worldwideBand: [950_000_000, 1_040_000_000],
  chinaBand: [900_000_000, 980_000_000],
};

/**
 * Update and remove of each row the view says is not the viewer's to change. Where one rule closes every
 * row alike — a reader refused the case (`view` is then another reader's), or a viewer who may edit
 * nothing now (`viewer.mayEdit` false) — the first row of each kind stands for the rest; members are
 * judged one by one (revoking does not depend on editing).
 */
function rowRequests(view: CaseView, caseId: string, stranger: boolean): [string, Request][] {
  const alike = stranger || !view.viewer.mayEdit;
  const pick = <T extends Row>(rows: T[], open: (r: T) => boolean, sample = alike): T[] =>
    sample ? rows.filter((r) => stranger || !open(r)).slice(0, 1) : rows.filter((r) => !open(r));
  const changes = (r: Row) => r.mayChange === true;
  const out: [string, Request][] = [];
  const add = (what: string, path: string, query: Record<string, string>, body?: unknown) =>
    out.push([what, { path, query, body }]);
  for (const p of pick(view.parties, changes)) {
    add(`party.update ${p.id}`, '/filing/party/update', { partyId: p.id }, { mainBusiness: '改写' });
    add(`party.remove ${p.id}`, '/filing/party/remove', { partyId: p.id });
  }
  for (const r of pick(view.turnovers, changes)) {
    const body = { year: r.year, ...TURNOVER };
    add(`turnover.save ${r.id}`, '/filing/turnover/save', { partyId: String(r.partyId) }, body);
    add(`turnover.remove ${r.id}`, '/filing/turnover/remove', { turnoverId: r.id });
  }
  for (const m of pick(view.markets, changes)) {
    const body = { id: m.id, product: '改写', geography: '中国境内', relation: 'HORIZONTAL' };
    add(`market.save ${m.id}`, '/filing/market/save', { caseId }, body);
    add(`market.remove ${m.id}`, '/filing/market/remove', { marketId: m.id });
  }
  for (const m of view.markets)
    for (const s of pick(m.shares, changes)) {
      const holder = s.partyId ? { partyId: s.partyId } : { holderName: s.holderName ?? '其他竞争者' };
      const body = { id: s.id, ...holder, year: s.year, share: 2, bandLow: 0, bandHigh: 5 };
      add(`share.save ${s.id}`, '/filing/share/save', { marketId: m.id }, body);
      add(`share.remove ${s.id}`, '/filing/share/remove', { shareId: s.id });
    }
  for (const j of pick(view.jurisdictions, changes)) {
    const body = { id: j.id, jurisdiction: '欧盟', status: 'FILED' };
    add(`jurisdiction.save ${j.id}`, '/filing/jurisdiction/save', { caseId }, body);
    add(`jurisdiction.remove ${j.id}`, '/filing/jurisdiction/remove', { jurisdictionId: j.id });
  }
  for (const d of pick(view.documents, changes))
    add(`document.remove ${d.id}`, '/filing/document/remove', { documentId: d.id });
  for (const m of pick(view.members, (r) => r.mayRevoke === true, stranger))
    add(`member.revoke ${m.id}`, '/filing/member/revoke', { membershipId: m.id });
  return out;
}

/** A translated message: Chinese words, not a key or a code. */
const translated = (message: string) => /[\u4e00-\u9fff]/.test(message) && !/^[\w.]+$/.test(message);

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>, size = 6): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

class Round {
  readonly tokenOf = demoTokens(() => this.t);
  constructor(readonly t: TestServer) {}

  async send(account: Account, r: Request) {
    const query = new URLSearchParams(r.query).toString();
    return call(this.t, 'POST', `${r.path}?${query}`, {
      token: await this.tokenOf(account),
      body: r.body ?? {},
      headers: { 'accept-language': 'zh-CN' },
    });
  }

  async view(account: Account, caseId: string): Promise<CaseView | null> {
    const res = await call(this.t, 'GET', `/filing/case/get?caseId=${caseId}`, {
      token: await this.tokenOf(account),
      headers: { 'accept-language': 'zh-CN' },
    });
    return res.body.state === 200 ? (res.body.data as CaseView) : null;
  }

  /** Whether filing.case.check finds the filing complete. */
  async complete(account: Account, caseId: string): Promise<boolean> {
    const res = await call(this.t, 'GET', `/filing/case/check?caseId=${caseId}`, {
      token: await this.tokenOf(account),
    });
    return res.body.data?.complete === true;
  }

  /** Every row of every table of the filing schema as one digest per table; views' audit entries aside. */
  async fingerprint(): Promise<Map<string, string>> {
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
       where table_schema = 'filing' and table_type = 'BASE TABLE' order by 1`.execute(db(this.t));
    const statement = tables.rows
      .map((r) => {
        const where = r.name === 'audit_log' ? ` where x.action <> 'case.view'` : '';
        return `select '${r.name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from filing."${r.name}" x${where}`;
      })
      .join(' union all ');
    const rows = await sql.raw<{ t: string; d: string }>(statement).execute(db(this.t));
    return new Map(rows.rows.map((r) => [r.t, r.d]));
  }

  async cases(): Promise<CaseFacts[]> {
    const rows = await sql<CaseFacts>`
      select c.id, c.state,
             (select s.id from filing.supplement s where s.case_id = c.id
               order by (s.state = 'OPEN') desc, s.requested_at desc limit 1) as "supplementId"
        from filing."case" c order by c.state, c.id`.execute(db(this.t));
    return rows.rows;
  }
}

const start = () =>
  startTestServer('pglite', { seedFilingDemo: true, rateLimitPerMinute: 0 }, { filingWorkers: false });

describe('offered actions of the demo cases', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const t of servers) await t.close();
  });

  it('offers every demo account exactly the actions and row changes the server takes', async () => {
    const problems: string[] = [];
    const today = chinaDate(new Date());
    const first = new Round(await start());
    servers.push(first.t);
    const cases = await first.cases();
    expect(new Set(cases.map((c) => c.state)).size).toBeGreaterThan(12);

    // Refused side, and what each (case, account) is offered.
    const offers = new Map<string, { account: Account; action: string; state: string }[]>();
    let before = await first.fingerprint();
    for (const c of cases) {
      const here: { account: Account; action: string; state: string }[] = [];
      // A reader refused the case is sent the rows another reader's view names.
      const views = new Map<Account, CaseView | null>(
        await Promise.all(ACCOUNTS.map(async (a) => [a, await first.view(a, c.id)] as const)),
      );
      const anyView = [...views.values()].find(Boolean) ?? null;
      for (const account of ACCOUNTS) {
        const v = views.get(account)!;
        const who = `${c.state} case ${c.id} as ${account}`;
        const offered = v?.actions ?? [];
        for (const action of offered) {
          if (!actionRequest(action, c, v, today))
            problems.push(`${who}: offers ${action}, no request known`);
          here.push({ account, action, state: c.state });
        }
        if (offered.includes('deemCleared')) problems.push(`${who}: offers the deadline job's deemCleared`);
        const calls: [string, Request][] = ACTIONS.filter((a) => !offered.includes(a)).flatMap((a) => {
          const r = actionRequest(a, c, v, today);
          return r ? [[a, r] as [string, Request]] : [];
        });
        if (anyView) calls.push(...rowRequests(v ?? anyView, c.id, v === null));
        // Refusals change nothing, so a few at a time (the digest below is taken once they are all in).
        await inBatches(calls, async ([what, r]) => {
          const res = await first.send(account, r);
          if (res.body.state === 200) problems.push(`${who}: ${what} not offered but accepted`);
          else if (!translated(res.body.message ?? ''))
            problems.push(`${who}: ${what} refused untranslated: ${res.body.state} ${res.body.message}`);
        });
      }
      // One digest per case: a change names the case; the calls that were taken are named above.
      const after = await first.fingerprint();
      for (const [table, digest] of after)
        if (before.get(table) !== digest)
          problems.push(`${c.state} case ${c.id}: refusals changed filing.${table}`);
      before = after;
      offers.set(c.id, here);
    }

    // Accepted side: one untouched case per (state, account, action), one action per case per database.
    // Submit and accept are offered on an incomplete filing on purpose: their refusal names the section
    // to complete (filing-api.test.ts, filing-access.test.ts). Such a refusal counts only when
    // filing.case.check agrees, and the combination is then taken on another case that offers it.
    const key = (o: { state: string; account: string; action: string }) =>
      `${o.state} ${o.account} ${o.action}`;
    const pending = new Set([...offers.values()].flat().map(key));
    const tried = new Map<string, Set<string>>();
    const untried = (k: string, caseId: string) => !tried.get(k)?.has(caseId);
    let round: Round | null = first;
    let accepted = 0;
    while (pending.size) {
      if (!round) {
        round = new Round(await start());
        servers.push(round.t);
      }
      const taken = new Set<string>();
      for (const c of cases) {
        const pick = offers
          .get(c.id)!
          .find((o) => pending.has(key(o)) && !taken.has(key(o)) && untried(key(o), c.id));
        if (!pick) continue;
        const k = key(pick);
        taken.add(k);
        pending.delete(k);
        tried.set(k, (tried.get(k) ?? new Set()).add(c.id));
        const v = await round.view(pick.account, c.id);
        const who = `${c.state} case ${c.id} as ${pick.account}: offered ${pick.action}`;
        if (!v?.actions.includes(pick.action)) {
          problems.push(`${who} in the first database, not in a copy`);
          continue;
        }
        const res = await round.send(pick.account, actionRequest(pick.action, c, v, today)!);
        if (res.body.state === 200) {
          accepted += 1;
          continue;
        }
        const incomplete =
          INCOMPLETE_REFUSED.includes(pick.action) &&
          res.body.state === ILLEGAL_REQUEST &&
          !(await round.complete(pick.account, c.id));
        if (!incomplete) problems.push(`${who} but refused: ${res.body.state} ${res.body.message}`);
        else if ([...offers].some(([id, os]) => untried(k, id) && os.some((o) => key(o) === k)))
          pending.add(k);
      }
      if (round !== first) {
        servers.splice(servers.indexOf(round.t), 1);
        await round.t.close();
      }
      round = null;
    }
    expect(problems).toEqual([]);
    expect(accepted).toBeGreaterThan(30); // the demo offers this much: the walk was not vacuous
  }, 300_000);
});
