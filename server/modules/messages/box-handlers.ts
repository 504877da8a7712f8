/**
 * The inbox (msg/innerMessage/receive) and the sent box (msg/innerMessage/sent), and what a user does
 * with their own copy: mark read (some, or ids=* for all) and remove. Removing touches only the
 * caller's copy: a receiver's removal leaves the sender's sent box and other inboxes as they were, a
 * sender's removal hides the message from their sent box only.
 */
import { sql } from 'kysely';
import { defineHandlers, tenantSchemaOf, type HandlerContext } from '../../http/handler.ts';
import { isFiltered } from '../../http/list-count.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf, type ListSpec } from '../../http/list-query.ts';
import { idList, invalid, listPage, spaceOf, takeParam, type Space } from '../people/common.ts';
import { messageNotFound, messageOut, MESSAGE_COLUMNS, type MessageRow } from './common.ts';
import { INBOX_READ, INBOX_UNREAD, inboxOf, receivedBy, receiverOf, type Receiver } from './recipients.ts';
import { markAllRead, markRead, markRemoved } from './state.ts';
import { walkInbox } from './inbox-walk.ts';

const COMMON_FILTERS: ListSpec['filters'] = {
  subject: ['m.subject', 'like'],
  messageType: ['m.message_type', 'eq'],
  ownerName: ['m.owner_name', 'like'],
  createTimeFrom: ['m.created_at', 'dateFrom'],
  createTimeTo: ['m.created_at', 'dateTo'],
};

const BOX_SORTS = { createTime: 'm.created_at', subject: 'm.subject', messageType: 'm.message_type' };

export const INBOX_LIST: ListSpec = {
  filters: COMMON_FILTERS,
  sorts: BOX_SORTS,
  defaultSort: [
    ['m.created_at', 'desc'],
    ['m.id', 'asc'],
  ],
};

export const SENT_LIST: ListSpec = {
  filters: COMMON_FILTERS,
  sorts: BOX_SORTS,
  defaultSort: [
    ['m.created_at', 'desc'],
    ['m.id', 'asc'],
  ],
};

/** The read/unread filter of the inbox: readFlag = read | unread (also true/false, 1/0). */
function readFilter(ctx: HandlerContext, raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  const v = raw.toLowerCase();
  if (['read', 'true', '1'].includes(v)) return true;
  if (['unread', 'false', '0'].includes(v)) return false;
  throw invalid(ctx.lang, 'message.error.badReadFlag', { value: raw }, 'readFlag');
}

/** Message ids of a (params) call that the caller received; any other id: not found, nothing changes. */
async function receivedIds(space: Space, r: Receiver, ids: string[]): Promise<string[]> {
  const rows = await space
    .selectFrom('message as m')
    .select('m.id')
    .where('m.id', 'in', ids)
    .where(receivedBy(r))
    .execute();
  return rows.map((x) => x.id);
}

export const boxHandlers = defineHandlers({
  'msg.innerMessage.receive': async (ctx) => {
    const space = spaceOf(ctx);
    const r = await receiverOf(ctx, space);
    const { value: flag, rest } = takeParam(ctx.body, ['readFlag', 'READ_FLAG']);
    const read = readFilter(ctx, flag);
    // The usual request (newest first, no filter but read/unread): walk the indexes (inbox-walk.ts).
    if (!isFiltered(rest) && !rest.sorts?.length) {
      const limit = Math.min(Math.max(1, rest.requestPage?.limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
      const pageNo = Math.max(1, rest.requestPage?.pageNo ?? 1);
      const walked = await walkInbox(space, r, {
        schema: tenantSchemaOf(ctx),
        read,
        offset: (pageNo - 1) * limit,
        limit,
        req: rest,
        pinFirst: true,
      });
      if (walked) {
        const page = pageOf(walked.rows, walked.total, pageNo, limit);
        return {
          ...page,
          dataResult: page.dataResult.map((m) => ({ ...messageOut(m), readFlag: Boolean(m.read_flag) })),
        };
      }
    }
    let base = inboxOf(space, r);
    if (read === true) base = base.where(INBOX_READ);
    if (read === false) base = base.where(INBOX_UNREAD);
    const page = await listPage<MessageRow & { read_flag: boolean; pinned: boolean }>(
      base,
      (q) =>
        q
          .select([...MESSAGE_COLUMNS])
          .select(INBOX_READ.as('read_flag'))
          // Announcements stay on top of the inbox until the receiver has read them.
          .select(sql<boolean>`(m.message_type = 'bulletin' and st.read_at is null)`.as('pinned'))
          .orderBy(sql.ref('pinned'), 'desc'),
      INBOX_LIST,
      rest,
    );
    return {
      ...page,
      dataResult: page.dataResult.map((m) => ({ ...messageOut(m), readFlag: Boolean(m.read_flag) })),
    };
  },

  'msg.innerMessage.sent': async (ctx) => {
    const space = spaceOf(ctx);
    const r = await receiverOf(ctx, space);
    const base = space
      .selectFrom('message as m')
      .where('m.owner_id', 'in', r.ids)
      .where('m.owner_removed', '=', false);
    const page = await listPage<
      MessageRow & { receivers: string | null; read_count: number; reply_count: number }
    >(
      base,
      (q) =>
        q.select([...MESSAGE_COLUMNS]).select((eb) => [
          eb
            .selectFrom('message_target as t')
            .select(
              sql<string>`string_agg(coalesce(t.target_name, t.target_key), ',' order by t.target_key)`.as(
                'x',
              ),
            )
            .whereRef('t.message_id', '=', 'm.id')
            .as('receivers'),
          eb
            .selectFrom('message_receiver as s')
            .select((e) => e.fn.countAll<number>().as('x'))
            .whereRef('s.message_id', '=', 'm.id')
            .where('s.read_at', 'is not', null)
            .as('read_count'),
          eb
            .selectFrom('message_reply as x')
            .select((e) => e.fn.countAll<number>().as('x'))
            .whereRef('x.message_id', '=', 'm.id')
            .as('reply_count'),
        ]),
      SENT_LIST,
      ctx.body,
    );
    return {
      ...page,
      dataResult: page.dataResult.map((m) => ({
        ...messageOut(m),
        receivers: m.receivers ?? '',
        readCount: Number(m.read_count ?? 0),
        replyCount: Number(m.reply_count ?? 0),
      })),
    };
  },

  'msg.innerMessage.markRead': async (ctx) => {
    const space = spaceOf(ctx);
    const r = await receiverOf(ctx, space);
    if (ctx.query.ids.trim() === '*') {
      await markAllRead(space, r);
    } else {
      const ids = idList(ctx.query.ids);
      const found = await receivedIds(space, r, ids);
      const missing = ids.find((id) => !found.includes(id));
      if (missing !== undefined) throw messageNotFound(missing);
      await markRead(space, r, ids);
    }
    await ctx.request.server.events
      .publish({ type: 'message.read', tenantId: ctx.auth?.tenantId ?? null, accountId: r.accountId })
      .catch(() => {});
    return null;
  },

  'msg.innerMessage.remove': async (ctx) => {
    const space = spaceOf(ctx);
    const r = await receiverOf(ctx, space);
    const ids = idList(ctx.query.ids);
    const [received, owned] = await Promise.all([
      receivedIds(space, r, ids),
      space
        .selectFrom('message')
        .select('id')
        .where('id', 'in', ids)
        .where('owner_id', 'in', r.ids)
        .execute()
        .then((rows) => rows.map((x) => x.id)),
    ]);
    const missing = ids.find((id) => !received.includes(id) && !owned.includes(id));
    if (missing !== undefined) throw messageNotFound(missing);
    await markRemoved(space, r, received);
    if (owned.length)
      await space.updateTable('message').set({ owner_removed: true }).where('id', 'in', owned).execute();
    await ctx.request.server.events
      .publish({ type: 'message.read', tenantId: ctx.auth?.tenantId ?? null, accountId: r.accountId })
      .catch(() => {});
    return null;
  },
});
