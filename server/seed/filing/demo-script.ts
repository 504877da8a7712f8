/**
 * The demo's case histories as a script: about forty cases spread over every state of the filing state
 * machine, each a draft's content and the steps taken on it (which act, on which day and hour, by whom,
 * with which words). Nothing here writes rows: demo-runner.ts plays every step through the service (the
 * transition runner and the acts beside it), so the effects are the live ones. Days are counted back
 * from the day of seeding, so running clocks end after it; the same seed and day give the same script.
 */
import type { HolidayCalendar } from '../../modules/filing/calendar.ts';
import { addDays, chinaMidnight, type PlainDate } from '../../modules/filing/dates.ts';
import type { CaseState } from '../../modules/filing/tables.ts';
import { withCheckCharacter } from '../../modules/filing/uscc.ts';
import type { CommentInput } from '../../modules/filing/service/publications.ts';
import { translate } from '../../http/i18n.ts';
import { generateDeal } from './public.ts';
import type { Random } from './random.ts';

export interface DemoActor {
  accountId: string;
  tenantId: string;
  name: string;
}

export interface DemoPeople {
  authorityId: string;
  authorityName: string;
  divisions: { id: string; name: string; lead: DemoActor; reviewers: DemoActor[] }[];
  publisher: DemoActor;
  enterprises: { tenantId: string; name: string; filer: DemoActor }[];
  lawFirm: { tenantId: string; name: string; agent: DemoActor };
}

export interface DemoCaseSummary {
  cases: number;
  byState: Partial<Record<CaseState, number>>;
}

/** A file a filer uploads: a PDF, or plain text for a supplement's answer (the text view). */
export interface DemoUpload {
  kind: string;
  title: string;
  /** Index into the draft's parties. */
  party?: number;
  confidential?: boolean;
}

/** What the filer enters before submitting: the case fields, parties and their numbers, the market. */
export interface DemoDraft {
  procedure: 'SIMPLIFIED' | 'NORMAL';
  fields: Record<string, unknown>;
  parties: {
    fields: Record<string, unknown>;
    turnover?: Record<string, unknown>;
    share?: { share: number; bandLow: number; bandHigh: number };
  }[];
  /** The horizontal market (every party's share), and an upstream one for a vertical deal (the acquirer's). */
  markets: Record<string, unknown>[];
  noticeForm?: { title: string; summary: string; intros: string[]; reasons: number[]; remarks: string };
  uploads: DemoUpload[];
}

/** One act of a history; the runner resolves what only the service knows (ids of requests, notices). */
export type DemoAct =
  | { act: 'create'; draft: DemoDraft; agent?: DemoActor; coPartyTenantId?: string }
  | { act: 'submit' }
  | { act: 'assign'; divisionId: string; divisionName: string; handler: DemoActor }
  | { act: 'requestSupplement'; items: string; dueOn: PlainDate }
  | { act: 'answerSupplement'; answer: string; upload: DemoUpload }
  | { act: 'deemNotFiled'; reason: string }
  | { act: 'returnFiling'; reason: string }
  | { act: 'accept'; reason: string }
  | { act: 'clearPhaseI' }
  | { act: 'furtherReview'; reason: string }
  | { act: 'extend'; days: number; ground: string; reason: string }
  | { act: 'stopClock'; ground: string; reason: string }
  | { act: 'proposeRemedy'; kind: string; text: string }
  | {
      act: 'decide';
      decision: 'CLEARED' | 'CLEARED_WITH_CONDITIONS' | 'PROHIBITED';
      reason: string;
      conditions?: string;
      conditionTerm?: string;
      decisionText: string;
    }
  | { act: 'requestWithdrawal'; reason: string }
  | { act: 'consentWithdrawal' }
  | { act: 'comment'; input: CommentInput }
  /** The owner reads the notice the case's previous act served (its first opening). */
  | { act: 'openNotice' }
  | { act: 'publishBatch'; title: string; publishedOn: PlainDate; cases: number[] }
  | { act: 'publishDecision' }
  /** The authority makes the case's review progress public (the under-review list, issue 25). */
  | { act: 'discloseProgress' };

export interface DemoStep {
  /** Index of the case in the script; -1 for acts on no one case (a clearance batch). */
  case: number;
  at: Date;
  /** Who acts; null for the public (a comment). */
  by: DemoActor | null;
  step: DemoAct;
}

export interface DemoScript {
  cases: { owner: DemoActor; agent?: DemoActor; target: CaseState }[];
  /** In time order (a case's own steps keep their order on the same instant). */
  steps: DemoStep[];
}

/** One case being scripted: its steps, each at an instant after the one before. */
class ScriptedCase {
  state: CaseState = 'DRAFT';
  handler: DemoActor | null = null;
  division: DemoPeople['divisions'][number] | null = null;
  private last = 0;
  /** A phase clock's days as the service will count them (Phase I from acceptance, for deemed clearance). */
  acceptedOn: PlainDate | null = null;

  constructor(
    private readonly s: Scripting,
    readonly index: number,
    readonly owner: DemoActor,
    readonly procedure: 'SIMPLIFIED' | 'NORMAL',
    readonly agent: DemoActor | undefined,
  ) {}

  /** The filer side's acts: its agent's when it has one. */
  get filer(): DemoActor {
    return this.agent ?? this.owner;
  }

  step(on: PlainDate, by: DemoActor | null, step: DemoAct, hour?: number): void {
    const at = Math.max(this.s.instant(on, hour), this.last + 60_000);
    this.last = at;
    this.s.steps.push({ case: this.index, at: new Date(at), by, step });
  }

  then(on: PlainDate, by: DemoActor | null, step: DemoAct, to?: CaseState): void {
    this.step(on, by, step);
    if (to) this.state = to;
  }
}

interface Scripting {
  r: Random;
  steps: DemoStep[];
  instant(day: PlainDate, hour?: number): number;
}

/** The draft a filer would enter for a generated deal: complete, so it may be submitted. */
function draftOf(r: Random, procedure: 'SIMPLIFIED' | 'NORMAL', createdOn: PlainDate): DemoDraft {
  const deal = generateDeal(r);
  const signing = addDays(createdOn, -r.int(10, 60));
  const mode = deal.mode === 'MERGER_ABSORPTION' ? 'EQUITY_ACQUISITION' : deal.mode;
  const refYear = Number(signing.slice(0, 4)) - 1;
  const simplifiedReasons = procedure === 'SIMPLIFIED' ? (mode === 'JOINT_TO_SOLE' ? [6] : [1]) : [];
  const fields = {
    title: deal.title,
    procedure,
    basis: r.chance(0.9) ? 'THRESHOLD_MET' : 'VOLUNTARY',
    transactionMode: mode,
    isHorizontal: true,
    isVertical: r.chance(0.3),
    isConglomerate: false,
    jvAbroadNoChinaActivity: false,
    foreignTargetNoChinaActivity: false,
    dealValue: r.int(2, 800) * 10_000_000,
    dealCurrency: r.chance(0.8) ? 'CNY' : 'USD',
    signingDate: signing,
    plannedClosingDate: addDays(signing, r.int(90, 240)),
    referenceYear: refYear,
    industries: [deal.industry],
    rationale: `通过本次交易整合${deal.product}业务，实现规模效应与技术协同。`,
    simplifiedReasons,
  };
  const parties: DemoDraft['parties'] = deal.parties.map((p, i) => {
    const role = mode === 'JOINT_VENTURE' ? 'JV_PARENT' : i === 0 ? 'ACQUIRER' : i === 1 ? 'TARGET' : 'JV';
    const party: DemoDraft['parties'][number] = {
      fields: {
        role,
        nameZh: p.zh,
        nameOriginal: p.original,
        registeredPlace: p.place,
        establishedOn: `${r.int(1985, 2015)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
        mainBusiness: `${p.trade.product}的研发、生产和销售`,
        businessScope: `${p.trade.product}及相关产品的研发、制造、销售；技术咨询与服务。`,
        address: p.domestic
          ? `${p.place.replace('中国', '')}市高新技术产业开发区创新大道${r.int(1, 999)}号`
          : null,
        ultimateController: r.chance(0.4)
          ? `${p.place.replace('中国', '')}市人民政府国有资产监督管理委员会`
          : '自然人',
        uscc: p.domestic ? uscc(r) : null,
        sn: i,
      },
    };
    if (role !== 'JV') {
      const china = r.int(9, 400) * 100_000_000;
      const worldwide = china + r.int(0, 300) * 100_000_000;
      party.turnover = {
        year: refYear,
        worldwide,
        china,
        currency: 'CNY',
        worldwideBand: [Math.floor(worldwide * 0.96), Math.floor(worldwide * 1.04)],
        chinaBand: [Math.floor(china * 0.96), Math.floor(china * 1.04)],
      };
      const share = r.int(5, 70) / 10;
      const low = Math.floor(share / 5) * 5;
      party.share = { share, bandLow: low, bandHigh: low + 5 };
    }
    return party;
  });
  // A joint venture to be set up is itself a party (the acquired side), not yet registered anywhere.
  if (mode === 'JOINT_VENTURE')
    parties.push({
      fields: {
        role: 'JV',
        nameZh: `${deal.product}合营有限公司（拟设立）`,
        registeredPlace: '拟设立',
        mainBusiness: `${deal.product}的研发、生产和销售`,
        ultimateController: `${deal.parties[0].zh}与${deal.parties[1].zh}共同控制`,
        sn: parties.length,
      },
    });
  const names = parties.map((p) => p.fields.nameZh as string);
  const uploads: DemoUpload[] = [
    'NOTIFICATION_FORM',
    'COMPETITION_STATEMENT',
    'AGREEMENT',
    'UNDERTAKING',
    ...(procedure === 'SIMPLIFIED' ? ['NOTICE_FORM'] : []),
  ].map((kind) => ({ kind, title: translate('zh-CN', `filingFiler.documentKind.${kind}`) }));
  parties.forEach((p, i) => {
    if (p.fields.role === 'JV') return;
    uploads.push(
      { kind: 'FINANCIAL_REPORT', party: i, confidential: true, title: `${names[i]}${refYear}年度审计报告` },
      { kind: 'IDENTITY', party: i, title: `${names[i]}营业执照` },
    );
  });
  return {
    procedure,
    fields,
    parties,
    markets: [
      {
        product: deal.product,
        geography: '中国境内',
        relation: 'HORIZONTAL',
        reasoning: '需求替代和供给替代分析表明相关地域市场为中国境内。',
        sn: 0,
      },
      ...(fields.isVertical
        ? [
            {
              product: `${deal.product}上游原材料及零部件`,
              geography: '中国境内',
              relation: 'UPSTREAM',
              reasoning: '参与集中的一方为另一方的上游供应商。',
              sn: 1,
            },
          ]
        : []),
    ],
    noticeForm:
      procedure === 'SIMPLIFIED'
        ? {
            title: deal.title,
            summary: `${deal.parties[0].zh}拟${mode === 'JOINT_VENTURE' ? `与${deal.parties[1].zh}新设合营企业` : `取得${deal.parties.at(-1)!.zh}的控制权`}，交易完成后相关${deal.product}业务由其经营。`,
            intros: names.map((n) => `${n}主要从事${deal.product}相关业务。`),
            reasons: simplifiedReasons,
            remarks: `${deal.product}（中国境内）：合计份额低于15%。`,
          }
        : undefined,
    uploads,
  };
}

function uscc(r: Random): string {
  const body = Array.from({ length: 7 }, () => '0123456789ABCDEFGHJKLMNPQRTUWXY'[r.int(0, 30)]).join('');
  return withCheckCharacter(`91${r.int(110000, 650000)}MA${body}`);
}

/**
 * The histories: each entry scripts one case to a target state, with dates counted back from `today`
 * so running clocks end after it.
 */
export function demoScript(
  r: Random,
  calendar: HolidayCalendar,
  people: DemoPeople,
  today: PlainDate,
  now: Date = new Date(),
): DemoScript {
  const steps: DemoStep[] = [];
  const latest = now.getTime() - 30 * 60_000;
  const scripting: Scripting = {
    r,
    steps,
    // An instant on a China day during office hours; never later than now (a case seeded this morning
    // was not submitted this afternoon).
    instant: (day, hour = 9 + r.int(0, 7)) =>
      Math.min(chinaMidnight(day).getTime() + hour * 3600_000 + r.int(0, 59) * 60_000, latest),
  };
  // The working day `days` ago, never after today: on a weekend or holiday the next working day would
  // be in the future, so the last one before it is taken.
  let lastWorkingDay = today;
  while (calendar.isRestDay(lastWorkingDay)) lastWorkingDay = addDays(lastWorkingDay, -1);
  const D = (days: number) => {
    const day = calendar.nextWorkingDay(addDays(today, -days));
    return day <= today ? day : lastWorkingDay;
  };
  // The working day on or before `days` ago: a due date that has surely passed by today.
  const before = (days: number) => {
    let day = addDays(today, -days);
    while (calendar.isRestDay(day)) day = addDays(day, -1);
    return day;
  };
  const divisionOf = (i: number) => people.divisions[i % people.divisions.length];
  const handlerOf = (i: number) => {
    const d = divisionOf(i);
    return d.reviewers[i % d.reviewers.length];
  };
  const cases: ScriptedCase[] = [];
  let i = 0;
  const make = (procedure: 'SIMPLIFIED' | 'NORMAL', createdDaysAgo: number, viaAgent = false) => {
    const owner = people.enterprises[i % people.enterprises.length];
    const agent = viaAgent ? people.lawFirm.agent : undefined;
    const c = new ScriptedCase(scripting, i, owner.filer, procedure, agent);
    const createdOn = D(createdDaysAgo);
    // zhangwei's cases with chengang's company as co-party: every fourth of seven.
    const coPartyTenantId =
      i % 7 === 3 ? people.enterprises[(i + 1) % people.enterprises.length].tenantId : undefined;
    c.step(createdOn, owner.filer, {
      act: 'create',
      draft: draftOf(r, procedure, createdOn),
      agent,
      coPartyTenantId,
    });
    cases.push(c);
    i++;
    return c;
  };
  const lead = (c: ScriptedCase) => (c.division ?? people.divisions[0]).lead;
  const reviewer = (c: ScriptedCase) => c.handler ?? people.divisions[0].reviewers[0];
  const notice = (c: ScriptedCase, on: PlainDate, by: DemoActor, act: DemoAct, to?: CaseState) => {
    c.then(on, by, act, to);
    // Most notices are read by the owner within two days of being served.
    if (r.chance(0.7)) c.step(minDay(addDays(on, r.int(0, 2)), today), c.owner, { act: 'openNotice' }, 17);
  };
  const submitted = (procedure: 'SIMPLIFIED' | 'NORMAL', daysAgo: number, viaAgent = false) => {
    const c = make(procedure, daysAgo + r.int(3, 10), viaAgent);
    c.then(D(daysAgo), c.filer, { act: 'submit' }, 'SUBMITTED');
    const division = divisionOf(i);
    const handler = handlerOf(i);
    c.then(D(Math.max(daysAgo - 1, 0)), division.lead, {
      act: 'assign',
      divisionId: division.id,
      divisionName: division.name,
      handler,
    });
    c.handler = handler;
    c.division = division;
    return c;
  };
  const supplement = (c: ScriptedCase, on: PlainDate, dueOn: PlainDate, items: string) =>
    notice(
      c,
      on,
      reviewer(c),
      { act: 'requestSupplement', items, dueOn },
      c.state === 'SUBMITTED' ? 'AWAITING_SUPPLEMENT' : c.state,
    );
  const accepted = (procedure: 'SIMPLIFIED' | 'NORMAL', acceptedDaysAgo: number, viaAgent = false) => {
    const c = submitted(procedure, acceptedDaysAgo + r.int(10, 20), viaAgent);
    if (r.chance(0.4)) {
      supplement(
        c,
        D(acceptedDaysAgo + 8),
        D(acceptedDaysAgo + 1),
        '请补充提交交易各方上一会计年度经审计的财务报告中文译本。',
      );
      c.then(
        D(acceptedDaysAgo + 3),
        c.filer,
        {
          act: 'answerSupplement',
          answer: '已按要求补充提交相关文件、资料。',
          upload: { kind: 'SUPPLEMENT', title: '补充材料' },
        },
        'SUBMITTED',
      );
    }
    notice(
      c,
      D(acceptedDaysAgo),
      lead(c),
      { act: 'accept', reason: '申报文件、资料完备，符合立案条件。' },
      'PHASE_I',
    );
    c.acceptedOn = D(acceptedDaysAgo);
    return c;
  };
  const furtherReview = (c: ScriptedCase, on: PlainDate) =>
    notice(
      c,
      on,
      lead(c),
      { act: 'furtherReview', reason: '该项集中可能具有排除、限制竞争效果，需进一步审查。' },
      'PHASE_II',
    );

  // DRAFT ×3
  for (const days of [2, 6, 15]) make(r.chance(0.6) ? 'SIMPLIFIED' : 'NORMAL', days);
  // SUBMITTED ×4 (awaiting the completeness check)
  for (const days of [1, 3, 6, 9]) submitted(days === 6 ? 'NORMAL' : 'SIMPLIFIED', days, days === 3);
  // AWAITING_SUPPLEMENT ×3, one lapsed (the deadline job flags it for the lead)
  for (const [asked, due] of [
    [4, -8],
    [7, -5],
    [20, 2],
  ] as const) {
    const c = submitted('SIMPLIFIED', asked + 5);
    supplement(
      c,
      D(asked),
      due < 0 ? calendar.nextWorkingDay(addDays(today, -due)) : before(due),
      '请补充提交集中协议的签署版本及相关附件。',
    );
  }
  // DEEMED_NOT_FILED ×1 (the request lapsed on its due date; the lead confirms)
  {
    const c = submitted('SIMPLIFIED', 70);
    supplement(c, D(66), D(52), '请补充提交参与集中的经营者的营业额计算说明。');
    notice(
      c,
      D(48),
      lead(c),
      { act: 'deemNotFiled', reason: '补充材料期限届满，申报人未补充提交。' },
      'DEEMED_NOT_FILED',
    );
  }
  // RETURNED ×1
  {
    const c = submitted('SIMPLIFIED', 45);
    notice(
      c,
      D(38),
      lead(c),
      { act: 'returnFiling', reason: '相关市场合计份额超过15%，不符合简易案件标准。' },
      'RETURNED',
    );
  }
  // PHASE_I ×8: simplified ones with live or closed notices (the deadline job closes them), normal ones
  for (const days of [1, 3, 5, 8, 14]) {
    const c = accepted('SIMPLIFIED', days, days === 5);
    if (days === 3) {
      c.step(D(1), null, {
        act: 'comment',
        input: {
          name: '周先生',
          organisation: '某行业协会',
          contact: 'zhou@association.example.cn',
          text: '建议关注交易对下游中小客户供应稳定性的影响。',
        },
      });
      c.step(D(0), null, {
        act: 'comment',
        input: { anonymous: true, text: '该交易可能影响区域市场价格。' },
      });
    }
  }
  for (const days of [4, 12, 25]) accepted('NORMAL', days);
  // PHASE_II ×4 (one extended)
  for (const [acc, fr, ext] of [
    [60, 35, 0],
    [75, 46, 0],
    [95, 66, 0],
    [120, 92, 30],
  ] as const) {
    const c = accepted('NORMAL', acc);
    furtherReview(c, D(fr));
    // Two of the four are followed by the press: the authority publishes their progress.
    if (acc <= 75) c.step(D(fr - 1), people.publisher, { act: 'discloseProgress' }, 11);
    if (ext)
      notice(c, D(10), lead(c), {
        act: 'extend',
        days: ext,
        ground: 'OPERATOR_AGREES',
        reason: '经营者同意延长审查期限',
      });
  }
  // SUSPENDED ×2
  for (const [acc, fr, stop] of [
    [70, 45, 12],
    [100, 75, 30],
  ] as const) {
    const c = accepted('NORMAL', acc);
    furtherReview(c, D(fr));
    if (acc === 70) c.step(D(fr - 1), people.publisher, { act: 'discloseProgress' }, 11);
    notice(
      c,
      D(stop),
      lead(c),
      { act: 'stopClock', ground: 'NEW_FACTS', reason: '交易方案调整，需核实新情况。' },
      'SUSPENDED',
    );
  }
  // WITHDRAWAL_PENDING ×1 (from Phase I)
  {
    const c = accepted('SIMPLIFIED', 12);
    c.then(D(2), c.filer, { act: 'requestWithdrawal', reason: '交易各方已终止交易。' }, 'WITHDRAWAL_PENDING');
  }
  // WITHDRAWN ×1
  {
    const c = accepted('SIMPLIFIED', 80);
    c.then(
      D(72),
      c.filer,
      { act: 'requestWithdrawal', reason: '交易各方已终止交易。' },
      'WITHDRAWAL_PENDING',
    );
    notice(c, D(65), lead(c), { act: 'consentWithdrawal' }, 'WITHDRAWN');
  }
  // CLEARED ×9 (Phase I, simplified and normal; one normal via Phase II), most published in a batch
  const clearedForBatch: ScriptedCase[] = [];
  for (const [acc, decide, proc] of [
    [40, 22, 'SIMPLIFIED'],
    [45, 28, 'SIMPLIFIED'],
    [55, 35, 'SIMPLIFIED'],
    [60, 41, 'SIMPLIFIED'],
    [70, 50, 'NORMAL'],
    [90, 70, 'SIMPLIFIED'],
    [110, 88, 'SIMPLIFIED'],
    [30, 12, 'SIMPLIFIED'],
  ] as const) {
    const c = accepted(proc, acc, acc === 55);
    notice(c, D(decide), lead(c), { act: 'clearPhaseI' }, 'CLEARED');
    if (decide > 20) clearedForBatch.push(c);
  }
  {
    const c = accepted('NORMAL', 200);
    furtherReview(c, D(175));
    notice(c, D(110), lead(c), decision('CLEARED'), 'CLEARED');
    clearedForBatch.push(c);
  }
  // CLEARED_WITH_CONDITIONS ×2 and PROHIBITED ×1, published in full
  for (const [acc, fr, decide, kind] of [
    [220, 195, 120, 'CLEARED_WITH_CONDITIONS'],
    [180, 155, 70, 'CLEARED_WITH_CONDITIONS'],
    [260, 235, 150, 'PROHIBITED'],
  ] as const) {
    const c = accepted('NORMAL', acc);
    furtherReview(c, D(fr));
    if (kind === 'CLEARED_WITH_CONDITIONS')
      c.step(D(decide + 20), c.owner, { act: 'proposeRemedy', kind: 'STRUCTURAL', text: CONDITIONS });
    notice(c, D(decide), lead(c), decision(kind), kind);
    c.step(addDays(D(decide), 2), people.publisher, { act: 'publishDecision' }, 10);
  }
  // DEEMED_CLEARED ×1: Phase I runs out and the deadline job deems it cleared
  {
    const c = accepted('NORMAL', 50);
    c.state = 'DEEMED_CLEARED';
  }

  // A clearance batch of the decided demo cases.
  const batchDay = D(3);
  steps.push({
    case: -1,
    at: new Date(Math.min(chinaMidnight(batchDay).getTime() + 10 * 3600_000, latest)),
    by: people.publisher,
    step: {
      act: 'publishBatch',
      title: `市场监管总局无条件批准经营者集中案件列表（演示批次，截至${batchDay}）`,
      publishedOn: batchDay,
      cases: clearedForBatch.map((c) => c.index),
    },
  });

  // In time order; a case's steps on one instant keep theirs (the sort is stable).
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { cases: cases.map((c) => ({ owner: c.owner, agent: c.agent, target: c.state })), steps };
}

const CONDITIONS = '剥离目标公司在华东地区的全部相关业务；集中后五年内不得搭售。';

function decision(kind: 'CLEARED' | 'CLEARED_WITH_CONDITIONS' | 'PROHIBITED'): DemoAct {
  const conditional = kind === 'CLEARED_WITH_CONDITIONS';
  return {
    act: 'decide',
    decision: kind,
    reason: '经审查作出决定。',
    conditions: conditional ? CONDITIONS : undefined,
    conditionTerm: conditional ? '自决定生效之日起五年' : undefined,
    decisionText: '经审查，作出如下决定。',
  };
}

const minDay = (a: PlainDate, b: PlainDate) => (a < b ? a : b);
