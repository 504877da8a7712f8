/**
 * Where the filing domain keeps file contents. The running server uses FileStoreDocuments
 * (file-store.ts, over server/files); ContentTableStore keeps contents as rows of filing.stored_content
 * (content + SHA-256): the store of the pure service tests, and where older notices are still read from.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../../db/database.ts';
import { newId } from '../../../auth/tokens.ts';

export interface StoredFileRef {
  /** The tenant owning the file (its store space). */
  tenantId: string;
  attachmentId: string;
  sha256: string;
  size: number;
  name: string;
  mime: string;
}

export interface DocumentStore {
  /** Stores bytes for a tenant; `db` lets the write join the caller's transaction. */
  put(
    input: { tenantId: string; name: string; mime: string; content: Uint8Array },
    db?: Db,
  ): Promise<StoredFileRef>;
  /** What the store knows of a file, or null when it has none (used to check a filer's reference). */
  stat(tenantId: string, attachmentId: string, db?: Db): Promise<StoredFileRef | null>;
  read(
    tenantId: string,
    attachmentId: string,
    db?: Db,
  ): Promise<{ ref: StoredFileRef; content: Uint8Array } | null>;
}

export const sha256Hex = (content: Uint8Array): string => createHash('sha256').update(content).digest('hex');

export class ContentTableStore implements DocumentStore {
  constructor(private readonly db: Db) {}

  async put(
    input: { tenantId: string; name: string; mime: string; content: Uint8Array },
    db: Db = this.db,
  ): Promise<StoredFileRef> {
    const ref: StoredFileRef = {
      tenantId: input.tenantId,
      attachmentId: newId(),
      sha256: sha256Hex(input.content),
      size: input.content.byteLength,
      name: input.name,
      mime: input.mime,
    };
    await db
      .insertInto('filing.stored_content')
      .values({
        id: ref.attachmentId,
        tenant_id: ref.tenantId,
        name: ref.name,
        mime: ref.mime,
        size: ref.size,
        sha256: ref.sha256,
        content: input.content,
      })
      .execute();
    return ref;
  }

  async stat(tenantId: string, attachmentId: string, db: Db = this.db): Promise<StoredFileRef | null> {
    const row = await db
      .selectFrom('filing.stored_content')
      .select(['id', 'tenant_id', 'name', 'mime', 'size', 'sha256'])
      .where('id', '=', attachmentId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row
      ? {
          tenantId: row.tenant_id,
          attachmentId: row.id,
          sha256: row.sha256,
          size: Number(row.size),
          name: row.name,
          mime: row.mime,
        }
      : null;
  }

  async read(tenantId: string, attachmentId: string, db: Db = this.db) {
    const row = await db
      .selectFrom('filing.stored_content')
      .selectAll()
      .where('id', '=', attachmentId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) return null;
    const content = new Uint8Array(row.content);
    return {
      ref: {
        tenantId: row.tenant_id,
        attachmentId: row.id,
        sha256: row.sha256,
        size: Number(row.size),
        name: row.name,
        mime: row.mime,
      },
      content,
    };
  }
}
