/**
 * What the filer's screens need beyond the service's own answers: the spec's list page shape over the
 * filing views (the list screen kind reads {dataResult, pageResult}), one part of a filing as such a
 * page (filing.case.section), and the completeness check as translated lines per section.
 */
import { translate, type Language } from '../../http/i18n.ts';
import { FilingError, notFound } from './actor.ts';
import type { Db } from '../../db/database.ts';
import { CASE_STATES, type CaseState } from './tables.ts';
import { MAX_PAGE_SIZE, pageSizeOf } from './service/page-size.ts';

type Row = Record<string, unknown>;

/** What the list helpers read of a list request; filing.case.mine's body is a looser one (key optional). */
interface ListLike {
  parameters?: { key?: string; value?: unknown }[];
  requestPage?: { pageNo?: number; limit?: number };
}

export function paramOf(req: Pick<ListLike, 'parameters'> | undefined, key: string): unknown {
  return req?.parameters?.find((p) => p.key === key)?.value;
}

export function pageOf(
  req: Pick<ListLike, 'requestPage'> | undefined,
  max: number = MAX_PAGE_SIZE,
): { page: number; size: number } {
  const size = pageSizeOf(req?.requestPage?.limit, max);
  const page = Math.max(Number(req?.requestPage?.pageNo ?? 1) || 1, 1);
  return { page, size };
}

/** Rows (all of them, or one page already cut by the service) as the spec's page result. */
export function listPage(rows: Row[], total: number, page: number, size: number) {
  return {
    dataResult: rows,
    pageResult: {
      totalCount: total,
      totalPages: Math.max(1, Math.ceil(total / size)),
      page,
      limit: size,
      totalExact: true,
    },
  };
}

export const SECTIONS = [
  'parties',
  'turnovers',
  'markets',
  'shares',
  'jurisdictions',
  'documents',
  'check',
  'clocks',
  'supplements',
  'served',
  'members',
  'transitions',
] as const;
type SectionName = (typeof SECTIONS)[number];

interface ExplainLine {
  key: string;
  params?: Record<string, unknown>;
}
interface SectionResult {
  section: string;
  complete: boolean;
  applies: boolean;
  problems: ExplainLine[];
  warnings: ExplainLine[];
}

const lines = (lang: Language, list: ExplainLine[]) =>
  list.map((l) => translate(lang, `filing.${l.key}`, l.params ?? {})).join('\n');

/** The completeness check, one row per section that applies, with what is missing spelled out. */
export function checkRows(lang: Language, check: { sections: SectionResult[] }): Row[] {
  return check.sections
    .filter((s) => s.applies)
    .map((s) => ({
      id: s.section,
      section: s.section,
      sectionName: translate(lang, `filing.section.${s.section}`),
      complete: s.complete,
      problems: lines(lang, s.problems),
      warnings: lines(lang, s.warnings),
    }));
}

/** One part of the case view (cases.getCase) as rows; parties named on turnovers, shares, documents. */
export function sectionRows(view: Record<string, unknown>, section: SectionName): Row[] {
  const list = (k: string) => (Array.isArray(view[k]) ? (view[k] as Row[]) : []);
  const partyName = new Map(list('parties').map((p) => [p.id, p.nameZh]));
  const named = (r: Row) => ({ ...r, partyName: partyName.get(r.partyId) ?? null });
  switch (section) {
    case 'turnovers':
    case 'documents':
    case 'supplements':
      return list(section).map(named);
    case 'shares':
      return list('markets').flatMap((m) =>
        (Array.isArray(m.shares) ? (m.shares as Row[]) : []).map((s) => ({
          ...named(s),
          marketId: m.id,
          marketProduct: m.product,
          marketGeography: m.geography,
        })),
      );
    case 'served': {
      const docs = new Map(list('documents').map((d) => [d.id, d]));
      return list('served').map((s) => ({
        ...s,
        kind: docs.get(s.documentId)?.kind ?? null,
        title: docs.get(s.documentId)?.title ?? null,
      }));
    }
    case 'markets':
      return list('markets').map((m) => ({ ...m, shares: undefined }));
    case 'check':
      throw new FilingError('invalidValue', { field: 'section' });
    default:
      return list(section);
  }
}

export function sectionName(value: unknown): SectionName {
  if (typeof value !== 'string' || !(SECTIONS as readonly string[]).includes(value))
    throw new FilingError('invalidValue', { field: 'section' });
  return value as SectionName;
}

/** A tenant named by its code (what people know) → its id; unknown codes are refused. */
export async function tenantIdOf(db: Db, id: unknown, code: unknown): Promise<string> {
  if (typeof id === 'string' && id) return id;
  const t =
    typeof code === 'string' && code.trim()
      ? await db.selectFrom('platform.tenant').select('id').where('code', '=', code.trim()).executeTakeFirst()
      : undefined;
  if (!t) throw new FilingError('invalidValue', { field: 'tenantId' });
  return t.id;
}

/**
 * The screens name parties by their Chinese name where the service wants ids (a share's holder, a
 * 公示表 intro): the party of that name on the case, or null. The service still checks every id.
 */
export async function partyIdByName(db: Db, caseId: string, name: unknown): Promise<string | null> {
  if (typeof name !== 'string' || !name.trim()) return null;
  const p = await db
    .selectFrom('filing.party')
    .select('id')
    .where('case_id', '=', caseId)
    .where('name_zh', '=', name.trim())
    .executeTakeFirst();
  return p?.id ?? null;
}

export async function caseOfMarket(db: Db, marketId: unknown): Promise<string | null> {
  if (typeof marketId !== 'string') return null;
  const m = await db
    .selectFrom('filing.market')
    .select('case_id')
    .where('id', '=', marketId)
    .executeTakeFirst();
  return m?.case_id ?? null;
}

/** '甲公司：简介' lines (full-width or ASCII colon) → intros; blank lines are skipped. */
export function introLines(text: string): { partyName: string; text: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.search(/[：:]/);
      return at < 0
        ? { partyName: line, text: '' }
        : { partyName: line.slice(0, at).trim(), text: line.slice(at + 1).trim() };
    });
}

/** The case view with the 公示表 intros also as those lines, named by party (what the form edits). */
export function withIntrosText<T extends { parties: Row[]; noticeForm: Row | null }>(view: T): T {
  const form = view.noticeForm;
  if (!form || !Array.isArray(form.partyIntros)) return view;
  const names = new Map(view.parties.map((p) => [p.id, p.nameZh]));
  const introsText = (form.partyIntros as { partyId: string; text: string }[])
    .map((i) => `${String(names.get(i.partyId) ?? i.partyId)}：${i.text}`)
    .join('\n');
  return { ...view, noticeForm: { ...form, introsText } };
}

export async function caseOfSupplement(db: Db, supplementId: unknown): Promise<string> {
  const s =
    typeof supplementId === 'string'
      ? await db
          .selectFrom('filing.supplement')
          .select('case_id')
          .where('id', '=', supplementId)
          .executeTakeFirst()
      : undefined;
  if (!s) throw notFound('supplement');
  return s.case_id;
}

/** Members named by their tenant (the view carries ids only). */
export async function withTenantNames(db: Db, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.map((r) => r.tenantId).filter((v): v is string => typeof v === 'string'))];
  if (!ids.length) return rows;
  const names = new Map(
    (await db.selectFrom('platform.tenant').select(['id', 'name']).where('id', 'in', ids).execute()).map(
      (t) => [t.id, t.name],
    ),
  );
  return rows.map((r) => ({ ...r, tenantName: names.get(r.tenantId as string) ?? null }));
}

/** An explanation (lines of keys) as text, one line each, ✓ / ✗ where the line passes or fails a test. */
export function explanationOf(lang: Language, lines: ExplainLine[]): string {
  return lines
    .map((l) => {
      const mark =
        (l as { ok?: boolean }).ok === true ? '✓ ' : (l as { ok?: boolean }).ok === false ? '✗ ' : '';
      return mark + translate(lang, `filing.${l.key}`, l.params ?? {});
    })
    .join('\n');
}

const fields = (line: string) => line.split(/[，,；;]/).map((s) => s.trim());
const bad = (field: string) => new FilingError('invalidValue', { field });

/** '甲公司，150，45' lines (name, worldwide and China turnover in 亿元) → the threshold helper's parties. */
export function thresholdParties(text: string): { name: string; worldwide: number; china: number }[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length || lines.length > 20) throw bad('worldwide');
  return lines.map((line) => {
    const [name, worldwide, china] = fields(line);
    const w = Number(worldwide);
    const c = Number(china);
    if (!name || !Number.isFinite(w) || !Number.isFinite(c) || w < 0 || c < 0 || c > w)
      throw bad('worldwide');
    return { name, worldwide: w * 1e8, china: c * 1e8 };
  });
}

const RELATIONS: Record<string, 'HORIZONTAL' | 'UPSTREAM' | 'DOWNSTREAM' | 'ADJACENT'> = {
  横向: 'HORIZONTAL',
  上游: 'UPSTREAM',
  下游: 'DOWNSTREAM',
  相邻: 'ADJACENT',
  HORIZONTAL: 'HORIZONTAL',
  UPSTREAM: 'UPSTREAM',
  DOWNSTREAM: 'DOWNSTREAM',
  ADJACENT: 'ADJACENT',
};

/** A relation word of the helper's text or body (only the table's own keys: never a prototype's). */
function relationOf(word: string | undefined) {
  return word !== undefined && Object.hasOwn(RELATIONS, word) ? RELATIONS[word] : undefined;
}

type Market = {
  name: string;
  relation: NonNullable<ReturnType<typeof relationOf>>;
  partyShares: { party: string; share: number }[];
};

/**
 * The simplified helper's facts from its body (an open filing-fields object): `marketsText` lines or
 * `markets` as objects, each checked (a bad one is refused naming the field); no markets is no market
 * (criteria 4 to 6 need none). Anything else of the body is not a fact of the helper and is ignored.
 */
export function simplifiedFactsOf(body: Record<string, unknown>) {
  const { marketsText, markets, jvAbroadWithoutChinaActivity, foreignTargetWithoutChinaActivity } = body;
  const flag = (v: unknown, field: string) => {
    if (v !== undefined && v !== null && typeof v !== 'boolean') throw bad(field);
    return v === true;
  };
  let list: Market[] = [];
  if (marketsText !== undefined && marketsText !== null) {
    if (typeof marketsText !== 'string') throw bad('marketsText');
    list = simplifiedMarkets(marketsText);
  } else if (markets !== undefined && markets !== null) {
    if (!Array.isArray(markets) || markets.length > 100) throw bad('markets');
    list = markets.map((m: unknown) => {
      const o = (m ?? {}) as Record<string, unknown>;
      const relation = typeof o.relation === 'string' ? relationOf(o.relation) : undefined;
      if (typeof m !== 'object' || typeof o.name !== 'string' || !o.name.trim() || !relation)
        throw bad('markets');
      const shares = o.partyShares ?? [];
      if (!Array.isArray(shares) || shares.length > 100) throw bad('share');
      return {
        name: o.name.trim(),
        relation,
        partyShares: shares.map((p: unknown) => {
          const { party, share } = (p ?? {}) as Record<string, unknown>;
          if (typeof party !== 'string' || typeof share !== 'number' || !(share >= 0 && share <= 100))
            throw bad('share');
          return { party, share };
        }),
      };
    });
  }
  const claimed = body.claimed;
  if (
    claimed !== undefined &&
    claimed !== null &&
    (!Array.isArray(claimed) || claimed.some((c) => !Number.isInteger(c) || c < 1 || c > 6))
  )
    throw bad('claimed');
  return {
    markets: list,
    jvAbroadWithoutChinaActivity: flag(jvAbroadWithoutChinaActivity, 'jvAbroadWithoutChinaActivity'),
    foreignTargetWithoutChinaActivity: flag(
      foreignTargetWithoutChinaActivity,
      'foreignTargetWithoutChinaActivity',
    ),
    jointToSoleControl: flag(body.jointToSoleControl, 'jointToSoleControl'),
    claimed: (claimed ?? undefined) as number[] | undefined,
  };
}

/** '市场；横向；甲:10，乙:3' lines → the simplified helper's markets (shares in per cent). */
export function simplifiedMarkets(text: string) {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const [name, relationWord, ...shares] = line.split(/[；;]/).map((s) => s.trim());
      const relation = relationOf(relationWord?.toUpperCase()) ?? relationOf(relationWord);
      if (!name || !relation) throw bad('share');
      const partyShares = shares
        .flatMap((s) => s.split(/[，,]/))
        .map((s) => s.trim())
        .filter(Boolean)
        .map((pair) => {
          const [party, share] = pair.split(/[:：]/).map((s) => s.trim());
          const n = Number(share);
          if (!party || !Number.isFinite(n) || n < 0 || n > 100) throw bad('share');
          return { party, share: n };
        });
      return { name, relation, partyShares };
    });
}

/** A list parameter of case states ('A,B' or a list), each one known; unknown ones are refused. */
export function statesOf(value: unknown): CaseState[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const list = Array.isArray(value) ? value : String(value).split(',');
  const states = list.map((v) => String(v).trim()).filter(Boolean);
  if (states.some((s) => !(CASE_STATES as readonly string[]).includes(s)))
    throw new FilingError('invalidValue', { field: 'status' });
  return states as CaseState[];
}
