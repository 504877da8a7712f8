/** Employee operations of a tenant's space. */
import type { HandlerMap } from '../handler.ts';
import { tenantSchemaOf } from '../handler.ts';
import { applyFilters, applySortAndPage, pageOf, totalOf, type ListRequest, type ListSpec } from '../list-query.ts';

export const EMPLOYEE_LIST: ListSpec = {
  filters: {
    name: ['e.name', 'like'],
    account: ['e.account', 'like'],
    mobile: ['e.mobile', 'like'],
    email: ['e.email', 'like'],
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
  'o.path as orgPath',
  'o.name as orgName',
] as const;

export const employeeHandlers: HandlerMap = {
  'employee.query': async (ctx) => {
    const req = ctx.body as ListRequest;
    const db = ctx.db.withSchema(tenantSchemaOf(ctx));
    const base = applyFilters(db.selectFrom('employee as e'), EMPLOYEE_LIST, req);
    const { query, page, limit } = applySortAndPage(
      base.leftJoin('org as o', 'o.id', 'e.org_id').select([...employeeListColumns]),
      EMPLOYEE_LIST,
      req,
    );
    const [rows, total] = await Promise.all([query.execute(), totalOf(base, req)]);
    return pageOf(rows, total, page, limit);
  },
};
