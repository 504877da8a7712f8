/**
 * The header bell (msg/innerMessage/msgList): the current user's unread messages in the session's
 * tenant, newest first. The badge shows pageResult.totalCount (exact); the popover lists the first page.
 */
import { defineHandlers, tenantSchemaOf } from '../../http/handler.ts';
import { spaceOf } from '../people/common.ts';
import { messageOut, MESSAGE_COLUMNS } from './common.ts';
import { INBOX_UNREAD, inboxOf, receiverOf } from './recipients.ts';
import { walkInbox } from './inbox-walk.ts';

/** Rows the popover shows; the count covers all unread messages. */
export const BELL_PAGE_SIZE = 10;

export const bellHandlers = defineHandlers({
  'msg.innerMessage.msgList': async (ctx) => {
    const space = spaceOf(ctx);
    const r = await receiverOf(ctx, space);
    // Usually a walk of the newest messages (inbox-walk.ts); the general query when that would be long.
    const walked = await walkInbox(space, r, {
      schema: tenantSchemaOf(ctx),
      read: false,
      offset: 0,
      limit: BELL_PAGE_SIZE,
      req: {},
      pinFirst: false,
      exact: true,
    });
    const unread = inboxOf(space, r).where(INBOX_UNREAD);
    const [{ n }, rows] = walked
      ? [{ n: walked.total.total }, walked.rows]
      : await Promise.all([
          unread.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
          unread
            .select([...MESSAGE_COLUMNS])
            .orderBy('m.created_at', 'desc')
            .orderBy('m.id', 'asc')
            .limit(BELL_PAGE_SIZE)
            .execute(),
        ]);
    const totalCount = Number(n);
    return {
      dataResult: rows.map((m) => ({ ...messageOut(m), readFlag: false })),
      pageResult: {
        totalCount,
        totalPages: Math.ceil(totalCount / BELL_PAGE_SIZE),
        page: 1,
        limit: BELL_PAGE_SIZE,
      },
    };
  },
});
