/** Pure rules of the filing domain: legal periods, 统一社会信用代码, thresholds, simplified criteria, completeness, state machine. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HolidayCalendar, periodEnd } from '../../server/modules/filing/calendar.ts';
import { calendarGap } from '../../server/modules/filing/service/calendar-service.ts';
import { officialCalendarDays } from '../../server/modules/filing/holidays-cn.ts';
import { usccProblem, withCheckCharacter } from '../../server/modules/filing/uscc.ts';
import { checkThresholds } from '../../server/modules/filing/thresholds.ts';
import { checkSimplified } from '../../server/modules/filing/simplified.ts';
import { checkCompleteness, type FilingBundle } from '../../server/modules/filing/completeness.ts';
import { availableActions, TRANSITIONS } from '../../server/modules/filing/state-machine.ts';
import { CASE_STATES } from '../../server/modules/filing/tables.ts';
import { ALL_FILING_PERMISSIONS, FILING_ROLE_PERMISSIONS } from '../../server/modules/filing/permissions.ts';
import { GENERATED_KINDS, UPLOADED_KINDS } from '../../server/modules/filing/documents/kinds.ts';
import { translate } from '../../server/http/i18n.ts';
import { chinaDate, chinaMidnight } from '../../server/modules/filing/dates.ts';
import { loadCatalogue } from '../../schemas/catalogue.ts';
import { filingHandlers } from '../../server/modules/filing/handlers.ts';
import { transitionOf } from '../../server/modules/filing/service/transition-runner.ts';

const calendar = new HolidayCalendar(officialCalendarDays());

describe('legal periods (民法典 arts 201, 203) on the 2025/2026 calendar', () => {
  // Each row: start, days, nominal end (start day not counted), rolled due date — computed by hand.
  it.each([
    ['2026-03-02', 30, '2026-04-01', '2026-04-01'], // Wednesday: a working day, nothing rolls
    ['2026-02-12', 30, '2026-03-14', '2026-03-16'], // Saturday → Monday
    ['2026-02-12', 10, '2026-02-22', '2026-02-24'], // Spring Festival (15–23 Feb) → Tuesday 24
    ['2026-04-03', 30, '2026-05-03', '2026-05-06'], // Labour Day holiday (1–5 May) → Wednesday 6
    ['2026-06-01', 90, '2026-08-30', '2026-08-31'], // Sunday → Monday
    ['2026-06-01', 124, '2026-10-03', '2026-10-08'], // National Day (1–7 Oct) → Thursday 8
    ['2026-02-03', 11, '2026-02-14', '2026-02-14'], // a Saturday that is a 调休 working day: no roll
    ['2025-09-01', 30, '2025-10-01', '2025-10-09'], // 2025 National Day and Mid-Autumn (1–8 Oct) → Thu 9
    ['2025-01-03', 30, '2025-02-02', '2025-02-05'], // 2025 Spring Festival (28 Jan – 4 Feb) → Wed 5
    ['2025-04-26', 1, '2025-04-27', '2025-04-27'], // Sunday 27 Apr 2025 is a 调休 working day
    ['2026-12-01', 5, '2026-12-06', '2026-12-07'], // an ordinary Sunday
  ])('from %s, %i days: nominal %s, due %s', (start, days, nominal, due) => {
    const end = periodEnd(calendar, start, days);
    expect(end.nominal).toBe(nominal);
    expect(end.due).toBe(due);
  });

  it('knows which years its table covers', () => {
    expect(periodEnd(calendar, '2026-12-01', 5).calendarCovered).toBe(true);
    expect(periodEnd(calendar, '2027-12-01', 5).calendarCovered).toBe(false);
  });

  it('names the years of running or stopped due dates the table does not cover (the case warning)', () => {
    const covered = new Set([2025, 2026]);
    const clock = (state: string, due_on: string, case_id = 'c1') => ({ case_id, state, due_on });
    expect(calendarGap([clock('RUNNING', '2026-12-31')], covered)).toBeNull();
    // Ended clocks do not count: their dates are history.
    expect(calendarGap([clock('DONE', '2027-01-04'), clock('LAPSED', '2028-01-03')], covered)).toBeNull();
    expect(
      calendarGap(
        [
          clock('RUNNING', '2027-01-04'),
          clock('STOPPED', '2028-02-01'),
          clock('RUNNING', '2027-03-01', 'c2'),
        ],
        covered,
      ),
    ).toEqual({ years: '2027、2028', cases: 2 });
  });

  it('has the official holiday counts: 2025 (28 days off, 5 调休 days) and 2026 (33 days off, 6 调休 days)', () => {
    const days = officialCalendarDays();
    const count = (year: string, kind: string) =>
      days.filter((d) => d.day.startsWith(year) && d.kind === kind).length;
    expect([count('2025', 'HOLIDAY'), count('2025', 'WORKDAY')]).toEqual([28, 5]);
    expect([count('2026', 'HOLIDAY'), count('2026', 'WORKDAY')]).toEqual([33, 6]);
  });

  it('counts days in China time whatever the server zone', () => {
    expect(chinaDate(new Date('2026-03-01T16:30:00Z'))).toBe('2026-03-02');
    expect(chinaMidnight('2026-03-02').toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });
});

describe('统一社会信用代码', () => {
  it('accepts real codes and codes with a computed check character', () => {
    expect(usccProblem('91440300708461136T')).toBeNull();
    expect(usccProblem('91110108551385082Q')).toBeNull();
    expect(usccProblem(withCheckCharacter('91310115MA1H7ABC0'))).toBeNull();
  });
  it('says what is wrong', () => {
    expect(usccProblem('91440300708461136')).toBe('length');
    expect(usccProblem('91440300708461136I')).toBe('character');
    expect(usccProblem('Z1440300708461136T')).toBe('character');
    expect(usccProblem('C1440300708461136T')).toBe('authority');
    expect(usccProblem('9144A300708461136T')).toBe('region');
    expect(usccProblem('91440300708461136X')).toBe('checkDigit');
  });
});

describe('must we file? (Order 773)', () => {
  const yi = (n: number) => n * 1e8;
  it('files on the worldwide test: > 120 亿 combined and two parties > 8 亿 in China', () => {
    const r = checkThresholds(
      [
        { name: '甲', worldwide: yi(100), china: yi(9) },
        { name: '乙', worldwide: yi(25), china: yi(8.5) },
      ],
      2025,
    );
    expect(r).toMatchObject({ mustFile: true, test: 'WORLDWIDE' });
    expect(r.lines.map((l) => l.key)).toEqual([
      'threshold.referenceYear',
      'threshold.party',
      'threshold.party',
      'threshold.worldwideOver',
      'threshold.chinaNotOver',
      'threshold.eachOver',
      'threshold.resultWorldwide',
      'threshold.groupNote',
    ]);
    expect(r.lines[3].params).toEqual({ total: 125, limit: 120 });
  });
  it('files on the China test: > 40 亿 in China combined and two parties > 8 亿', () => {
    expect(
      checkThresholds([
        { name: '甲', worldwide: yi(35), china: yi(32) },
        { name: '乙', worldwide: yi(9), china: yi(9) },
      ]).test,
    ).toBe('CHINA');
  });
  it('does not file when only one party passes 8 亿 in China, whatever the totals', () => {
    const r = checkThresholds([
      { name: '甲', worldwide: yi(5000), china: yi(900) },
      { name: '乙', worldwide: yi(50), china: yi(8) },
    ]);
    expect(r).toMatchObject({ mustFile: false, test: null });
    expect(r.lines.find((l) => l.key === 'threshold.eachNotOver')?.params).toMatchObject({
      count: 1,
      names: '甲',
    });
    expect(r.lines.at(-2)).toMatchObject({ key: 'threshold.resultBelow', params: { days: 120 } });
  });
  it('needs strictly more than the limits', () => {
    expect(
      checkThresholds([
        { name: '甲', worldwide: yi(60), china: yi(8) },
        { name: '乙', worldwide: yi(60), china: yi(32) },
      ]).mustFile,
    ).toBe(false);
    expect(
      checkThresholds([
        { name: '甲', worldwide: yi(60.01), china: yi(8.01) },
        { name: '乙', worldwide: yi(60), china: yi(8.01) },
      ]).mustFile,
    ).toBe(true);
  });
  it('explains in every language', () => {
    const r = checkThresholds([
      { name: '甲', worldwide: yi(100), china: yi(9) },
      { name: '乙', worldwide: yi(25), china: yi(8.5) },
    ]);
    const line = r.lines.find((l) => l.key === 'threshold.worldwideOver')!;
    expect(translate('zh-CN', `filing.${line.key}`, line.params)).toBe(
      '全部参与集中的经营者全球营业额合计 125 亿元，超过 120 亿元',
    );
    for (const lang of ['zh-TW', 'en'] as const)
      for (const l of r.lines) expect(translate(lang, `filing.${l.key}`, l.params)).not.toContain('filing.');
  });
});

describe('simplified-case criteria (Order 67 art 19)', () => {
  it('meets (1) with a combined horizontal share under 15 %', () => {
    const r = checkSimplified({
      markets: [
        {
          name: '水泥（华东）',
          relation: 'HORIZONTAL',
          partyShares: [
            { party: '甲', share: 8 },
            { party: '乙', share: 6.5 },
          ],
        },
      ],
      claimed: [1],
    });
    expect(r.eligible).toBe(true);
    expect(r.supported).toEqual([1]);
    expect(r.criteria[0].lines[0]).toMatchObject({
      key: 'simplified.horizontalUnder',
      params: { sum: 14.5, limit: 15 },
      ok: true,
    });
    expect(r.warnings).toEqual([]);
  });
  it('needs every overlap to pass: horizontal fine but vertical 30 % fails both', () => {
    const r = checkSimplified({
      markets: [
        {
          name: 'A',
          relation: 'HORIZONTAL',
          partyShares: [
            { party: '甲', share: 5 },
            { party: '乙', share: 5 },
          ],
        },
        { name: 'B', relation: 'UPSTREAM', partyShares: [{ party: '甲', share: 30 }] },
      ],
      claimed: [1],
    });
    expect(r.eligible).toBe(false);
    expect(r.criteria[1]).toMatchObject({ status: 'NOT_MET' });
    expect(r.warnings.map((w) => w.key)).toEqual(['simplified.claimNotSupported', 'simplified.notEligible']);
  });
  it('meets (3) when there is no overlap and every share is under 25 %', () => {
    const r = checkSimplified({
      markets: [{ name: 'C', relation: 'ADJACENT', partyShares: [{ party: '甲', share: 24.9 }] }],
      claimed: [3],
    });
    expect(r.supported).toEqual([3]);
  });
  it('meets (4)/(5) on facts alone, and excludes (6) above 15 % horizontally (art 20)', () => {
    expect(
      checkSimplified({ markets: [], foreignTargetWithoutChinaActivity: true, claimed: [5] }).supported,
    ).toEqual([5]);
    const r6 = checkSimplified({
      markets: [
        {
          name: 'D',
          relation: 'HORIZONTAL',
          partyShares: [
            { party: '甲', share: 12 },
            { party: 'JV', share: 9 },
          ],
        },
      ],
      jointToSoleControl: true,
      claimed: [6],
    });
    expect(r6.eligible).toBe(false);
    expect(r6.criteria[5].lines[0].key).toBe('simplified.fact6Excluded');
  });
});

describe('completeness, section by section', () => {
  const party = (id: string, role: 'ACQUIRER' | 'TARGET', name: string) => ({
    id,
    role,
    name_zh: name,
    registered_place: '中国北京',
    main_business: '制造',
    ultimate_controller: '某国资委',
    uscc: withCheckCharacter('91110000MA00000' + id.padStart(2, '0')),
  });
  const complete = (): FilingBundle => ({
    case: {
      title: '甲收购乙股权案',
      procedure: 'SIMPLIFIED',
      basis: 'THRESHOLD_MET',
      called_in_on: null,
      transaction_mode: 'EQUITY_ACQUISITION',
      is_horizontal: true,
      is_vertical: false,
      is_conglomerate: false,
      jv_abroad_no_china_activity: false,
      foreign_target_no_china_activity: false,
      deal_value: 100,
      deal_currency: 'CNY',
      signing_date: '2026-01-05',
      planned_closing_date: '2026-06-30',
      reference_year: 2025,
      industries: ['C3011'],
      rationale: '扩大产能',
      simplified_reasons: [1],
    },
    parties: [party('1', 'ACQUIRER', '甲公司'), party('2', 'TARGET', '乙公司')],
    turnovers: [
      { party_id: '1', year: 2025, china_band_low: 1, worldwide_band_low: 1 },
      { party_id: '2', year: 2025, china_band_low: 1, worldwide_band_low: 1 },
    ],
    markets: [
      {
        id: 'm',
        product: '水泥',
        geography: '华东',
        relation: 'HORIZONTAL',
        shares: [
          { party_id: '1', holder_name: '甲公司', share: 5 },
          { party_id: '2', holder_name: '乙公司', share: 4 },
        ],
      },
    ],
    jurisdictions: [],
    noticeForm: {
      title: '甲收购乙股权案',
      summary: '甲公司拟收购乙公司全部股权。',
      party_intros: [
        { partyId: '1', text: '甲' },
        { partyId: '2', text: '乙' },
      ],
      reasons: [1],
      remarks: '水泥（华东）：0-5%、0-5%',
    },
    documents: [
      ...['NOTIFICATION_FORM', 'COMPETITION_STATEMENT', 'AGREEMENT', 'UNDERTAKING', 'NOTICE_FORM'].map(
        (kind) => ({ id: kind, kind, party_id: null, language: 'zh', translation_of: null }),
      ),
      ...['1', '2'].flatMap((p) =>
        ['FINANCIAL_REPORT', 'IDENTITY'].map((kind) => ({
          id: kind + p,
          kind,
          party_id: p,
          language: 'zh',
          translation_of: null,
        })),
      ),
    ],
  });

  it('a complete filing passes every section', () => {
    const r = checkCompleteness(complete());
    expect(r.sections.filter((s) => !s.complete)).toEqual([]);
    expect(r).toMatchObject({ complete: true, firstIncomplete: null });
  });

  it('names the section and the missing piece', () => {
    const b = complete();
    b.documents = b.documents.filter((d) => !(d.kind === 'IDENTITY' && d.party_id === '2'));
    const r = checkCompleteness(b);
    expect(r.firstIncomplete).toBe('documents');
    const docs = r.sections.find((s) => s.section === 'documents')!;
    expect(docs.problems).toEqual([
      { key: 'completeness.partyDocumentMissing', params: { kind: 'IDENTITY', party: '乙公司' } },
    ]);
    expect(translate('zh-CN', `filing.${docs.problems[0].key}`, docs.problems[0].params)).toBe(
      '乙公司：缺少身份证明或注册登记证明',
    );
  });

  it('checks the 公示表: 200 characters, one intro per party, matching reasons', () => {
    const b = complete();
    b.noticeForm!.summary = '交'.repeat(201);
    b.noticeForm!.party_intros = b.noticeForm!.party_intros.slice(0, 1);
    const notice = checkCompleteness(b).sections.find((s) => s.section === 'noticeForm')!;
    expect(notice.problems.map((p) => p.key)).toEqual([
      'completeness.summaryTooLong',
      'completeness.introMissing',
    ]);
  });

  it('wants a Chinese translation of a foreign document and the reference year before signing', () => {
    const b = complete();
    b.documents.push({ id: 'en', kind: 'AGREEMENT', party_id: null, language: 'en', translation_of: null });
    b.case.reference_year = 2026;
    const r = checkCompleteness(b);
    expect(r.firstIncomplete).toBe('case');
    expect(r.sections.find((s) => s.section === 'documents')!.problems[0].key).toBe(
      'completeness.translationMissing',
    );
  });

  it('warns, without blocking, when shares do not support the ticked simplified reason', () => {
    const b = complete();
    b.markets[0].shares[0].share = 14;
    const s = checkCompleteness(b).sections.find((x) => x.section === 'simplified')!;
    expect(s.complete).toBe(true);
    expect(s.warnings.map((w) => w.key)).toContain('simplified.claimNotSupported');
  });

  it('does not ask a normal case for the 公示表', () => {
    const b = complete();
    b.case.procedure = 'NORMAL';
    b.noticeForm = null;
    b.documents = b.documents.filter((d) => d.kind !== 'NOTICE_FORM');
    const r = checkCompleteness(b);
    expect(r.complete).toBe(true);
    expect(r.sections.find((s) => s.section === 'noticeForm')).toMatchObject({ applies: false });
  });
});

describe('state machine', () => {
  it('gives each state its actions, each to the side the domain model names', () => {
    const lead = new Set(FILING_ROLE_PERMISSIONS.reviewLead);
    const reviewer = new Set(FILING_ROLE_PERMISSIONS.reviewer);
    const filer = new Set(FILING_ROLE_PERMISSIONS.filer);
    const names = (state: (typeof CASE_STATES)[number], side: 'filer' | 'authority', p: Set<string>) =>
      availableActions(state, side, p).map((t) => t.action);
    expect(names('DRAFT', 'filer', filer)).toEqual(['submit']);
    expect(names('SUBMITTED', 'authority', reviewer)).toEqual(['requestSupplement']);
    expect(names('SUBMITTED', 'authority', lead)).toEqual(['requestSupplement', 'returnFiling', 'accept']);
    expect(names('PHASE_I', 'authority', lead)).toEqual(['clearPhaseI', 'furtherReview', 'stopClock']);
    expect(names('PHASE_II', 'authority', lead)).toEqual(['extend', 'decide', 'stopClock']);
    expect(names('PHASE_II', 'filer', filer)).toEqual(['requestWithdrawal']);
    expect(names('WITHDRAWAL_PENDING', 'authority', lead)).toEqual(['consentWithdrawal', 'refuseWithdrawal']);
    for (const final of ['CLEARED', 'WITHDRAWN', 'DEEMED_CLEARED', 'RETURNED', 'DEEMED_NOT_FILED'] as const) {
      expect(names(final, 'authority', lead)).toEqual([]);
      expect(names(final, 'filer', filer)).toEqual([]);
    }
  });
  it('offers every action people take over HTTP: the catalogue names it, an effect takes it', () => {
    const named = [...loadCatalogue().values()].filter((op) => op.transition);
    for (const op of named) {
      expect(
        TRANSITIONS.map((t) => t.action),
        op.id,
      ).toContain(op.transition);
      expect(transitionOf(op.transition!), op.id).toBeTypeOf('function');
      expect(filingHandlers[op.id], op.id).toBeTypeOf('function');
    }
    // The answer to a 补正 order is taken by its own route (by the request's id, with the files uploaded
    // in the answer form); the deemed clearance by the deadline job alone.
    const byRoute = named.map((op) => op.transition);
    const people = TRANSITIONS.filter((t) => t.side !== 'system').map((t) => t.action);
    expect(people.filter((a) => !byRoute.includes(a))).toEqual(['answerSupplement']);
    expect(new Set(byRoute).size).toBe(byRoute.length);
  });

  it('has a translated name for every state and action', () => {
    for (const s of CASE_STATES) expect(translate('en', `filing.state.${s}`)).not.toContain('filing.');
    for (const t of TRANSITIONS)
      expect(translate('zh-TW', `filing.action.${t.action}`)).not.toContain('filing.');
  });
});

describe('translations of the filing domain', () => {
  const sources = () => {
    const dir = new URL('../../server/modules/filing/', import.meta.url);
    const files = readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.ts'));
    return files.map((f) => readFileSync(new URL(String(f), dir), 'utf8')).join('\n');
  };
  const all = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => m[1]);

  it('has a text in every language for each error, object, field and explanation the code produces', () => {
    const text = sources();
    const keys = new Set<string>([
      ...all(/new FilingError\(\s*'(\w+)'/g, text).map((k) => `filing.error.${k}`),
      ...all(/notFound\('(\w+)'\)/g, text).map((k) => `filing.object.${k}`),
      ...all(/field: '(\w+)'/g, text).map((k) => `filing.field.${k}`),
      ...all(/\b(?:text|requiredText|date|oneOf|int|amount|bool|ids)\([^,()]+, '(\w+)'/g, text).map(
        (k) => `filing.field.${k}`,
      ),
      ...all(/'((?:threshold|simplified|completeness)\.\w+)'/g, text).map((k) => `filing.${k}`),
      ...['4', '5', '6'].flatMap((n) => [`filing.simplified.fact${n}Yes`, `filing.simplified.fact${n}No`]),
      ...[...UPLOADED_KINDS, ...GENERATED_KINDS].map((k) => `filing.documentKind.${k}`),
      ...['length', 'character', 'authority', 'region', 'checkDigit'].map((k) => `filing.uscc.${k}`),
      ...ALL_FILING_PERMISSIONS.map((p) => `filing.permission.${p.replace(':', '.')}`),
    ]);
    expect(keys.size).toBeGreaterThan(150);
    const missing: string[] = [];
    for (const lang of ['zh-CN', 'zh-TW', 'en'] as const)
      for (const key of keys)
        if (
          translate(lang, key, {
            field: 'title',
            what: 'case',
            state: 'DRAFT',
            action: 'submit',
            section: 'case',
            kind: 'OTHER',
            relation: 'horizontal',
            problem: 'length',
          }) === key
        )
          missing.push(`${lang}: ${key}`);
    expect(missing).toEqual([]);
  });
});
