/**
 * The filing's DocumentStore over the file store (server/files): a filer's document is an attachment
 * uploaded to its own tenant space (the attachment selector, upload or tus), and a generated notice is
 * written as an attachment of the authority's space. So every filing document is an ordinary file: its
 * SHA-256 checked on attach, previewable, counted in the tenant's quota, and — while a filing document
 * points at it — refused deletion by the file store (attachments.ts `referencesOf`).
 *
 * Contents written by the earlier ContentTableStore (filing.stored_content, e.g. the demo's notices)
 * stay readable: an id the file store does not know is looked up there.
 */
import { Readable } from 'node:stream';
import type { Db } from '../../../db/database.ts';
import { newId } from '../../../auth/tokens.ts';
import {
  lockContent,
  lockTenantFiles,
  nameOf,
  spaceFor,
  type AttachmentRow,
} from '../../../files/attachments.ts';
import type { FileStorage } from '../../../files/storage/index.ts';
import { ContentTableStore, type DocumentStore, type StoredFileRef } from './store.ts';

async function tenantSchema(db: Db, tenantId: string): Promise<string | null> {
  const t = await db
    .selectFrom('platform.tenant')
    .select('schema_name')
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return t?.schema_name ?? null;
}

const refOf = (tenantId: string, r: AttachmentRow): StoredFileRef | null =>
  r.sha256
    ? {
        tenantId,
        attachmentId: r.id,
        sha256: r.sha256,
        size: Number(r.total_bytes),
        name: nameOf(r),
        mime: r.mime ?? 'application/octet-stream',
      }
    : null;

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

export class FileStoreDocuments implements DocumentStore {
  private readonly legacy: ContentTableStore;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {
    this.legacy = new ContentTableStore(db);
  }

  private async attachment(tenantId: string, attachmentId: string, db: Db) {
    const schema = await tenantSchema(db, tenantId);
    if (!schema) return null;
    const row = await spaceFor(db, schema)
      .selectFrom('attachment')
      .selectAll()
      .where('id', '=', attachmentId)
      .executeTakeFirst();
    return row ?? null;
  }

  async stat(tenantId: string, attachmentId: string, db: Db = this.db): Promise<StoredFileRef | null> {
    const row = await this.attachment(tenantId, attachmentId, db);
    // An attachment without a SHA-256 (uploaded before the file store hashed contents) cannot be checked.
    if (row) return refOf(tenantId, row);
    return this.legacy.stat(tenantId, attachmentId, db);
  }

  async read(tenantId: string, attachmentId: string, db: Db = this.db) {
    const row = await this.attachment(tenantId, attachmentId, db);
    if (!row) return this.legacy.read(tenantId, attachmentId, db);
    const ref = refOf(tenantId, row);
    if (!ref || (await this.storage.size(ref.sha256)) === null) return null;
    return { ref, content: await bytesOf(await this.storage.read(ref.sha256)) };
  }

  /**
   * Writes a generated document as an attachment of the tenant (inside the caller's transaction). The
   * content reaches the store before the transaction commits; if it rolls back, the content has no
   * file_ref and the next removal of the same bytes (dropIfUnreferenced) or a re-put reuses it.
   */
  async put(
    input: { tenantId: string; name: string; mime: string; content: Uint8Array },
    db: Db = this.db,
  ): Promise<StoredFileRef> {
    const schema = await tenantSchema(db, input.tenantId);
    if (!schema) throw new Error(`no tenant ${input.tenantId}`);
    const staged = await this.storage.stage(Readable.from([Buffer.from(input.content)]));
    try {
      await lockTenantFiles(db, input.tenantId);
      await lockContent(db, staged.sha256);
      await staged.commit();
    } catch (err) {
      await staged.discard();
      throw err;
    }
    const dot = input.name.lastIndexOf('.');
    const base = dot > 0 ? input.name.slice(0, dot) : input.name;
    const ext = dot > 0 ? input.name.slice(dot + 1).toLowerCase() : null;
    const id = newId();
    await spaceFor(db, schema)
      .insertInto('attachment')
      .values({
        id,
        file_name: base,
        ext,
        total_bytes: staged.size,
        file_type: 'docs',
        storage_key: staged.sha256,
        sha256: staged.sha256,
        mime: input.mime,
        owner_name: null,
        created_at: new Date(),
      })
      .execute();
    await db
      .insertInto('platform.file_ref')
      .values({ tenant_id: input.tenantId, attachment_id: id, sha256: staged.sha256, size: staged.size })
      .execute();
    return {
      tenantId: input.tenantId,
      attachmentId: id,
      sha256: staged.sha256,
      size: staged.size,
      name: input.name,
      mime: input.mime,
    };
  }
}
