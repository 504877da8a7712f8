/**
 * The message detail (spec §2 'Message detail'): one message with its attachments, marked read for
 * the caller, and its replies and read receipts as list queries filtered by MSG_ID. A message is
 * visible to its sender, its receivers and, when public, to everyone in the tenant; anything else is
 * answered as not found, so ids of other people's messages reveal nothing.
 */
import { sql } from 'kysely';
import { type HandlerContext, defineHandlers } from '../../http/handler.ts';
import type { ListRequest, ListSpec } from '../../http/list-query.ts';
import { formatDateTime, listPage, requireParam, spaceOf, type Space } from '../people/common.ts';
import { messageNotFound, messageOut, MESSAGE_COLUMNS } from './common.ts';
import { notRemovedBy, receivedBy, receiverOf, type Receiver } from './recipients.ts';
import { markRead } from './state.ts';

const MSG_KEYS = ['MSG_ID', 'messageId', 'msgId'];

/**
 * The message if the caller may see it: they sent it, it reaches them (and they did not remove it), or
 * it is public. Anything else is not found.
 */
async function visibleMessage(space: Space, id: string, r: Receiver) {
  const message = await space
    .selectFrom('message as m')
    .select([...MESSAGE_COLUMNS])
    .select((eb) => eb.and([receivedBy(r)(eb), notRemovedBy(r)(eb)]).as('received'))
    .where('m.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('m.is_public', '=', true),
        eb('m.owner_id', 'in', r.ids),
        eb.and([receivedBy(r)(eb), notRemovedBy(r)(eb)]),
      ]),
    )
    .executeTakeFirst();
  if (!message) throw messageNotFound(id);
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
async function messageOfList(ctx: HandlerContext<unknown, ListRequest>, space: Space) {
  const { value, rest } = requireParam(ctx.body, MSG_KEYS, ctx.lang);
  await visibleMessage(space, value, await receiverOf(ctx, space));
  return { messageId: value, rest };
}

export const messageDetailHandlers = defineHandlers({
  'msg.innerMessage.get': async (ctx) => {
    const space = spaceOf(ctx);
    const id = ctx.query.innerMessageId;
    const r = await receiverOf(ctx, space);
    const m = await visibleMessage(space, id, r);
    const files = await space
      .selectFrom('message_attachment as ma')
      .innerJoin('attachment as a', 'a.id', 'ma.attachment_id')
      .select(['a.id', 'a.file_name', 'a.ext'])
      .where('ma.message_id', '=', id)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute();
    // Opening a message reads it (the bell's count goes down); a public message read by a
    // non-receiver leaves no state.
    if (m.received) await markRead(space, r, [id]);
    const receivers =
      m.owner_id && r.ids.includes(m.owner_id)
        ? await space
            .selectFrom('message_target')
            .select(() =>
              sql<string>`string_agg(coalesce(target_name, target_key), ',' order by target_key)`.as('names'),
            )
            .where('message_id', '=', id)
            .executeTakeFirst()
        : undefined;
    return {
      ...messageOut(m),
      ...(receivers?.names ? { receivers: receivers.names } : {}),
      fileMsg: files.map((f) => ({ src: f.id, title: fileTitle(f.file_name, f.ext) })),
    };
  },

  'msg.innerMessageReply.query': async (ctx) => {
    const space = spaceOf(ctx);
    const { messageId, rest } = await messageOfList(ctx, space);
    const page = await listPage<Record<string, unknown>>(
      space.selectFrom('message_reply as x').where('x.message_id', '=', messageId),
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
});
