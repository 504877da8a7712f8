/**
 * Attachment records: the tenant's `attachment` rows (name, extension, size, sniffed type, SHA-256,
 * uploader, time) and the platform's `file_ref` index beside them. Contents are shared by SHA-256, so a
 * content leaves the store only when its last reference goes; both sides of that decision take the same
 * per-content lock, so an upload of the same bytes cannot slip in between.
 *
 * Who may change an attachment — replace its content (fldFile.upload or a resumable upload with `id`),
 * rename it, remove it (mayChange below, which every file operation that changes one calls):
 * - its owner, the account that uploaded it (`owner_id`), and nobody else: not another member holding
 *   file:upload or file:delete, not a tenant administrator. A file with no owner (the system wrote it)
 *   is changed only through the record that holds it.
 * - once a record holds the file, that record's rules apply and the file operations defer to them:
 *   a message is sent when it is stored (there are no drafts), so its files are what its receivers got
 *   and are never replaced or renamed; a live filing document is evidence (its SHA-256 is in the audit
 *   chain) and a published file is on the public record: the same. An employee photo may be replaced
 *   or renamed by its owner (the employee still shows the same attachment). No held file is removed
 *   (state 2, 'referenced', as before): the record must let go of it first.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import { formatDateTime } from '../http/date-time.ts';
import type { AttachmentTable } from './tables.ts';
import type { FileStorage } from './storage/index.ts';
import { fileError } from './errors.ts';
import type { Selectable } from 'kysely';

export type AttachmentRow = Selectable<AttachmentTable>;

/** The attachment as the API answers it (entity `attachment`). */
export interface AttachmentView {
  id: string;
  fileName: string;
  ext: string;
  totalBytes: number;
  typeId: string | null;
  fileType: string | null;
  note: string | null;
  mime: string | null;
  sha256: string | null;
  ownerName: string | null;
  createTime: string | undefined;
}

export function viewOf(r: AttachmentRow): AttachmentView {
  return {
    id: r.id,
    fileName: r.file_name,
    ext: r.ext ?? '',
    totalBytes: Number(r.total_bytes),
    typeId: r.type_id,
    fileType: r.file_type,
    note: r.note,
    mime: r.mime,
    sha256: r.sha256,
    ownerName: r.owner_name,
    createTime: formatDateTime(r.created_at) ?? undefined,
  };
}

export const spaceFor = (db: Db, schema: string): Kysely<Database> => db.withSchema(schema);

export async function findAttachment(db: Db, schema: string, id: string): Promise<AttachmentRow | undefined> {
  return spaceFor(db, schema).selectFrom('attachment').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function requireAttachment(db: Db, schema: string, id: string): Promise<AttachmentRow> {
  const row = await findAttachment(db, schema, id);
  if (!row) throw fileError('notFound', { id });
  return row;
}

/** Serialises everything that adds or drops a reference to one content. */
export async function lockContent(tx: Db, sha256: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${'file-content:' + sha256}))`.execute(tx);
}

/** Serialises a tenant's uploads so the quota check and the insert see the same total. */
export async function lockTenantFiles(tx: Db, tenantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${'file-tenant:' + tenantId}))`.execute(tx);
}

export async function tenantUsage(tx: Db, tenantId: string): Promise<number> {
  const row = await tx
    .selectFrom('platform.file_ref')
    .select(sql<string>`coalesce(sum(size), 0)::text`.as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The tenant this attachment belongs to when it is published (the only files served without a session). */
export async function publicOwner(db: Db, attachmentId: string): Promise<string | undefined> {
  const r = await db
    .selectFrom('platform.file_ref as f')
    .innerJoin('platform.tenant as t', 't.id', 'f.tenant_id')
    .select(['t.schema_name'])
    .where('f.attachment_id', '=', attachmentId)
    .where('f.is_public', '=', true)
    .executeTakeFirst();
  return r?.schema_name;
}

/**
 * Marks a file as published (or no longer). The domain that publishes something (a filing notice, a
 * decision, a public message) calls this for each file it shows to the public; nothing else does.
 */
export async function setFilePublic(
  db: Db,
  tenantId: string,
  attachmentId: string,
  isPublic: boolean,
): Promise<void> {
  const r = await db
    .updateTable('platform.file_ref')
    .set({ is_public: isPublic })
    .where('tenant_id', '=', tenantId)
    .where('attachment_id', '=', attachmentId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw fileError('notFound', { id: attachmentId });
}

/** What still points at an attachment: a message, an employee photo, a filing document, a publication. */
export async function referencesOf(tx: Db, schema: string, tenantId: string, id: string): Promise<string[]> {
  const space = spaceFor(tx, schema);
  const found: string[] = [];
  if (
    await space
      .selectFrom('message_attachment')
      .select('message_id')
      .where('attachment_id', '=', id)
      .executeTakeFirst()
  )
    found.push('message');
  if (await space.selectFrom('employee').select('id').where('photo', '=', id).executeTakeFirst())
    found.push('photo');
  const doc = await tx
    .selectFrom('filing.document')
    .select('id')
    .where('file_tenant_id', '=', tenantId)
    .where('attachment_id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (doc) found.push('filingDocument');
  const pub = await tx
    .selectFrom('platform.file_ref')
    .select('attachment_id')
    .where('tenant_id', '=', tenantId)
    .where('attachment_id', '=', id)
    .where('is_public', '=', true)
    .executeTakeFirst();
  if (pub) found.push('published');
  return found;
}

export type AttachmentChange = 'replace' | 'rename' | 'remove';

/** Records whose hold on a file forbids replacing or renaming it (see the rule at the top). */
const HELD_FOR_GOOD = new Set(['message', 'filingDocument', 'published']);

/** Refuses a change of an attachment that the rule at the top of this module does not allow. */
export async function mayChange(
  tx: Db,
  schema: string,
  tenantId: string,
  row: AttachmentRow,
  accountId: string,
  change: AttachmentChange,
): Promise<void> {
  if (!row.owner_id || row.owner_id !== accountId) throw fileError('notOwner', { name: nameOf(row) });
  const refs = await referencesOf(tx, schema, tenantId, row.id);
  if (change === 'remove') {
    if (refs.length) throw fileError('referenced', { name: nameOf(row), refs: refs.join(',') });
  } else if (refs.some((r) => HELD_FOR_GOOD.has(r)))
    throw fileError('locked', { name: nameOf(row), refs: refs.join(',') });
}

/**
 * Removes attachments (all or none): refused when one is missing, not the caller's, or still referenced
 * (mayChange). Contents left without any reference are removed from the store after the rows are gone.
 */
export async function removeAttachments(
  db: Db,
  storage: FileStorage,
  schema: string,
  tenantId: string,
  ids: string[],
  accountId: string,
): Promise<void> {
  const contents = await db.transaction().execute(async (tx) => {
    const rows = await spaceFor(tx, schema)
      .selectFrom('attachment')
      .selectAll()
      .where('id', 'in', ids)
      .execute();
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw fileError('notFound', { id: missing.join(',') });
    for (const r of rows) await mayChange(tx, schema, tenantId, r, accountId, 'remove');
    await spaceFor(tx, schema).deleteFrom('attachment').where('id', 'in', ids).execute();
    await tx
      .deleteFrom('platform.file_ref')
      .where('tenant_id', '=', tenantId)
      .where('attachment_id', 'in', ids)
      .execute();
    return [...new Set(rows.map((r) => r.sha256).filter((s): s is string => !!s))];
  });
  for (const sha of contents) await dropIfUnreferenced(db, storage, sha);
}

/** Removes a content from the store once no attachment of any tenant refers to it. */
export async function dropIfUnreferenced(db: Db, storage: FileStorage, sha256: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    // Under the content lock an upload of the same bytes either committed its reference before us
    // (we keep the content) or waits and writes the content again after us.
    await lockContent(tx, sha256);
    const left = await tx
      .selectFrom('platform.file_ref')
      .select('sha256')
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    if (left) return false;
    await storage.remove(sha256);
    return true;
  });
}

export const nameOf = (r: Pick<AttachmentRow, 'file_name' | 'ext'>) =>
  r.ext ? `${r.file_name}.${r.ext}` : r.file_name;
