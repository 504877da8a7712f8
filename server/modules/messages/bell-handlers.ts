/**
 * The header bell (msg/innerMessage/msgList): the current user's unread messages in the session's
 * tenant, newest first. The badge shows pageResult.totalCount; the popover lists the first page.
 */
import type { HandlerMap } from '../handler.ts';
import { authOf, tenantSchemaOf } from '../handler.ts';

/** Rows the popover shows; the count covers all unread messages. */
export const BELL_PAGE_SIZE = 10;

export const bellHandlers: HandlerMap = {
  'msg.innerMessage.msgList': async (ctx) => {
    const auth = authOf(ctx);
    const t = ctx.db.withSchema(tenantSchemaOf(ctx));
    // Receivers are named by account id or by the employee id of that account in this tenant.
    const employee = await t
      .selectFrom('employee')
      .select('id')
      .where('account', '=', auth.account)
      .executeTakeFirst();
    const receiverIds = employee ? [auth.accountId, employee.id] : [auth.accountId];
    const unread = t
      .selectFrom('message_receiver as r')
      .innerJoin('message as m', 'm.id', 'r.message_id')
      .where('r.receiver_id', 'in', receiverIds)
      .where('r.read_at', 'is', null)
      .where('r.removed', '=', false);
    const [{ n }, rows] = await Promise.all([
      unread.select((e) => e.fn.count<number>('m.id').distinct().as('n')).executeTakeFirstOrThrow(),
      unread
        .select([
          'm.id',
          'm.subject',
          'm.owner_id as ownerId',
          'm.owner_name as ownerName',
          'm.created_at as createTime',
          'm.message_type as messageType',
          'm.is_public',
          'm.can_reply',
          'm.content',
        ])
        .distinctOn(['m.created_at', 'm.id'])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'asc')
        .limit(BELL_PAGE_SIZE)
        .execute(),
    ]);
    const totalCount = Number(n);
    return {
      dataResult: rows.map(({ is_public, can_reply, ...m }) => ({
        ...m,
        isPublic: is_public ? 1 : 0,
        canreply: can_reply ? 1 : 0,
        readFlag: false,
      })),
      pageResult: {
        totalCount,
        totalPages: Math.ceil(totalCount / BELL_PAGE_SIZE),
        page: 1,
        limit: BELL_PAGE_SIZE,
      },
    };
  },
};
