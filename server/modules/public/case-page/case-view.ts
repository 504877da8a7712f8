/**
 * The public view of one case (publicity.case.get): what its visible notice, clearance or decision
 * publishes, gathered by case number. Every publication is read through the lists' own visibility rules
 * (publications.ts `filteredPublications`), so the page never shows what the register hides: a case with
 * nothing visible (unknown, withdrawn, hidden rows, a notice not yet live, a decision not yet published)
 * has no page at all.
 */
import type { Db } from '../../../db/database.ts';
import { chinaDate, type PlainDate } from '../../filing/dates.ts';
import { sanitizeMessageHtml } from '../../messages/sanitize.ts';
import type { PublicList } from '../filters.ts';
import {
  clearanceView,
  decisionView,
  filteredPublications,
  noticeView,
  partiesOf,
  selectRow,
  type PubRow,
} from '../publications.ts';
import { progressPublic } from '../review-list/disclosure.ts';

export type TimelineEvent =
  'FILED' | 'ACCEPTED' | 'NOTICE_FROM' | 'NOTICE_UNTIL' | 'PHASE_II' | 'DECIDED' | 'PUBLISHED';

/** The order of events on one day: filing before acceptance before the notice, decision before publication. */
const EVENT_ORDER: TimelineEvent[] = [
  'FILED',
  'ACCEPTED',
  'NOTICE_FROM',
  'NOTICE_UNTIL',
  'PHASE_II',
  'DECIDED',
  'PUBLISHED',
];

/** States whose case never has a public page, whatever was published or disclosed before. */
const HIDDEN_STATES = new Set(['DRAFT', 'WITHDRAWN', 'DEEMED_NOT_FILED', 'RETURNED']);

/** The day the case entered Phase II (its Phase II clock's start), if it did. */
async function phaseIIStart(db: Db, caseId: string): Promise<PlainDate | null> {
  const row = await db
    .selectFrom('filing.clock')
    .select('started_on')
    .where('case_id', '=', caseId)
    .where('kind', '=', 'PHASE_II')
    .orderBy('started_on')
    .executeTakeFirst();
  return row ? dateOf(row.started_on) : null;
}

/** The parties' names as a publication joins them (、), in their order on the filing. */
async function partyNames(db: Db, caseId: string): Promise<string> {
  const rows = await db
    .selectFrom('filing.party')
    .select('name_zh')
    .where('case_id', '=', caseId)
    .orderBy('sn')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.name_zh).join('、');
}

/** The latest visible publication of a list for the case, with the long columns its page shows. */
async function latestOf(db: Db, list: PublicList, caseId: string, today: PlainDate) {
  const order = list === 'notice' ? 'p.live_from' : 'p.decided_on';
  const long = list === 'notice' ? (['p.notice_form'] as const) : (['p.full_text'] as const);
  return (await selectRow(filteredPublications(db, list, {}, today), list, today)
    .select([...long])
    .where('p.case_id', '=', caseId)
    .orderBy(order, 'desc')
    .orderBy('p.id', 'desc')
    .executeTakeFirst()) as PubRow | undefined;
}

const dateOf = (v: unknown): PlainDate | null =>
  v == null ? null : v instanceof Date ? chinaDate(v) : String(v).slice(0, 10);

function decisionPart(clearance: PubRow | undefined, decision: PubRow | undefined) {
  // A case has one decision; should it have both rows, the later decision is the one in force.
  const useClearance =
    clearance && (!decision || String(clearance.decided_on ?? '') > String(decision.decided_on ?? ''));
  if (useClearance) {
    const v = clearanceView(clearance);
    return {
      row: clearance,
      part: {
        id: v.id,
        decisionType: 'CLEARANCE' as const,
        decidedOn: v.decidedOn,
        publishedOn: dateOf(v.batchDate),
        batchId: v.batchId,
        batchTitle: v.batchTitle,
        seq: v.seq,
        conditions: null,
        conditionTerm: null,
        fullText: null,
        variations: [],
      },
    };
  }
  if (!decision) return undefined;
  const v = decisionView(decision);
  return {
    row: decision,
    part: {
      id: v.id,
      decisionType: v.decisionType,
      decidedOn: v.decidedOn,
      publishedOn: v.publishedOn,
      batchId: null,
      batchTitle: null,
      seq: null,
      conditions: v.conditions,
      conditionTerm: v.conditionTerm,
      fullText: decision.full_text ? sanitizeMessageHtml(String(decision.full_text)) : null,
      variations: v.variations,
    },
  };
}

/** The case's public page, or undefined when the case does not exist or nothing of it is public. */
export async function publicCaseView(db: Db, caseNo: string, today: PlainDate) {
  const c = await db
    .selectFrom('filing.case')
    .select([
      'id',
      'case_no',
      'state',
      'title',
      'procedure',
      'industries',
      'transaction_mode',
      'submitted_at',
      'accepted_on',
    ])
    .where('case_no', '=', caseNo)
    .executeTakeFirst();
  if (!c?.case_no || HIDDEN_STATES.has(c.state)) return undefined;
  const [noticeRow, clearanceRow, decisionRow] = await Promise.all([
    latestOf(db, 'notice', c.id, today),
    latestOf(db, 'clearance', c.id, today),
    latestOf(db, 'decision', c.id, today),
  ]);
  const decided = decisionPart(clearanceRow, decisionRow);
  // A case the authority made its progress public has a page before anything about it is published.
  const disclosed = (await progressPublic(db, [c.id])).has(c.id);
  if (!noticeRow && !decided && !disclosed) return undefined;

  // Filing and acceptance are public once the decision is, or where the authority disclosed the progress;
  // the start of Phase II only where it disclosed it.
  const datesPublic = !!decided || disclosed;
  const phaseII = disclosed ? await phaseIIStart(db, c.id) : null;
  const n = noticeRow ? noticeView(noticeRow) : undefined;
  const events: { event: TimelineEvent; date: PlainDate | null }[] = [
    ...(datesPublic
      ? [
          { event: 'FILED' as const, date: dateOf(c.submitted_at) },
          { event: 'ACCEPTED' as const, date: dateOf(c.accepted_on) },
        ]
      : []),
    { event: 'NOTICE_FROM', date: n?.liveFrom ?? null },
    { event: 'NOTICE_UNTIL', date: n?.liveUntil ?? null },
    { event: 'PHASE_II', date: phaseII },
    { event: 'DECIDED', date: decided?.part.decidedOn ?? null },
    { event: 'PUBLISHED', date: decided?.part.publishedOn ?? null },
  ];
  const timeline = events
    .filter((e): e is { event: TimelineEvent; date: PlainDate } => e.date !== null)
    .sort((a, b) =>
      a.date === b.date
        ? EVENT_ORDER.indexOf(a.event) - EVENT_ORDER.indexOf(b.event)
        : a.date < b.date
          ? -1
          : 1,
    );

  // The case's public facts as its decision publishes them, else as its notice did, else (a disclosed
  // case with nothing published yet) as the case holds them.
  const main = decided?.row ??
    noticeRow ?? {
      title: c.title,
      parties: await partyNames(db, c.id),
      procedure: c.procedure,
      industries: c.industries,
      transaction_mode: c.transaction_mode,
    };
  return {
    caseNo: c.case_no,
    name: String(main.title),
    parties: partiesOf(main.parties),
    procedure: (main.procedure ?? null) as 'SIMPLIFIED' | 'NORMAL' | null,
    industries: (main.industries ?? []) as string[],
    transactionMode: (main.transaction_mode ?? null) as string | null,
    timeline,
    notice: n
      ? {
          id: n.id,
          liveFrom: n.liveFrom,
          liveUntil: n.liveUntil,
          state: n.state,
          commentable: n.commentable,
          noticeForm: (noticeRow!.notice_form ?? null) as Record<string, unknown> | null,
        }
      : null,
    decision: decided?.part ?? null,
  };
}
