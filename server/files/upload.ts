/**
 * One upload, whichever way the bytes arrive (a multipart request or a finished tus upload): the name
 * and type rules first, then the bytes streamed to a staged temporary file (size limit enforced while
 * streaming), the content sniffed against the extension, the tenant's quota, and only then the content
 * committed and the attachment recorded. Every refusal discards the staged bytes: nothing is stored.
 */
import type { Readable } from 'node:stream';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../auth/tokens.ts';
import {
  FILE_GROUPS,
  formatBytes,
  isFileGroup,
  nameProblem,
  splitFileName,
  uploadGroupOf,
} from '../../schemas/file-rules.ts';
import { FILE_NAME_MAX_UNITS } from '../../schemas/validators/cn-length.ts';
import {
  dropIfUnreferenced,
  lockContent,
  lockTenantFiles,
  mayChange,
  requireAttachment,
  spaceFor,
  tenantUsage,
  viewOf,
  type AttachmentView,
} from './attachments.ts';
import { storageQuotaBytes } from './storage-quota.ts';
import { fileError } from './errors.ts';
import { ApiError } from '../http/envelope.ts';
import { sniffMatches } from './sniff.ts';
import { ContentTooLargeError, type FileStorage, type StagedContent } from './storage/index.ts';

/** How an interrupted body shows: the stream closed early, the connection reset, the parts cut off. */
const INTERRUPTED =
  /^(ERR_STREAM_PREMATURE_CLOSE|FST_MP_PREMATURE_CLOSE|ECONNRESET|ECONNABORTED) |unexpected end of multipart data/;

export interface Uploader {
  accountId: string;
  fullname: string;
  tenantId: string;
  tenantSchema: string;
}

export interface UploadPlan {
  base: string;
  ext: string;
  fileType: string;
  maxBytes: number;
}

/** The rules that need only the name and the requested group; checked before any byte is read. */
export function planUpload(fileName: string, fileType: string | undefined): UploadPlan {
  const { base, ext } = splitFileName(fileName.normalize('NFC'));
  const problem = nameProblem(base);
  if (problem === 'empty') throw fileError('nameEmpty');
  if (problem === 'badCharacters') throw fileError('nameBadCharacters');
  if (problem === 'tooLong') throw fileError('nameTooLong', { limit: FILE_NAME_MAX_UNITS });
  if (fileType !== undefined && fileType !== '' && !isFileGroup(fileType))
    throw fileError('unknownFileType', { fileType });
  // The same rule the browser checks before sending (schemas/file-rules.ts).
  const group = uploadGroupOf(fileType || undefined, ext);
  if (!group) throw fileError('typeNotAllowed', { ext: ext || '—' });
  return { base, ext, fileType: group, maxBytes: FILE_GROUPS[group].maxBytes };
}

/**
 * Refuses a reselect (`id`) the caller may not make before any byte is read: the attachment must exist
 * and the caller may replace it (attachments.ts mayChange). storeUpload checks again when it commits.
 */
export async function checkReplace(db: Db, uploader: Uploader, replaceId: string | undefined): Promise<void> {
  if (!replaceId) return;
  const row = await requireAttachment(db, uploader.tenantSchema, replaceId);
  await mayChange(db, uploader.tenantSchema, uploader.tenantId, row, uploader.accountId, 'replace');
}

export interface StoreUploadInput {
  db: Db;
  config: ServerConfig;
  storage: FileStorage;
  uploader: Uploader;
  plan: UploadPlan;
  source: Readable;
  typeId?: string | null;
  /** Reselect: put the new content under this existing attachment. */
  replaceId?: string;
  /** Last check after the bytes arrived and before anything is kept (e.g. no second file part). */
  beforeCommit?: () => Promise<void>;
}

export async function storeUpload(input: StoreUploadInput): Promise<AttachmentView> {
  const { db, config, storage, uploader, plan } = input;
  const quota = await storageQuotaBytes(db, uploader.tenantId, config.fileTenantQuotaBytes);
  const room = Math.max(0, quota - (await tenantUsage(db, uploader.tenantId)));
  const limit = Math.min(plan.maxBytes, room);
  let staged: StagedContent;
  try {
    staged = await storage.stage(input.source, { maxBytes: limit });
  } catch (err) {
    if (err instanceof ContentTooLargeError) {
      throw limit < plan.maxBytes
        ? fileError('quotaExceeded', { quota: formatBytes(quota) })
        : fileError('tooLarge', { limit: formatBytes(plan.maxBytes) });
    }
    // A body cut short, or broken off mid-part, is the client's interruption (staging has already
    // removed what had arrived); anything else (an idle timeout's refusal, a disk error) as it is.
    if (
      !(err instanceof ApiError) &&
      INTERRUPTED.test(`${(err as { code?: string }).code} ${(err as Error).message}`)
    )
      throw fileError('interrupted');
    throw err;
  }
  try {
    if (staged.size === 0) throw fileError('empty');
    const sniffed = await sniffMatches(plan.ext, staged.head);
    if (!sniffed.ok) throw fileError('contentMismatch', { ext: plan.ext });
    await input.beforeCommit?.();
    const { row, replacedSha } = await db.transaction().execute(async (tx) => {
      await lockTenantFiles(tx, uploader.tenantId);
      const space = spaceFor(tx, uploader.tenantSchema);
      const old = input.replaceId
        ? await space
            .selectFrom('attachment')
            .selectAll()
            .where('id', '=', input.replaceId)
            .executeTakeFirst()
        : undefined;
      if (input.replaceId && !old) throw fileError('notFound', { id: input.replaceId });
      // Only its uploader replaces a file, and not one a sent message, a filing or a publication holds.
      if (old)
        await mayChange(tx, uploader.tenantSchema, uploader.tenantId, old, uploader.accountId, 'replace');
      const usage = (await tenantUsage(tx, uploader.tenantId)) - (old ? Number(old.total_bytes) : 0);
      if (usage + staged.size > quota) throw fileError('quotaExceeded', { quota: formatBytes(quota) });
      await lockContent(tx, staged.sha256);
      await staged.commit();
      const values = {
        file_name: plan.base,
        ext: plan.ext,
        total_bytes: staged.size,
        type_id: input.typeId ?? old?.type_id ?? null,
        file_type: plan.fileType,
        storage_key: staged.sha256,
        sha256: staged.sha256,
        mime: sniffed.mime,
        owner_id: uploader.accountId,
        owner_name: uploader.fullname,
        created_at: new Date(),
      };
      const id = old?.id ?? newId();
      if (old) await space.updateTable('attachment').set(values).where('id', '=', id).execute();
      else
        await space
          .insertInto('attachment')
          .values({ id, ...values })
          .execute();
      await tx
        .insertInto('platform.file_ref')
        .values({ tenant_id: uploader.tenantId, attachment_id: id, sha256: staged.sha256, size: staged.size })
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'attachment_id'])
            .doUpdateSet({ sha256: staged.sha256, size: staged.size }),
        )
        .execute();
      const row = await space
        .selectFrom('attachment')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { row, replacedSha: old?.sha256 && old.sha256 !== staged.sha256 ? old.sha256 : null };
    });
    if (replacedSha) await dropIfUnreferenced(db, storage, replacedSha);
    return viewOf(row);
  } catch (err) {
    await staged.discard();
    // A content committed by a transaction that then failed has no reference: take it out again.
    await dropIfUnreferenced(db, storage, staged.sha256).catch(() => undefined);
    throw err;
  }
}
