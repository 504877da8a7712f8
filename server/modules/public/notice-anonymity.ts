/**
 * The authority's switch over a notice's comments (issue 13): whether a simplified-case notice accepts
 * anonymous comments. A notice opens accepting them (filing.publication.allow_anonymous defaults to true);
 * a holder of notice:manage in the authority's tenant turns that off or on again while the notice is
 * scheduled or live, and from then on the comment (server/modules/public/comment-submit.ts and the filing
 * service's submitComment) refuses an anonymous one. Each change is written to the filing audit chain.
 */
import { denied, isAuthority, notFound, type Actor } from '../filing/actor.ts';
import { hasPassed } from '../filing/calendar.ts';
import { chinaDate, type PlainDate } from '../filing/dates.ts';
import type { FilingContext } from '../filing/service/context.ts';
import { inUnit } from '../filing/service/unit.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';

export const NOTICE_MANAGE = 'notice:manage';

/** notice:manage counts only in the authority's tenant (every tenant admin holds it in their own). */
function requireNoticeManager(actor: Actor): void {
  if (!isAuthority(actor) || !actor.permissions.has(NOTICE_MANAGE)) throw denied(NOTICE_MANAGE);
}

interface NoticeRow {
  id: string;
  kind: string;
  case_id: string | null;
  title: string;
  notice_state: 'SCHEDULED' | 'LIVE' | 'CLOSED' | null;
  live_from: PlainDate | null;
  live_until: PlainDate | null;
  allow_anonymous: boolean;
  hidden_at: unknown;
}

const COLUMNS = [
  'id',
  'kind',
  'case_id',
  'title',
  'notice_state',
  'live_from',
  'live_until',
  'allow_anonymous',
  'hidden_at',
] as const;

const plainDate = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);

/** Open for comment: live and not past its last day (the closing job may not have run yet). */
const isLive = (p: NoticeRow, today: PlainDate): boolean =>
  p.notice_state === 'LIVE' && !(p.live_until && hasPassed(p.live_until, today));

export function anonymityView(p: NoticeRow, today: PlainDate) {
  const live = isLive(p, today);
  return {
    id: p.id,
    caseId: p.case_id ?? null,
    title: p.title,
    // Past its last day counts as closed, as on the public page.
    state: (live || p.notice_state === 'SCHEDULED' ? p.notice_state : 'CLOSED') as
      'SCHEDULED' | 'LIVE' | 'CLOSED',
    live,
    liveFrom: plainDate(p.live_from),
    liveUntil: plainDate(p.live_until),
    allowAnonymous: !!p.allow_anonymous,
  };
}

const id = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * A notice with its setting: by its id, or a case's latest notice (the review case screen). Hidden
 * notices (a withdrawn case's) are not found.
 */
export async function getNoticeAnonymity(
  ctx: FilingContext,
  actor: Actor,
  by: { noticeId?: unknown; caseId?: unknown },
) {
  requireNoticeManager(actor);
  const noticeId = id(by.noticeId);
  const caseId = id(by.caseId);
  if (!noticeId === !caseId) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.noticeOrCase');
  let q = ctx.db
    .selectFrom('filing.publication')
    .select([...COLUMNS])
    .where('kind', '=', 'NOTICE')
    .where('hidden_at', 'is', null);
  q = noticeId
    ? q.where('id', '=', noticeId)
    : q.where('case_id', '=', caseId!).orderBy('live_from', 'desc').orderBy('id', 'desc').limit(1);
  const p = (await q.executeTakeFirst()) as NoticeRow | undefined;
  if (!p) throw notFound('publication');
  return anonymityView(p, chinaDate(ctx.now()));
}

/**
 * Sets whether a notice accepts anonymous comments. Only while it is scheduled or live: a closed notice
 * takes no comments at all. Audited with the old and the new value; setting the same value again
 * changes and records nothing.
 */
export async function setNoticeAnonymity(
  ctx: FilingContext,
  actor: Actor,
  input: { noticeId?: unknown; allowAnonymous?: unknown },
) {
  requireNoticeManager(actor);
  const noticeId = id(input.noticeId);
  if (!noticeId) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.noticeOrCase');
  const allow = input.allowAnonymous;
  if (typeof allow !== 'boolean')
    throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.anonymityRequired');
  return inUnit(ctx, async (u) => {
    const p = (await u.trx
      .selectFrom('filing.publication')
      .select([...COLUMNS])
      .where('id', '=', noticeId)
      .forUpdate()
      .executeTakeFirst()) as NoticeRow | undefined;
    if (!p || p.kind !== 'NOTICE' || p.hidden_at) throw notFound('publication');
    if (p.notice_state !== 'SCHEDULED' && !isLive(p, u.today))
      throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.noticeClosed');
    if (p.allow_anonymous !== allow) {
      await u.trx
        .updateTable('filing.publication')
        .set({ allow_anonymous: allow })
        .where('id', '=', noticeId)
        .execute();
      await u.audit({
        action: 'publication.anonymity',
        actorAccountId: actor.accountId,
        actorTenantId: actor.tenantId,
        caseId: p.case_id,
        objectType: 'publication',
        objectId: noticeId,
        detail: { allowAnonymous: allow, was: p.allow_anonymous },
      });
    }
    return anonymityView({ ...p, allow_anonymous: allow }, u.today);
  });
}
