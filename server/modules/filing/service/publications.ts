/**
 * What is public (domain-model.md): unconditional clearances in dated batches, simplified-case notices
 * (live 10 days, then closed) with their 公示表, conditional and prohibition decisions in full. Withdrawn
 * cases are never listed by name; nothing of a normal case is public before its decision. Public comments
 * arrive on a live notice and are triaged by reviewers.
 */
import { sql } from 'kysely';
import { newId } from '../../../auth/tokens.ts';
import { FilingError, has, notFound, requirePermission, type Actor } from '../actor.ts';
import { hasPassed } from '../calendar.ts';
import { chinaDate } from '../dates.ts';
import type { CommentTriage } from '../tables.ts';
import type { FilingContext } from './context.ts';
import { bool, date, ids, known, oneOf, requiredText, text } from './input.ts';
import { views } from './rows.ts';
import { inUnit } from './unit.ts';

/** Publishes a batch of unconditional clearances (序号 1…n), by default every cleared case not yet listed. */
export async function publishClearanceBatch(
  ctx: FilingContext,
  actor: Actor,
  input: { title: string; publishedOn: string; caseIds?: string[] },
) {
  requirePermission(actor, 'review:publish');
  const title = requiredText(input.title, 'title', 200);
  const publishedOn = date(input.publishedOn, 'publishedOn', true)!;
  const only = ids(input.caseIds, 'caseIds', 2000);
  return inUnit(ctx, async (u) => {
    let q = u.trx
      .selectFrom('filing.case as c')
      .select(['c.id', 'c.title', 'c.procedure', 'c.transaction_mode', 'c.industries', 'c.decided_on'])
      .where('c.state', '=', 'CLEARED')
      .where((e) =>
        e.not(
          e.exists(
            e
              .selectFrom('filing.publication as p')
              .select('p.id')
              .whereRef('p.case_id', '=', 'c.id')
              .where('p.kind', '=', 'CLEARANCE'),
          ),
        ),
      )
      .orderBy('c.decided_on')
      .orderBy('c.case_no');
    if (only.length) q = q.where('c.id', 'in', only);
    const cases = await q.execute();
    if (cases.length === 0) throw new FilingError('noCasesToPublish');
    const parties = await u.trx
      .selectFrom('filing.party')
      .select(['case_id', 'name_zh'])
      .where(
        'case_id',
        'in',
        cases.map((c) => c.id),
      )
      .orderBy('sn')
      .orderBy('created_at')
      .execute();
    const batchId = newId();
    await u.trx
      .insertInto('filing.publication_batch')
      .values({
        id: batchId,
        title,
        published_on: publishedOn,
        created_by: actor.accountId,
        created_at: u.at,
      })
      .execute();
    await u.trx
      .insertInto('filing.publication')
      .values(
        cases.map((c, i) => ({
          id: newId(),
          kind: 'CLEARANCE' as const,
          case_id: c.id,
          batch_id: batchId,
          seq: i + 1,
          title: c.title,
          parties: parties
            .filter((p) => p.case_id === c.id)
            .map((p) => p.name_zh)
            .join('、'),
          procedure: c.procedure,
          transaction_mode: c.transaction_mode,
          industries: c.industries,
          decided_on: c.decided_on,
          published_by: actor.accountId,
          published_at: u.at,
        })),
      )
      .execute();
    await u.audit({
      action: 'publication.batch',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      objectType: 'publication_batch',
      objectId: batchId,
      detail: { title, publishedOn, count: cases.length },
    });
    // Followers of these cases (and of searches they match) are told once this commits.
    u.events.push({ type: 'publication.published', caseIds: cases.map((c) => c.id) });
    return { batchId, count: cases.length };
  });
}

/** Publishes a conditional clearance or a prohibition in full, with its conditions and their term. */
export async function publishDecision(ctx: FilingContext, actor: Actor, caseId: string) {
  requirePermission(actor, 'review:publish');
  return inUnit(ctx, async (u) => {
    const c = await u.trx.selectFrom('filing.case').selectAll().where('id', '=', caseId).executeTakeFirst();
    if (!c) throw notFound('case');
    if (c.state !== 'CLEARED_WITH_CONDITIONS' && c.state !== 'PROHIBITED')
      throw new FilingError('notPublishable');
    const kind = c.state === 'PROHIBITED' ? 'PROHIBITION' : 'CONDITIONAL';
    const exists = await u.trx
      .selectFrom('filing.publication')
      .select('id')
      .where('case_id', '=', caseId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (exists) throw new FilingError('alreadyPublished');
    const decision = await u.trx
      .selectFrom('filing.transition')
      .select(['detail', 'document_ids'])
      .where('case_id', '=', caseId)
      .where('action', '=', 'decide')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const detail = decision.detail as { conditions?: string; conditionTerm?: string };
    const doc = decision.document_ids[0]
      ? await u.trx
          .selectFrom('filing.document')
          .select(['file_tenant_id', 'attachment_id'])
          .where('id', '=', decision.document_ids[0])
          .executeTakeFirst()
      : undefined;
    const file = doc ? await ctx.store.read(doc.file_tenant_id, doc.attachment_id, u.trx) : null;
    const parties = await u.trx
      .selectFrom('filing.party')
      .select('name_zh')
      .where('case_id', '=', caseId)
      .orderBy('sn')
      .orderBy('created_at')
      .execute();
    const id = newId();
    await u.trx
      .insertInto('filing.publication')
      .values({
        id,
        kind,
        case_id: caseId,
        title: c.title,
        parties: parties.map((p) => p.name_zh).join('、'),
        procedure: c.procedure,
        transaction_mode: c.transaction_mode,
        industries: c.industries,
        decided_on: c.decided_on,
        full_text: file ? new TextDecoder().decode(file.content) : null,
        conditions: detail.conditions ?? null,
        condition_term: detail.conditionTerm ?? null,
        published_by: actor.accountId,
        published_at: u.at,
      })
      .execute();
    await u.audit({
      action: 'publication.decision',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId,
      objectType: 'publication',
      objectId: id,
      detail: { kind },
    });
    u.events.push({ type: 'publication.published', caseIds: [caseId] });
    return { id };
  });
}

export interface CommentInput {
  anonymous?: boolean;
  name?: string;
  organisation?: string;
  contact?: string;
  text: string;
  attachment?: { tenantId: string; attachmentId: string; sha256: string };
}

const CONTACT = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

/**
 * A public comment on a live simplified-case notice (no login; captcha and rate limits are the HTTP
 * layer's). It lands in the reviewers' triage list.
 */
export async function submitComment(
  ctx: FilingContext,
  publicationId: string,
  raw: CommentInput,
  meta: { ip?: string } = {},
) {
  const input = known(raw, ['anonymous', 'name', 'organisation', 'contact', 'text', 'attachment']);
  const anonymous = bool(input.anonymous, 'anonymous') ?? false;
  const name = text(input.name, 'name', { max: 64 });
  const organisation = text(input.organisation, 'organisation', { max: 200 });
  const contact = text(input.contact, 'contact', { max: 100 });
  const body = requiredText(input.text, 'text', 5000);
  if (!anonymous && !name && !organisation) throw new FilingError('required', { field: 'name' });
  if (!anonymous && !contact) throw new FilingError('contactRequired');
  if (contact && !CONTACT.test(contact)) throw new FilingError('invalidValue', { field: 'contact' });
  const attachment = input.attachment as CommentInput['attachment'];
  if (
    attachment &&
    (typeof attachment.attachmentId !== 'string' || !/^[0-9a-f]{64}$/.test(String(attachment.sha256)))
  )
    throw new FilingError('invalidValue', { field: 'file' });
  return inUnit(ctx, async (u) => {
    const p = await u.trx
      .selectFrom('filing.publication')
      .selectAll()
      .where('id', '=', publicationId)
      .executeTakeFirst();
    if (!p || p.kind !== 'NOTICE' || p.hidden_at) throw notFound('publication');
    if (p.notice_state !== 'LIVE' || (p.live_until && hasPassed(p.live_until, u.today)))
      throw new FilingError('noticeNotLive');
    if (anonymous && !p.allow_anonymous) throw new FilingError('anonymousNotAllowed');
    if (attachment) {
      const stored = await ctx.store.stat(attachment.tenantId, attachment.attachmentId, u.trx);
      if (!stored || stored.sha256 !== attachment.sha256) throw new FilingError('fileHashMismatch');
    }
    const id = newId();
    await u.trx
      .insertInto('filing.comment')
      .values({
        id,
        publication_id: publicationId,
        case_id: p.case_id,
        anonymous,
        name: anonymous ? null : name,
        organisation: anonymous ? null : organisation,
        contact,
        text: body,
        attachment_tenant_id: attachment?.tenantId ?? null,
        attachment_id: attachment?.attachmentId ?? null,
        attachment_sha256: attachment?.sha256 ?? null,
        ip: meta.ip ?? null,
        created_at: u.at,
      })
      .execute();
    u.events.push({ type: 'comment.received', caseId: p.case_id, commentId: id });
    return { id };
  });
}

/** What a comment's triage may be (the column's check); a list filter names one of them. */
const COMMENT_TRIAGES: readonly CommentTriage[] = ['NEW', 'RELEVANT', 'NOT_RELEVANT', 'SPAM'];

export async function listComments(
  ctx: FilingContext,
  actor: Actor,
  query: { triage?: string; caseId?: string; page?: number; size?: number } = {},
) {
  requirePermission(actor, 'comment:triage');
  const triage = oneOf(query.triage, 'triage', COMMENT_TRIAGES);
  const size = Math.min(Math.max(query.size ?? 20, 1), 100);
  const page = Math.max(query.page ?? 1, 1);
  const today = chinaDate(ctx.now());
  let q = ctx.db
    .selectFrom('filing.comment as m')
    .innerJoin('filing.publication as p', 'p.id', 'm.publication_id');
  if (triage) q = q.where('m.triage', '=', triage);
  if (query.caseId) q = q.where('m.case_id', '=', query.caseId);
  // A delegated reviewer (no review:allCases) triages the comments of the cases it handles only.
  if (!has(actor, 'review:allCases'))
    q = q.where('m.case_id', 'in', (e) =>
      e.selectFrom('filing.case').select('id').where('handler_account_id', '=', actor.accountId),
    );
  const [rows, total] = await Promise.all([
    q
      .select([
        'm.id',
        'm.case_id',
        'm.publication_id',
        'p.title as notice_title',
        'm.anonymous',
        'm.name',
        'm.organisation',
        'm.contact',
        'm.text',
        'm.attachment_id',
        'p.allow_anonymous as notice_allow_anonymous',
        // Whether the notice still takes comments (live, not past its last day): its switch is offered then.
        sql<boolean>`(p.notice_state = 'LIVE' and p.live_until >= ${today}::date)`.as('notice_live'),
        'm.triage',
        'm.triage_note',
        'm.created_at',
      ])
      .orderBy('m.created_at', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: views(rows), total: Number(total.n), page, size };
}

export async function triageComment(
  ctx: FilingContext,
  actor: Actor,
  commentId: string,
  raw: { triage: string; note?: string },
) {
  requirePermission(actor, 'comment:triage');
  const triage = oneOf(raw.triage, 'triage', ['RELEVANT', 'NOT_RELEVANT', 'SPAM'] as const, true)!;
  const note = text(raw.note, 'note', { max: 2000 });
  return inUnit(ctx, async (u) => {
    const c = await u.trx
      .selectFrom('filing.comment as m')
      .innerJoin('filing.case as k', 'k.id', 'm.case_id')
      .select(['m.id', 'm.case_id', 'k.handler_account_id'])
      .where('m.id', '=', commentId)
      .forUpdate('m')
      .executeTakeFirst();
    if (!c || (!has(actor, 'review:allCases') && c.handler_account_id !== actor.accountId))
      throw notFound('comment');
    await u.trx
      .updateTable('filing.comment')
      .set({ triage, triage_note: note, triaged_by: actor.accountId, triaged_at: u.at })
      .where('id', '=', commentId)
      .execute();
    await u.audit({
      action: 'comment.triage',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId: c.case_id,
      objectType: 'comment',
      objectId: commentId,
      detail: { triage },
    });
  });
}
