/**
 * The ten file operations of the catalogue (schemas/api/files.yaml): upload (multipart, streamed),
 * list, describe, rename, remove, and the binary download, preview and image addresses. Replacing,
 * renaming and removing follow the rule at the top of server/files/attachments.ts (its uploader only;
 * never a file a sent message, a filing or a publication holds).
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { nameProblem, previewKindOf } from '../../../schemas/file-rules.ts';
import { FILE_NAME_MAX_UNITS } from '../../../schemas/validators/cn-length.ts';
import {
  findAttachment,
  mayChange,
  publicOwner,
  removeAttachments,
  requireAttachment,
  spaceFor,
  viewOf,
  type AttachmentRow,
} from '../../files/attachments.ts';
import { storageFor } from '../../files/context.ts';
import { fileError } from '../../files/errors.ts';
import { sendAttachment } from '../../files/send.ts';
import { checkReplace, planUpload, storeUpload, type Uploader } from '../../files/upload.ts';
import type { Db } from '../../db/database.ts';
import { authOf, defineHandlers, tenantSchemaOf, type HandlerContext } from '../../http/handler.ts';
import type { ListRequest, ListSpec } from '../../http/list-query.ts';
import { idList, listPage } from '../people/common.ts';
import { mayReadAttachment, readableAttachment } from './read-access.ts';

const LIST: ListSpec = {
  filters: {
    fileName: ['file_name', 'like'],
    ext: ['ext', 'in'],
    fileType: ['file_type', 'eq'],
    typeId: ['type_id', 'eq'],
    createTimeFrom: ['created_at', 'dateFrom'],
    createTimeTo: ['created_at', 'dateTo'],
  },
  sorts: { createTime: 'created_at', fileName: 'file_name', totalBytes: 'total_bytes', ext: 'ext' },
  defaultSort: [
    ['created_at', 'desc'],
    ['id', 'asc'],
  ],
};

export function uploaderOf(ctx: HandlerContext): Uploader {
  const auth = authOf(ctx);
  return {
    accountId: auth.accountId,
    fullname: auth.fullname,
    tenantId: auth.tenantId!,
    tenantSchema: tenantSchemaOf(ctx),
  };
}

/** Reads and throws away what is left of a refused multipart body, so the client sees the answer. */
async function drain(parts: AsyncIterator<Multipart>, current?: Multipart): Promise<void> {
  if (current?.type === 'file') current.file.resume();
  for (let p = await parts.next(); !p.done; p = await parts.next()) {
    if (p.value.type === 'file') p.value.file.resume();
  }
}

async function upload(ctx: HandlerContext<{ id?: string; typeId?: string; fileType?: string }>) {
  const req = ctx.request as FastifyRequest;
  if (!req.isMultipart()) throw fileError('noFile');
  const iterable = req.parts({
    limits: { files: 2, fields: 10, fieldSize: 4096, fileSize: Number.MAX_SAFE_INTEGER },
  });
  const parts = iterable[Symbol.asyncIterator]();
  let part = await parts.next();
  while (!part.done && part.value.type !== 'file') part = await parts.next();
  if (part.done) throw fileError('noFile');
  const file = part.value;
  if (file.type !== 'file') throw fileError('noFile');
  let plan;
  try {
    plan = planUpload(file.filename ?? '', ctx.query.fileType);
    await checkReplace(ctx.db, uploaderOf(ctx), ctx.query.id || undefined);
  } catch (err) {
    await drain(parts, file);
    throw err;
  }
  try {
    return await storeUpload({
      db: ctx.db,
      config: ctx.config,
      storage: storageFor(ctx.config),
      uploader: uploaderOf(ctx),
      plan,
      source: file.file,
      typeId: ctx.query.typeId || null,
      replaceId: ctx.query.id || undefined,
      beforeCommit: async () => {
        for (let p = await parts.next(); !p.done; p = await parts.next()) {
          if (p.value.type === 'file') {
            p.value.file.resume();
            throw fileError('tooManyFiles');
          }
        }
      },
    });
  } catch (err) {
    await drain(parts, file).catch(() => undefined);
    throw err;
  }
}

async function query(ctx: HandlerContext<unknown, ListRequest>) {
  const page = await listPage<AttachmentRow>(
    spaceFor(ctx.db, tenantSchemaOf(ctx)).selectFrom('attachment'),
    (q) => q.selectAll(),
    LIST,
    ctx.body ?? {},
  );
  return { ...page, dataResult: page.dataResult.map(viewOf) };
}

async function get(ctx: HandlerContext<{ attachmentId: string }>) {
  const id = ctx.query.attachmentId;
  return viewOf(await readableAttachment(ctx, await findAttachment(ctx.db, tenantSchemaOf(ctx), id), id));
}

/** Public: the caller's own tenant's attachments, and published ones of any tenant; unknown ids are left out. */
async function transfer(ctx: HandlerContext<{ ids: string }>) {
  const ids = idList(ctx.query.ids);
  const found = new Map<string, AttachmentRow>();
  const own = ctx.auth?.tenantSchema;
  if (own) {
    for (const r of await spaceFor(ctx.db, own)
      .selectFrom('attachment')
      .selectAll()
      .where('id', 'in', ids)
      .execute())
      if (await mayReadAttachment(ctx, r)) found.set(r.id, r);
  }
  for (const id of ids.filter((i) => !found.has(i))) {
    const r = await publishedAttachment(ctx.db, id);
    if (r) found.set(id, r);
  }
  return ids.filter((i) => found.has(i)).map((i) => viewOf(found.get(i)!));
}

async function publishedAttachment(db: Db, id: string): Promise<AttachmentRow | undefined> {
  const schema = await publicOwner(db, id);
  return schema ? findAttachment(db, schema, id) : undefined;
}

async function modifyName(ctx: HandlerContext<unknown, { id: string; fileName: string }>) {
  const schema = tenantSchemaOf(ctx);
  const name = ctx.body.fileName.normalize('NFC');
  const problem = nameProblem(name);
  if (problem === 'empty') throw fileError('nameEmpty');
  if (problem === 'badCharacters') throw fileError('nameBadCharacters');
  if (problem === 'tooLong') throw fileError('nameTooLong', { limit: FILE_NAME_MAX_UNITS });
  const auth = authOf(ctx);
  const row = await requireAttachment(ctx.db, schema, ctx.body.id);
  await mayChange(ctx.db, schema, auth.tenantId!, row, auth.accountId, 'rename');
  await spaceFor(ctx.db, schema)
    .updateTable('attachment')
    .set({ file_name: name })
    .where('id', '=', ctx.body.id)
    .where('owner_id', '=', auth.accountId)
    .execute();
  return viewOf(await requireAttachment(ctx.db, schema, ctx.body.id));
}

async function removeOne(ctx: HandlerContext<{ attachmentId: string }>) {
  const auth = authOf(ctx);
  await removeAttachments(
    ctx.db,
    storageFor(ctx.config),
    tenantSchemaOf(ctx),
    auth.tenantId!,
    [ctx.query.attachmentId],
    auth.accountId,
  );
  return null;
}

async function removeMany(ctx: HandlerContext<{ ids: string }>) {
  const auth = authOf(ctx);
  await removeAttachments(
    ctx.db,
    storageFor(ctx.config),
    tenantSchemaOf(ctx),
    auth.tenantId!,
    idList(ctx.query.ids),
    auth.accountId,
  );
  return null;
}

/** Public: with a session, the session tenant's files; anyone, a published file. Never another tenant's. */
async function download(ctx: HandlerContext<{ attachmentId: string }>) {
  const id = ctx.query.attachmentId;
  const own = ctx.auth?.tenantSchema;
  const mine = own ? await findAttachment(ctx.db, own, id) : undefined;
  const row =
    (mine && (await mayReadAttachment(ctx, mine)) ? mine : undefined) ??
    (await publishedAttachment(ctx.db, id));
  if (!row) throw fileError('notFound', { id });
  return sendAttachment(ctx.request, ctx.reply, storageFor(ctx.config), row, 'attachment');
}

async function preview(ctx: HandlerContext<{ attachmentId: string }>) {
  const id = ctx.query.attachmentId;
  const row = await readableAttachment(ctx, await findAttachment(ctx.db, tenantSchemaOf(ctx), id), id);
  if (previewKindOf(row.ext ?? '') === 'unsupported') throw fileError('noPreview', { ext: row.ext ?? '' });
  return sendAttachment(ctx.request, ctx.reply, storageFor(ctx.config), row, 'inline');
}

async function image(ctx: HandlerContext<{ attachmentId: string }>) {
  const id = ctx.query.attachmentId;
  const row = await readableAttachment(ctx, await findAttachment(ctx.db, tenantSchemaOf(ctx), id), id);
  if (previewKindOf(row.ext ?? '') !== 'image') throw fileError('notImage');
  return sendAttachment(ctx.request, ctx.reply, storageFor(ctx.config), row, 'inline');
}

export const fileHandlers = defineHandlers({
  'fldFile.upload': upload,
  'fldFile.attachment.query': query,
  'file.attachment.get': get,
  'file.attachment.transfer': transfer,
  'file.attachment.modifyName': modifyName,
  'fldFile.attachment.remove': removeOne,
  'file.attachment.remove': removeMany,
  'fldFile.download': download,
  'fldFile.preview': preview,
  'file.getImage': image,
});
