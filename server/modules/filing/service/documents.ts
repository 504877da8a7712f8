/**
 * Documents of a filing: uploads (a reference to a file in the store, checked against its SHA-256),
 * confidential/public pairs and translations, the authority's generated notices served to every party,
 * and opening a document (first-opened time of served documents; audited reads of confidential ones).
 */
import { newId } from '../../../auth/tokens.ts';
import type { Db } from '../../../db/database.ts';
import { FilingError, notFound, type Actor, type ActorOrSystem, SYSTEM_ACTOR } from '../actor.ts';
import { Code } from '../../../http/codes.ts';
import { isUploadedKind, type GeneratedKind } from '../documents/kinds.ts';
import { renderTemplate, type TemplateData } from '../documents/templates.ts';
import { isFinal } from '../state-machine.ts';
import { accessAsParty, accessCase, assertContributor, assertEditable, seesConfidential } from './access.ts';
import type { FilingContext } from './context.ts';
import { bool, ids, known, oneOf, requiredText, text } from './input.ts';
import { view } from './rows.ts';
import { inUnit, type Unit } from './unit.ts';

export async function authorityTenant(trx: Db): Promise<{ id: string; name: string }> {
  const t = await trx
    .selectFrom('platform.tenant')
    .select(['id', 'name'])
    .where('kind', '=', 'authority')
    .orderBy('created_at')
    .executeTakeFirst();
  if (!t) throw new FilingError('noAuthority', {}, Code.SERVER_ERROR);
  return t;
}

export interface FileInput {
  tenantId: string;
  attachmentId: string;
  sha256: string;
}

export async function attachDocument(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  raw: Record<string, unknown>,
) {
  const input = known(raw, [
    'kind',
    'title',
    'language',
    'confidential',
    'publicVersionOf',
    'translationOf',
    'partyId',
    'supplementId',
    'file',
  ]);
  const kind = requiredText(input.kind, 'kind', 40);
  if (!isUploadedKind(kind)) throw new FilingError('invalidValue', { field: 'kind' });
  const title = requiredText(input.title, 'title', 200);
  const language = oneOf(
    input.language ?? 'zh',
    'language',
    ['zh', 'en', 'ja', 'ko', 'de', 'fr', 'other'],
    true,
  )!;
  const confidential = bool(input.confidential, 'confidential') ?? false;
  const file = input.file as FileInput | undefined;
  if (
    !file ||
    typeof file !== 'object' ||
    typeof file.tenantId !== 'string' ||
    typeof file.attachmentId !== 'string' ||
    !/^[0-9a-f]{64}$/.test(String(file.sha256))
  )
    throw new FilingError('invalidValue', { field: 'file' });
  return inUnit(ctx, async (u) => {
    const access = await accessAsParty(u.trx, actor, caseId, 'filing:edit', { forUpdate: true });
    if (isFinal(access.case.state)) throw new FilingError('caseClosed', { state: access.case.state });
    // A party references only files of its own store space: an agent its own uploads, never whatever
    // else its principal's space holds (private messages' attachments, other cases' documents).
    if (file.tenantId !== actor.tenantId) throw new FilingError('fileNotYours', {}, Code.NO_PERMISSION);
    const stored = await ctx.store.stat(file.tenantId, file.attachmentId, u.trx);
    if (!stored) throw new FilingError('fileMissing');
    if (stored.sha256 !== file.sha256) throw new FilingError('fileHashMismatch');
    const related = async (id: unknown, field: string) => {
      const docId = text(id, field, { max: 64 });
      if (!docId) return null;
      const d = await u.trx
        .selectFrom('filing.document')
        .select(['id', 'case_id', 'confidential', 'contributed_by_tenant_id', 'language'])
        .where('id', '=', docId)
        .executeTakeFirst();
      if (!d || d.case_id !== caseId) throw notFound('document');
      assertContributor(access, d.contributed_by_tenant_id);
      return d;
    };
    const original = await related(input.publicVersionOf, 'publicVersionOf');
    if (original && (!original.confidential || confidential)) throw new FilingError('publicVersionPairing');
    const translated = await related(input.translationOf, 'translationOf');
    if (translated && (language !== 'zh' || translated.language === 'zh'))
      throw new FilingError('translationPairing');
    const partyId = text(input.partyId, 'partyId', { max: 64 });
    if (partyId) {
      const p = await u.trx
        .selectFrom('filing.party')
        .select(['case_id', 'contributed_by_tenant_id'])
        .where('id', '=', partyId)
        .executeTakeFirst();
      if (!p || p.case_id !== caseId) throw notFound('party');
      assertContributor(access, p.contributed_by_tenant_id);
    }
    const id = newId();
    await u.trx
      .insertInto('filing.document')
      .values({
        id,
        case_id: caseId,
        kind,
        title,
        language,
        confidential,
        public_version_of: original?.id ?? null,
        translation_of: translated?.id ?? null,
        party_id: partyId,
        supplement_id: text(input.supplementId, 'supplementId', { max: 64 }),
        file_tenant_id: stored.tenantId,
        attachment_id: stored.attachmentId,
        sha256: stored.sha256,
        size: stored.size,
        mime: stored.mime,
        file_name: stored.name,
        contributed_by_tenant_id: access.principalTenantId,
        uploaded_by: actor.accountId,
        created_at: u.at,
      })
      .execute();
    await u.audit({
      action: 'document.attach',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId,
      objectType: 'document',
      objectId: id,
      detail: { kind, confidential, sha256: stored.sha256 },
    });
    return { id };
  });
}

/** At most this many files of its own the authority attaches to one transition. */
export const MAX_REVIEW_ATTACHMENTS = 10;

/**
 * The authority's own files attached to one of its transitions, inside that transition's unit: each
 * attachment id is a file of the actor's (authority) tenant space in the file store, which confirms it
 * and gives its SHA-256, size, name and type; each becomes a non-confidential REVIEW_ATTACHMENT document
 * of the case (seen by every member, like the notices) and is audited. Returns the new document ids, for
 * the transition's `documentIds`. A missing file refuses the whole transition.
 *
 * `serve` (the transitions that serve a notice) serves each file with it to every member tenant (a
 * `served_document` row each, first-opened time kept; the notice's own event announces them). `internal`
 * (a delegated reviewer's proposal, 拟办意见) keeps the files inside the authority: confidential documents
 * of the authority's tenant, which no party sees and nobody is served.
 */
export async function attachReviewFiles(
  u: Unit,
  actor: Actor,
  caseId: string,
  attachmentIds: unknown,
  options: { serve?: boolean; internal?: boolean } = {},
): Promise<string[]> {
  const wanted = ids(attachmentIds, 'attachmentIds', MAX_REVIEW_ATTACHMENTS);
  const out: string[] = [];
  if (wanted.length && actor.tenantKind !== 'authority')
    throw new FilingError('fileNotYours', {}, Code.NO_PERMISSION);
  for (const attachmentId of wanted) {
    // Only a file of the caller's own store space: another tenant's id is not found there.
    const stored = await u.ctx.store.stat(actor.tenantId, attachmentId, u.trx);
    if (!stored || stored.tenantId !== actor.tenantId) throw new FilingError('fileMissing');
    const id = newId();
    await u.trx
      .insertInto('filing.document')
      .values({
        id,
        case_id: caseId,
        kind: 'REVIEW_ATTACHMENT',
        title: stored.name.replace(/\.[^.]+$/, '') || stored.name,
        language: 'zh',
        confidential: options.internal === true,
        file_tenant_id: stored.tenantId,
        attachment_id: stored.attachmentId,
        sha256: stored.sha256,
        size: stored.size,
        mime: stored.mime,
        file_name: stored.name,
        contributed_by_tenant_id: actor.tenantId,
        uploaded_by: actor.accountId,
        created_at: u.at,
      })
      .execute();
    await u.audit({
      action: 'document.attach',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId,
      objectType: 'document',
      objectId: id,
      detail: { kind: 'REVIEW_ATTACHMENT', confidential: options.internal === true, sha256: stored.sha256 },
    });
    out.push(id);
  }
  if (options.serve && !options.internal && out.length) await serveToMembers(u, caseId, out);
  return out;
}

/** Withdraws an uploaded document while the filing is editable (kept, marked removed, for the record). */
export async function removeDocument(ctx: FilingContext, actor: Actor, documentId: string) {
  return inUnit(ctx, async (u) => {
    const d = await u.trx
      .selectFrom('filing.document')
      .select(['case_id', 'contributed_by_tenant_id', 'generated'])
      .where('id', '=', documentId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!d) throw notFound('document');
    const access = await accessAsParty(u.trx, actor, d.case_id, 'filing:edit', { forUpdate: true });
    assertEditable(access);
    if (d.generated) throw new FilingError('generatedDocument');
    assertContributor(access, d.contributed_by_tenant_id);
    await u.trx
      .updateTable('filing.document')
      .set({ removed_at: u.at })
      .where('id', '=', documentId)
      .execute();
    await u.audit({
      action: 'document.remove',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId: d.case_id,
      objectType: 'document',
      objectId: documentId,
    });
  });
}

/**
 * Opens a document: who may see it, the file it points to (with its content when the store has it),
 * the first-opened time of a served document, and an audit entry for every read of a confidential one.
 */
export async function openDocument(ctx: FilingContext, actor: Actor, documentId: string) {
  const opened = await inUnit(ctx, async (u) => {
    const d = await u.trx
      .selectFrom('filing.document')
      .selectAll()
      .where('id', '=', documentId)
      .executeTakeFirst();
    if (!d) throw notFound('document');
    const access = await accessCase(u.trx, actor, d.case_id);
    if (d.confidential && !seesConfidential(access, d.contributed_by_tenant_id)) throw notFound('document');
    if (d.confidential) {
      await u.audit({
        action: 'document.readConfidential',
        actorAccountId: actor.accountId,
        actorTenantId: actor.tenantId,
        caseId: d.case_id,
        objectType: 'document',
        objectId: d.id,
        detail: { kind: d.kind, sha256: d.sha256 },
      });
    }
    if (!access.authority) {
      await u.trx
        .updateTable('filing.served_document')
        .set({ first_opened_at: u.at, first_opened_by: actor.accountId })
        .where('document_id', '=', d.id)
        .where('tenant_id', 'in', [actor.tenantId, access.principalTenantId!])
        .where('first_opened_at', 'is', null)
        .execute();
    }
    return d;
  });
  const file = await ctx.store.read(opened.file_tenant_id, opened.attachment_id);
  return { document: view(opened), content: file?.content ?? null, file: file?.ref ?? null };
}

/**
 * Generates a notice or decision from its template, stores it (authority's space), records it on the
 * case and serves it to every member tenant. Returns the document id.
 */
export async function generateAndServe(
  u: Unit,
  caseId: string,
  kind: GeneratedKind,
  actor: ActorOrSystem,
  extra: Partial<TemplateData> = {},
): Promise<string> {
  const authority = await authorityTenant(u.trx);
  const c = await u.trx
    .selectFrom('filing.case')
    .select(['title', 'case_no'])
    .where('id', '=', caseId)
    .executeTakeFirstOrThrow();
  const parties = await u.trx
    .selectFrom('filing.party')
    .select('name_zh')
    .where('case_id', '=', caseId)
    .orderBy('sn')
    .orderBy('created_at')
    .execute();
  const { title, html } = renderTemplate(kind, {
    authority: authority.name,
    caseTitle: c.title,
    caseNo: c.case_no,
    parties: parties.map((p) => p.name_zh),
    date: u.today,
    ...extra,
  });
  const ref = await u.ctx.store.put(
    {
      tenantId: authority.id,
      name: `${title}-${c.case_no ?? caseId}.html`,
      mime: 'text/html; charset=utf-8',
      content: new TextEncoder().encode(html),
    },
    u.trx,
  );
  const id = newId();
  const accountId = actor === SYSTEM_ACTOR ? null : actor.accountId;
  await u.trx
    .insertInto('filing.document')
    .values({
      id,
      case_id: caseId,
      kind,
      title,
      language: 'zh',
      confidential: false,
      file_tenant_id: ref.tenantId,
      attachment_id: ref.attachmentId,
      sha256: ref.sha256,
      size: ref.size,
      mime: ref.mime,
      file_name: ref.name,
      generated: true,
      contributed_by_tenant_id: authority.id,
      uploaded_by: accountId,
      created_at: u.at,
    })
    .execute();
  const tenantIds = await serveToMembers(u, caseId, [id]);
  u.events.push({ type: 'document.served', caseId, documentId: id, tenantIds });
  return id;
}

/** Serves documents to every active member tenant of the case; returns those tenants. */
async function serveToMembers(u: Unit, caseId: string, documentIds: string[]): Promise<string[]> {
  const members = await u.trx
    .selectFrom('filing.membership')
    .select('tenant_id')
    .where('case_id', '=', caseId)
    .where('status', '=', 'ACTIVE')
    .execute();
  const tenantIds = [...new Set(members.map((m) => m.tenant_id))];
  u.served.push(...documentIds);
  if (tenantIds.length)
    await u.trx
      .insertInto('filing.served_document')
      .values(
        documentIds.flatMap((documentId) =>
          tenantIds.map((tenantId) => ({
            id: newId(),
            case_id: caseId,
            document_id: documentId,
            tenant_id: tenantId,
            served_at: u.at,
          })),
        ),
      )
      .execute();
  return tenantIds;
}
