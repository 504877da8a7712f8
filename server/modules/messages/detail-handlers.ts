/**
 * The message detail (spec §2 'Message detail'): one message with its attachments, marked read for
 * the caller, and its replies and read receipts as list queries filtered by MSG_ID. A message is
 * visible to its sender, its receivers and, when public, to everyone in the tenant; anything else is
 * answered as not found, so ids of other people's messages reveal nothing.
 */
import { sql, type Kysely } from 'kysely';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import type { HandlerContext, HandlerMap } from '../handler.ts';
import { authOf } from '../handler.ts';
import type { ListRequest, ListSpec } from '../list-query.ts';
import { formatDateTime, listPage, requireParam, spaceOf, type Space } from '../people/common.ts';

const MSG_KEYS = ['MSG_ID', 'messageId', 'msgId'];

/**
 * message_reply, message_attachment and attachment (tenant migration 002) have no row types in
 * db/tables.ts; they are read untyped here rather than declared twice by two areas.
 */
const untyped = (space: Space) => space as unknown as Kysely<any>;

interface FileRow {
  id: string;
  file_name: string;
  ext: string | null;
}

/** The ids a receiver row may carry for the caller: the account id, or its employee id in this tenant. */
async function callerIds(ctx: HandlerContext, space: Space): Promise<string[]> {
  const auth = authOf(ctx);
  const employee = await space
    .selectFrom('employee')
    .select('id')
    .where('account', '=', auth.account)
    .executeTakeFirst();
  return employee ? [auth.accountId, employee.id] : [auth.accountId];
}

const notFound = (id: string) => new ApiError(Code.NOT_FOUND, 'message.error.notFound', { id });

/** The message if the caller may see it; not found otherwise. */
async function visibleMessage(space: Space, id: string, ids: string[]) {
  const message = await space
    .selectFrom('message as m')
    .selectAll('m')
    .where('m.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('m.is_public', '=', true),
        eb('m.owner_id', 'in', ids),
        eb.exists(
          eb
            .selectFrom('message_receiver as r')
            .select('r.message_id')
            .whereRef('r.message_id', '=', 'm.id')
            .where('r.receiver_id', 'in', ids)
            .where('r.removed', '=', false),
        ),
      ]),
    )
    .executeTakeFirst();
  if (!message) throw notFound(id);
  return message;
}

/** 'report' + 'pdf' → 'report.pdf', unless the name already ends with its extension. */
function fileTitle(name: string, ext: string | null): string {
  if (!ext) return name;
  const suffix = `.${ext.replace(/^\./, '')}`;
  return name.toLowerCase().endsWith(suffix.toLowerCase()) ? name : `${name}${suffix}`;
}

const REPLY_LIST: ListSpec = {
  filters: { content: ['x.content', 'like'], reply: ['x.replier_name', 'like'] },
  sorts: { replyTime: 'x.created_at', reply: 'x.replier_name' },
  defaultSort: [
    ['x.created_at', 'desc'],
    ['x.id', 'asc'],
  ],
};

const READ_LIST: ListSpec = {
  filters: { receiver: ['r.receiver_name', 'like'] },
  sorts: { receiverTime: 'r.read_at', receiver: 'r.receiver_name' },
  defaultSort: [
    ['r.read_at', 'desc'],
    ['r.receiver_id', 'asc'],
  ],
};

/** The MSG_ID filter of a sub-list, checked against what the caller may see. */
async function messageOfList(ctx: HandlerContext, space: Space) {
  const { value, rest } = requireParam(ctx.body as ListRequest, MSG_KEYS, ctx.lang);
  await visibleMessage(space, value, await callerIds(ctx, space));
  return { messageId: value, rest };
}

export const messageDetailHandlers: HandlerMap = {
  'msg.innerMessage.get': async (ctx) => {
    const space = spaceOf(ctx);
    const id = String((ctx.query as { innerMessageId: string }).innerMessageId);
    const ids = await callerIds(ctx, space);
    const m = await visibleMessage(space, id, ids);
    const files: FileRow[] = await untyped(space)
      .selectFrom('message_attachment as ma')
      .innerJoin('attachment as a', 'a.id', 'ma.attachment_id')
      .select(['a.id', 'a.file_name', 'a.ext'])
      .where('ma.message_id', '=', id)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute();
    // Opening a message reads it (the bell's count goes down).
    await space
      .updateTable('message_receiver')
      .set({ read_at: sql`now()` })
      .where('message_id', '=', id)
      .where('receiver_id', 'in', ids)
      .where('read_at', 'is', null)
      .execute();
    return {
      id: m.id,
      subject: m.subject,
      ownerId: m.owner_id ?? undefined,
      ownerName: m.owner_name ?? undefined,
      createTime: formatDateTime(m.created_at) ?? undefined,
      messageType: m.message_type,
      isPublic: m.is_public ? 1 : 0,
      canreply: m.can_reply ? 1 : 0,
      content: m.content ?? '',
      fileMsg: files.map((f) => ({ src: f.id, title: fileTitle(f.file_name, f.ext) })),
    };
  },

  'msg.innerMessageReply.query': async (ctx) => {
    const space = spaceOf(ctx);
    const { messageId, rest } = await messageOfList(ctx, space);
    const page = await listPage<Record<string, unknown>>(
      untyped(space).selectFrom('message_reply as x').where('x.message_id', '=', messageId),
      (q) =>
        q.select([
          'x.id',
          'x.message_id as messageId',
          'x.content',
          'x.replier_id as replyId',
          'x.replier_name as reply',
          'x.created_at as replyTime',
        ]),
      REPLY_LIST,
      rest,
    );
    return {
      ...page,
      dataResult: page.dataResult.map((r) => ({ ...r, replyTime: formatDateTime(r.replyTime as Date) })),
    };
  },

  'msg.innerMessageRead.query': async (ctx) => {
    const space = spaceOf(ctx);
    const { messageId, rest } = await messageOfList(ctx, space);
    const page = await listPage<Record<string, unknown>>(
      space
        .selectFrom('message_receiver as r')
        .where('r.message_id', '=', messageId)
        .where('r.read_at', 'is not', null),
      (q) =>
        q.select([
          sql<string>`r.message_id || ':' || r.receiver_id`.as('id'),
          'r.message_id as messageId',
          'r.receiver_id as receiverId',
          sql<string>`coalesce(r.receiver_name, r.receiver_id)`.as('receiver'),
          'r.read_at as receiverTime',
        ]),
      READ_LIST,
      rest,
    );
    return {
      ...page,
      dataResult: page.dataResult.map((r) => ({
        ...r,
        receiverTime: formatDateTime(r.receiverTime as Date),
      })),
    };
  },
};
