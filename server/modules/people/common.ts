/**
 * Helpers shared by the people areas (employees, organisations, positions, roles, user groups,
 * extended attributes): the tenant space of a request, id lists, translated errors, list paging with
 * relation filters, and tree nodes. Every query of these areas goes through `spaceOf(ctx)`, so an id
 * from another tenant is simply not found.
 */
import { type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { translate, type Language } from '../../http/i18n.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { tenantSchemaOf } from '../../http/handler.ts';
import {
  applyFilters,
  applySortAndPage,
  pageOf,
  rowsAndTotal,
  type ListRequest,
  type ListSpec,
  type PageResult,
} from '../../http/list-query.ts';

export type Space = Kysely<Database>;

/** The request's tenant space: every unqualified table is the tenant's own. */
export function spaceOf(ctx: HandlerContext): Space {
  return ctx.db.withSchema(tenantSchemaOf(ctx));
}

/** At most this many ids in one comma-separated list. */
export const MAX_IDS = 500;

/** A comma-separated id list: trimmed, without blanks and duplicates, in the given order. */
export function idList(raw: unknown, field = 'ids'): string[] {
  const ids = [
    ...new Set(
      String(raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw new ApiError(Code.ILLEGAL_REQUEST, 'people.idsRequired', { field });
  if (ids.length > MAX_IDS)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'people.tooManyIds', { field, limit: MAX_IDS });
  return ids;
}

/** Bad input: 6010101 with a translated message, and the field named in the cause when there is one. */
export function invalid(
  lang: Language,
  key: string,
  params: Record<string, unknown> = {},
  field?: string,
): ApiError {
  return new ApiError(
    Code.ILLEGAL_REQUEST,
    key,
    params,
    field ? [{ field, message: translate(lang, key, params) }] : null,
  );
}

/** A record that does not exist in this tenant's space (or in no space at all). */
export function notFound(
  what: 'employee' | 'org' | 'position' | 'role' | 'group' | 'attr',
  id: string,
): ApiError {
  return new ApiError(Code.NOT_FOUND, `people.${what}.notFound`, { id });
}

export function denied(key: string, params: Record<string, unknown> = {}): ApiError {
  return new ApiError(Code.NO_PERMISSION, key, params);
}

export type PartyTable = 'employee' | 'org' | 'position' | 'role' | 'user_group' | 'attr_def';

const WHAT: Record<PartyTable, Parameters<typeof notFound>[0]> = {
  employee: 'employee',
  org: 'org',
  position: 'position',
  role: 'role',
  user_group: 'group',
  attr_def: 'attr',
};

/** Throws not-found for the first id that is not in the space's table. */
export async function requireIds(space: Space, table: PartyTable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await (space as Kysely<any>).selectFrom(table).select('id').where('id', 'in', ids).execute();
  const found = new Set(rows.map((r: { id: string }) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(WHAT[table], missing);
}

// ---- Lists

/**
 * Takes a relation filter (ORG_ID, ROLE_ID…) out of a list request, under any of its accepted names, so
 * the remaining parameters go through the list's declared filters.
 */
export function takeParam(
  req: ListRequest,
  keys: string[],
): { value: string | undefined; rest: ListRequest } {
  let value: string | undefined;
  const parameters = (req.parameters ?? []).filter((p) => {
    if (!keys.includes(p.key)) return true;
    if (p.value !== undefined && p.value !== null && p.value !== '') value = String(p.value);
    return false;
  });
  return { value, rest: { ...req, parameters } };
}

/** Like takeParam, but the filter must be present. */
export function requireParam(
  req: ListRequest,
  keys: string[],
  lang: Language,
): { value: string; rest: ListRequest } {
  const { value, rest } = takeParam(req, keys);
  if (value === undefined) throw invalid(lang, 'people.filterRequired', { key: keys[0] }, keys[0]);
  return { value, rest };
}

/**
 * Runs a list: the declared filters on `base`, the count of the filtered rows, the selected columns
 * sorted and paged. `select` adds joins and columns that do not change the row count.
 */
export async function listPage<T>(
  base: SelectQueryBuilder<any, any, any>,
  select: (q: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>,
  spec: ListSpec,
  req: ListRequest,
): Promise<PageResult<T>> {
  const filtered = applyFilters(base, spec, req);
  const { query, page, limit } = applySortAndPage(select(filtered), spec, req);
  const [rows, total] = await rowsAndTotal(query, filtered, req);
  return pageOf(rows as T[], total, page, limit);
}

// ---- Trees

export interface TreeNode {
  id: string;
  parentId: string | null;
  name: string;
  disabled: boolean;
  isParent?: boolean;
  children?: TreeNode[];
  [extra: string]: unknown;
}

export const ROOT_ID = '0';

/** Drops null and undefined fields, so a record fits the entity schema its form validates against. */
export function compact<T extends Record<string, unknown>>(row: T): Compact<T> {
  return Object.fromEntries(
    Object.entries(row).filter(([, v]) => v !== null && v !== undefined),
  ) as Compact<T>;
}

/** A row without its null fields: a field that may be null becomes optional and never null. */
export type Compact<T> = {
  [K in keyof T as null extends T[K] ? never : undefined extends T[K] ? never : K]: T[K];
} & {
  [K in keyof T as null extends T[K] ? K : undefined extends T[K] ? K : never]?: Exclude<
    T[K],
    null | undefined
  >;
};

/** A stored time stamp as the JSON of a Date (ISO 8601), the form records' createTime has always had. */
export function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export { formatDateTime } from '../../http/date-time.ts';

/** The caller's tenant record name, for the root node of the organisation tree. */
export async function tenantName(ctx: HandlerContext): Promise<string> {
  const id = ctx.auth?.tenantId;
  if (!id) return '';
  const row = await ctx.db
    .selectFrom('platform.tenant')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name ?? '';
}

// ---- Stored values as the catalogue's enums

/** What the employee table's check constraints allow (migrations/tenant.ts), as the entity's enums. */
const EMPLOYEE_STATUSES = ['actived', 'inactive', 'locked', 'disabled', 'expired', 'deleted'] as const;
const GENDERS = ['male', 'female'] as const;

function oneOf<T extends string>(allowed: readonly T[], what: string, stored: string): T {
  const known = allowed.find((v) => v === stored);
  if (known === undefined) throw new Error(`${what} ${stored} is not one of the catalogue's`);
  return known;
}

export const employeeStatusOf = (stored: string) => oneOf(EMPLOYEE_STATUSES, 'employee status', stored);
export const genderOf = (stored: string) => oneOf(GENDERS, 'gender', stored);
export const yesNo = (flag: boolean | null | undefined): 'Y' | 'N' => (flag ? 'Y' : 'N');
