/**
 * Data scope of people data. Every member of a tenant may look people up — name, organisation and
 * position, the directory a selector or a message needs — but only a holder of employee:read sees their
 * personal data: account, mobile, e-mail, address, QQ, WeChat account, gender, status, photo, roles, user
 * groups and extended attributes. One's own record is always whole. Without the permission a list may
 * filter and sort by directory fields only, so personal data cannot be probed through a filter either.
 */
import { holds } from '../../auth/permissions.ts';
import { permissionDenied } from '../../http/access.ts';
import type { HandlerContext } from '../../http/handler.ts';
import type { ListRequest } from '../../http/list-query.ts';

export const PERSONAL_DATA = 'employee:read';

/** What a list shows without employee:read. */
export const DIRECTORY_COLUMNS = ['e.id', 'e.name', 'o.path_name as orgPath', 'o.name as orgName'] as const;

/** Filters and sorts open to every member: the directory's own fields and the relations' flags. */
const DIRECTORY_FILTERS = new Set(['name', 'orgId']);
const DIRECTORY_SORTS = new Set(['name', 'orgName', 'isMainOrg', 'isMainPost', 'isPrincipal']);

export function seesPersonalData(ctx: HandlerContext): Promise<boolean> {
  return holds(ctx.db, ctx.auth, PERSONAL_DATA);
}

/** Refuses a list request that filters or sorts by personal data (6010104 naming employee:read). */
export function assertDirectoryRequest(req: ListRequest): void {
  const personal =
    (req.parameters ?? []).some((p) => !DIRECTORY_FILTERS.has(p.key)) ||
    (req.sorts ?? []).some((s) => !DIRECTORY_SORTS.has(s.field));
  if (personal) throw permissionDenied(PERSONAL_DATA);
}

/** The directory part of an employee record (employee.get, user.getByAccount). */
export function directoryRecord<T extends Record<string, unknown>>(record: T): Partial<T> {
  const keep = ['id', 'name', 'orgPath', 'groupID', 'orgItem'];
  return Object.fromEntries(Object.entries(record).filter(([key]) => keep.includes(key))) as Partial<T>;
}

/** Whether the record is the caller's own. */
export function isOwnRecord(ctx: HandlerContext, record: { userId?: unknown }): boolean {
  return Boolean(ctx.auth && record.userId === ctx.auth.accountId);
}
