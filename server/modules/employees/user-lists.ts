/**
 * The read-only member lists of the users area (user/query4Org, query4Position, query4Role, query4Group)
 * and user/getByAccount: the same people as the employee lists, seen from an organisation, a post, a
 * role or a user group. Kept with the employees because they are employee rows of the tenant's space.
 */
import { defineHandlers } from '../../http/handler.ts';
import { notFound, spaceOf } from '../people/common.ts';
import { employeeDetail } from './detail.ts';
import { groupMembers, orgMembers, positionHolders, roleHolders } from './lists.ts';
import { directoryRecord, isOwnRecord, seesPersonalData } from './scope.ts';

export const userListHandlers = defineHandlers({
  'user.query4Org': (ctx) => orgMembers(ctx),
  'user.query4Position': (ctx) => positionHolders(ctx, true),
  'user.query4Role': (ctx) => roleHolders(ctx),
  'user.query4Group': (ctx) => groupMembers(ctx),

  /** The employee of this tenant who owns an account name. */
  'user.getByAccount': async (ctx) => {
    const { account } = ctx.query;
    const row = await employeeDetail(spaceOf(ctx), { account: account.trim() });
    if (!row) throw notFound('employee', account);
    return isOwnRecord(ctx, row) || (await seesPersonalData(ctx)) ? row : directoryRecord(row);
  },
});
