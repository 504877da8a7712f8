/**
 * The employee lists: every list of employees in a tenant's space uses the same filters, sorts and
 * columns (EMPLOYEE_LIST), narrowed by a relation (organisation, post, role, group, superior…) whose
 * filter travels as a list-request parameter (ORG_ID, POS_ID, ROLE_ID, GROUP_ID, USER_ID).
 */
import type { HandlerContext, ListContext } from '../../http/handler.ts';
import type { ListRequest, ListSpec } from '../../http/list-query.ts';
import { listPage, requireParam, spaceOf, takeParam, type Space } from '../people/common.ts';
import type { AliasedExpression } from 'kysely';
import { holdsRoleDirectly, inheritsRole, type EmployeeScope } from '../people/party.ts';
import { assertDirectoryRequest, DIRECTORY_COLUMNS, seesPersonalData } from './scope.ts';

export const EMPLOYEE_LIST: ListSpec = {
  filters: {
    name: ['e.name', 'search'],
    account: ['e.account', 'prefix'],
    mobile: ['e.mobile', 'prefix'],
    email: ['e.email', 'prefix'],
    status: ['e.status', 'in'],
    gender: ['e.gender', 'eq'],
    orgId: ['e.org_id', 'eq'],
    createTimeFrom: ['e.created_at', 'dateFrom'],
    createTimeTo: ['e.created_at', 'dateTo'],
  },
  sorts: { name: 'e.name', account: 'e.account', createTime: 'e.created_at', status: 'e.status' },
  defaultSort: [
    ['e.created_at', 'desc'],
    ['e.id', 'asc'],
  ],
};

/** The list columns, named as the spec's Employee entity. */
export const employeeListColumns = [
  'e.id',
  'e.account',
  'e.name',
  'e.status',
  'e.gender',
  'e.email',
  'e.mobile',
  'e.qq',
  'e.wc_account as wcAccount',
  'e.photo',
  'e.created_at as createTime',
  'o.path_name as orgPath',
  'o.name as orgName',
] as const;

/** A relation list's spec: the employee filters and sorts plus the relation's own sort fields. */
function specWith(sorts: Record<string, string>): ListSpec {
  return { ...EMPLOYEE_LIST, sorts: { ...EMPLOYEE_LIST.sorts, orgName: 'o.name', ...sorts } };
}

export const employees = (space: Space) => space.selectFrom('employee as e');
type Base = ReturnType<typeof employees>;
/** What listPage counts and pages (its filters and sorts name columns as strings). */
type ListBase = Parameters<typeof listPage>[0];
/** A relation list's own column: a column name, or an expression over the employee row. */
type ExtraColumn = string | ((eb: EmployeeScope) => AliasedExpression<unknown, string>);

export const withOrg = (q: Base) => q.leftJoin('org as o', 'o.id', 'e.org_id');

/** The list columns the caller may see (scope.ts): all, or the directory's. */
export async function visibleColumns(ctx: HandlerContext, req: ListRequest): Promise<readonly string[]> {
  if (await seesPersonalData(ctx)) return employeeListColumns;
  assertDirectoryRequest(req);
  return DIRECTORY_COLUMNS;
}

/**
 * A list of employees narrowed by `narrow`, with the standard columns (or the directory's, without
 * employee:read) and any `extra` ones.
 */
export async function employeeList<T>(
  ctx: HandlerContext,
  req: ListRequest,
  narrow: (q: Base) => ListBase = (q) => q,
  opts: { extra?: ExtraColumn[]; sorts?: Record<string, string> } = {},
) {
  const columns = await visibleColumns(ctx, req);
  return listPage<T>(
    narrow(employees(spaceOf(ctx))),
    // The narrowed query may have joined relation tables (eo, ep…) that its extra columns name.
    (q) => q.leftJoin('org as o', 'o.id', 'e.org_id').select([...columns, ...(opts.extra ?? [])]),
    opts.sorts ? specWith(opts.sorts) : specWith({}),
    req,
  );
}

export const ORG_KEYS = ['ORG_ID', 'orgId'];
export const POS_KEYS = ['POS_ID', 'posId', 'positionId'];
export const ROLE_KEYS = ['ROLE_ID', 'roleId'];
export const USER_KEYS = ['USER_ID', 'userId'];
export const GROUP_KEYS = ['GROUP_ID', 'groupId'];

/** Members of one organisation (exact), with whether it is their main one. */
export function orgMembers<T>(ctx: ListContext) {
  const { value: orgId, rest } = requireParam(ctx.body, ORG_KEYS, ctx.lang);
  return employeeList<T>(
    ctx,
    rest,
    (q) =>
      q.innerJoin('employee_org as eo', (j) =>
        j.onRef('eo.employee_id', '=', 'e.id').on('eo.org_id', '=', orgId),
      ),
    { extra: ['eo.is_main as isMainOrg'], sorts: { isMainOrg: 'eo.is_main' } },
  );
}

/** Holders of one position, with the main-post and principal flags. */
export function positionHolders<T>(ctx: ListContext, required: boolean) {
  const req = ctx.body;
  const { value: posId, rest } = required ? requireParam(req, POS_KEYS, ctx.lang) : takeParam(req, POS_KEYS);
  if (posId === undefined) return employeeList<T>(ctx, rest);
  return employeeList<T>(
    ctx,
    rest,
    (q) =>
      q.innerJoin('employee_position as ep', (j) =>
        j.onRef('ep.employee_id', '=', 'e.id').on('ep.position_id', '=', posId),
      ),
    {
      extra: ['ep.is_main as isMainPost', 'ep.is_principal as isPrincipal'],
      sorts: { isMainPost: 'ep.is_main', isPrincipal: 'ep.is_principal' },
    },
  );
}

/** Holders of one role: directly (own), through an organisation or position (other), or both. */
export function roleHolders<T>(ctx: ListContext) {
  const { value: roleId, rest } = requireParam(ctx.body, ROLE_KEYS, ctx.lang);
  return employeeList<T>(
    ctx,
    rest,
    (q) => q.where((eb) => eb.or([holdsRoleDirectly(eb, roleId), inheritsRole(eb, roleId)])),
    {
      extra: [
        (eb) =>
          eb
            .case()
            .when(eb.and([holdsRoleDirectly(eb, roleId), inheritsRole(eb, roleId)]))
            .then('own,other')
            .when(holdsRoleDirectly(eb, roleId))
            .then('own')
            .else('other')
            .end()
            .as('source'),
      ],
    },
  );
}

/** Members of one user group. */
export function groupMembers<T>(ctx: ListContext) {
  const { value: groupId, rest } = requireParam(ctx.body, GROUP_KEYS, ctx.lang);
  return employeeList<T>(ctx, rest, (q) =>
    q.innerJoin('user_group_member as gm', (j) =>
      j.onRef('gm.employee_id', '=', 'e.id').on('gm.group_id', '=', groupId),
    ),
  );
}
