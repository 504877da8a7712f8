/**
 * Section-by-section completeness of a filing: each section says whether it is complete and, if not,
 * exactly what is missing (translation keys under `filing.` with parameters). Pure over a loaded bundle;
 * submit and accept refuse while any section is incomplete.
 */
import type { ExplainLine } from './explain.ts';
import { checkSimplified, type SimplifiedMarket } from './simplified.ts';
import { usccProblem } from './uscc.ts';
import {
  PARTY_ROLES_NEEDING_DOCUMENTS,
  REQUIRED_PARTY_DOCUMENTS,
  requiredCaseDocuments,
} from './documents/kinds.ts';
import type { PartyRole, Procedure } from './tables.ts';
import { isPlainDate } from './dates.ts';

export const SECTIONS = [
  'case',
  'transaction',
  'parties',
  'turnover',
  'markets',
  'jurisdictions',
  'simplified',
  'noticeForm',
  'documents',
] as const;
export type Section = (typeof SECTIONS)[number];

export const NOTICE_SUMMARY_MAX = 200;
/** GB/T 4754-2017: a section letter, optionally with a 2-, 3- or 4-digit division/group/class code. */
export const INDUSTRY_CODE = /^[A-T](\d{2}|\d{3}|\d{4})?$/;

export interface BundleCase {
  title: string;
  procedure: Procedure;
  basis: string | null;
  called_in_on: string | null;
  transaction_mode: string | null;
  is_horizontal: boolean;
  is_vertical: boolean;
  is_conglomerate: boolean;
  jv_abroad_no_china_activity: boolean;
  foreign_target_no_china_activity: boolean;
  deal_value: string | number | null;
  deal_currency: string | null;
  signing_date: string | null;
  planned_closing_date: string | null;
  reference_year: number | null;
  industries: string[];
  rationale: string | null;
  simplified_reasons: number[];
}

export interface BundleParty {
  id: string;
  role: PartyRole;
  name_zh: string;
  registered_place: string | null;
  main_business: string | null;
  ultimate_controller: string | null;
  uscc: string | null;
}

export interface FilingBundle {
  case: BundleCase;
  parties: BundleParty[];
  turnovers: { party_id: string; year: number; china_band_low: unknown; worldwide_band_low: unknown }[];
  markets: {
    id: string;
    product: string;
    geography: string;
    relation: SimplifiedMarket['relation'];
    shares: { party_id: string | null; holder_name: string; share: number | string }[];
  }[];
  jurisdictions: { jurisdiction: string; status: string }[];
  noticeForm: {
    title: string;
    summary: string;
    party_intros: { partyId: string; text: string }[];
    reasons: number[];
    remarks: string;
  } | null;
  documents: {
    id: string;
    kind: string;
    party_id: string | null;
    language: string;
    translation_of: string | null;
  }[];
}

export interface SectionResult {
  section: Section;
  complete: boolean;
  /** False when the section does not apply (e.g. the 公示表 of a normal case). */
  applies: boolean;
  problems: ExplainLine[];
  /** Advice that does not block (the simplified criteria: the lead may return the filing). */
  warnings: ExplainLine[];
}

export interface Completeness {
  complete: boolean;
  sections: SectionResult[];
  /** The first incomplete section, for "validation says exactly which section is incomplete". */
  firstIncomplete: Section | null;
}

const blank = (s: string | null | undefined) => !s || !s.trim();
const isDomestic = (place: string | null) =>
  !!place && /^(中国|中华人民共和国)/.test(place) && !/(香港|澳门|台湾)/.test(place);

export function checkCompleteness(b: FilingBundle): Completeness {
  const c = b.case;
  const sections: SectionResult[] = [];
  const section = (name: Section, applies: boolean, problems: ExplainLine[], warnings: ExplainLine[] = []) =>
    sections.push({
      section: name,
      applies,
      complete: !applies || problems.length === 0,
      problems: applies ? problems : [],
      warnings: applies ? warnings : [],
    });
  const missing = (field: string): ExplainLine => ({ key: 'completeness.missing', params: { field } });

  // Case
  const cp: ExplainLine[] = [];
  if (blank(c.title)) cp.push(missing('title'));
  if (!c.basis) cp.push(missing('basis'));
  if (c.basis === 'CALLED_IN' && !c.called_in_on) cp.push(missing('calledInOn'));
  if (!c.reference_year) cp.push(missing('referenceYear'));
  if (c.reference_year && c.signing_date && c.reference_year !== Number(c.signing_date.slice(0, 4)) - 1)
    cp.push({
      key: 'completeness.referenceYearNotBeforeSigning',
      params: { year: c.reference_year, signing: c.signing_date },
    });
  if (c.industries.length === 0) cp.push(missing('industries'));
  for (const code of c.industries)
    if (!INDUSTRY_CODE.test(code)) cp.push({ key: 'completeness.badIndustry', params: { code } });
  if (blank(c.rationale)) cp.push(missing('rationale'));
  section('case', true, cp);

  // Transaction
  const tp: ExplainLine[] = [];
  if (!c.transaction_mode) tp.push(missing('transactionMode'));
  if (!c.signing_date) tp.push(missing('signingDate'));
  if (!c.planned_closing_date) tp.push(missing('plannedClosingDate'));
  if (
    c.signing_date &&
    c.planned_closing_date &&
    isPlainDate(c.signing_date) &&
    c.planned_closing_date < c.signing_date
  )
    tp.push({ key: 'completeness.closingBeforeSigning' });
  if (c.deal_value !== null && c.deal_value !== undefined && !c.deal_currency)
    tp.push(missing('dealCurrency'));
  section('transaction', true, tp);

  // Parties
  const pp: ExplainLine[] = [];
  const acquiring = b.parties.filter((p) => ['ACQUIRER', 'MERGING', 'JV_PARENT'].includes(p.role));
  const acquired = b.parties.filter((p) => ['TARGET', 'MERGING', 'JV'].includes(p.role));
  if (b.parties.length < 2 || acquiring.length === 0 || acquired.length === 0)
    pp.push({ key: 'completeness.partiesTooFew' });
  for (const p of b.parties) {
    const name = p.name_zh || '—';
    for (const [field, value] of [
      ['registeredPlace', p.registered_place],
      ['mainBusiness', p.main_business],
      ['ultimateController', p.ultimate_controller],
    ] as const)
      if (blank(value)) pp.push({ key: 'completeness.partyMissing', params: { party: name, field } });
    if (isDomestic(p.registered_place) && blank(p.uscc))
      pp.push({ key: 'completeness.partyMissing', params: { party: name, field: 'uscc' } });
    if (!blank(p.uscc) && usccProblem(p.uscc!))
      pp.push({ key: 'completeness.partyBadUscc', params: { party: name } });
  }
  section('parties', true, pp);

  // Turnover of the reference year, for every party whose turnover counts (not a seller's retained group).
  const up: ExplainLine[] = [];
  for (const p of b.parties.filter((p) => p.role !== 'SELLER' && p.role !== 'JV')) {
    const t = b.turnovers.find((t) => t.party_id === p.id && t.year === c.reference_year);
    if (!t)
      up.push({
        key: 'completeness.turnoverMissing',
        params: { party: p.name_zh, year: c.reference_year ?? '—' },
      });
    else if (t.china_band_low === null || t.worldwide_band_low === null)
      up.push({ key: 'completeness.turnoverBandMissing', params: { party: p.name_zh } });
  }
  section('turnover', true, up);

  // Relevant markets
  const mp: ExplainLine[] = [];
  const needs: [boolean, string[], string][] = [
    [c.is_horizontal, ['HORIZONTAL'], 'horizontal'],
    [c.is_vertical, ['UPSTREAM', 'DOWNSTREAM'], 'vertical'],
    [c.is_conglomerate, ['ADJACENT'], 'conglomerate'],
  ];
  for (const [flag, relations, name] of needs)
    if (flag && !b.markets.some((m) => relations.includes(m.relation)))
      mp.push({ key: 'completeness.marketMissing', params: { relation: name } });
  for (const m of b.markets)
    if (!m.shares.some((s) => s.party_id))
      mp.push({
        key: 'completeness.marketSharesMissing',
        params: { market: `${m.product}（${m.geography}）` },
      });
  section('markets', true, mp);

  // Other jurisdictions: optional, but each row complete.
  const jp: ExplainLine[] = [];
  for (const j of b.jurisdictions) if (blank(j.jurisdiction)) jp.push(missing('jurisdiction'));
  section('jurisdictions', true, jp);

  // Simplified reasons against the shares
  const simplified = c.procedure === 'SIMPLIFIED';
  const sp: ExplainLine[] = [];
  const sw: ExplainLine[] = [];
  if (simplified) {
    if (c.simplified_reasons.length === 0) sp.push(missing('simplifiedReasons'));
    else sw.push(...checkSimplified(simplifiedFacts(b)).warnings);
  }
  section('simplified', simplified, sp, sw);

  // 公示表
  const np: ExplainLine[] = [];
  if (simplified) {
    const f = b.noticeForm;
    if (!f) np.push(missing('noticeForm'));
    else {
      if (blank(f.title)) np.push(missing('noticeTitle'));
      const length = [...(f.summary ?? '')].length;
      if (length === 0) np.push(missing('noticeSummary'));
      if (length > NOTICE_SUMMARY_MAX)
        np.push({ key: 'completeness.summaryTooLong', params: { length, max: NOTICE_SUMMARY_MAX } });
      for (const p of b.parties)
        if (!f.party_intros.some((i) => i.partyId === p.id && !blank(i.text)))
          np.push({ key: 'completeness.introMissing', params: { party: p.name_zh } });
      const reasons = [...f.reasons].sort().join(',');
      if (reasons !== [...c.simplified_reasons].sort().join(','))
        np.push({ key: 'completeness.noticeReasonsDiffer' });
      if (f.reasons.some((r) => r <= 3) && blank(f.remarks)) np.push(missing('noticeRemarks'));
    }
  }
  section('noticeForm', simplified, np);

  // Documents
  const dp: ExplainLine[] = [];
  const live = b.documents;
  for (const kind of requiredCaseDocuments(c.procedure))
    if (!live.some((d) => d.kind === kind))
      dp.push({ key: 'completeness.documentMissing', params: { kind } });
  for (const p of b.parties.filter((p) => PARTY_ROLES_NEEDING_DOCUMENTS.includes(p.role)))
    for (const kind of REQUIRED_PARTY_DOCUMENTS)
      if (!live.some((d) => d.kind === kind && d.party_id === p.id))
        dp.push({ key: 'completeness.partyDocumentMissing', params: { kind, party: p.name_zh } });
  for (const d of live.filter((d) => d.language !== 'zh' && !d.translation_of))
    if (!live.some((t) => t.translation_of === d.id && t.language === 'zh'))
      dp.push({ key: 'completeness.translationMissing', params: { kind: d.kind } });
  section('documents', true, dp);

  const first = sections.find((s) => !s.complete);
  return { complete: !first, sections, firstIncomplete: first?.section ?? null };
}

export function simplifiedFacts(b: FilingBundle) {
  const partyName = new Map(b.parties.map((p) => [p.id, p.name_zh]));
  return {
    markets: b.markets.map((m) => ({
      name: `${m.product}（${m.geography}）`,
      relation: m.relation,
      partyShares: m.shares
        .filter((s) => s.party_id)
        .map((s) => ({ party: partyName.get(s.party_id!) ?? s.holder_name, share: Number(s.share) })),
    })),
    jvAbroadWithoutChinaActivity: b.case.jv_abroad_no_china_activity,
    foreignTargetWithoutChinaActivity: b.case.foreign_target_no_china_activity,
    jointToSoleControl: b.case.transaction_mode === 'JOINT_TO_SOLE',
    claimed: b.case.simplified_reasons,
  };
}
