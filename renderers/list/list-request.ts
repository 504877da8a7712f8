/**
 * The spec's list request, exactly: {parameters:[{key,value}], requestPage:{pageNo,limit},
 * sorts:[{field,order}]}. Search values are converted by field type; empty ones are left out.
 */
import dayjs from 'dayjs';
import type { SearchField, SortOrder } from './list-types.ts';

/**
 * The catalogue's ListRequest (schemas/api, generated as schemas/generated ListRequest; the renderers
 * import nothing from src/, tests/unit/api-types.test.ts checks the two agree).
 */
export interface ListRequest {
  parameters?: { key: string; value?: string | number | boolean | unknown[] | null }[];
  requestPage?: { pageNo?: number; limit?: number; totalCount?: number; totalExact?: boolean };
  sorts?: { field: string; order?: 'ASC' | 'DESC' }[];
}

export type SearchValues = Record<string, unknown>;
export type ListParameter = { key: string; value: string | number | boolean | (string | number | boolean)[] };

/** 'yyyy-MM-dd HH:mm:ss' (the spec's Java-style patterns) → dayjs's 'YYYY-MM-DD HH:mm:ss'. */
export function toDayjsFormat(pattern: string): string {
  return pattern.replace(/yyyy/g, 'YYYY').replace(/yy/g, 'YY').replace(/dd/g, 'DD');
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** One search value as the request carries it, or undefined when it does not filter. */
export function parameterValue(field: SearchField, raw: unknown): ListParameter['value'] | undefined {
  if (isEmpty(raw)) return undefined;
  switch (field.type) {
    case 'STRING':
      return String(raw).trim();
    case 'INT':
    case 'DOUBLE': {
      const n = Number(raw);
      if (!Number.isFinite(n)) return undefined;
      return field.type === 'INT' ? Math.trunc(n) : n;
    }
    case 'BOOLEAN':
      return raw === true || raw === 'Y' ? 'Y' : 'N';
    case 'OPTION': {
      if (Array.isArray(raw)) return raw.length ? (raw as (string | number | boolean)[]) : undefined;
      return raw as string | number | boolean;
    }
    case 'DATE': {
      const date = dayjs.isDayjs(raw) ? raw : dayjs(raw as string);
      return date.isValid() ? date.format(toDayjsFormat(field.format ?? 'yyyy-MM-dd')) : undefined;
    }
  }
}

export function searchParameters(fields: readonly SearchField[], values: SearchValues): ListParameter[] {
  const parameters: ListParameter[] = [];
  for (const field of fields) {
    const value = parameterValue(field, values[field.field]);
    if (value !== undefined) parameters.push({ key: field.field, value });
  }
  return parameters;
}

export interface ListQueryState {
  values: SearchValues;
  page: number;
  pageSize: number;
  sorts: SortOrder[];
  /** The total already known when only the page changed: the server may skip counting again. */
  totalCount?: number;
  /** Whether that total was exact (false: the server's estimate of a large list, shown as "about N"). */
  totalExact?: boolean;
}

/** `fixed` parameters (the screen's `filters`, already evaluated) come first, before the search. */
export function buildListRequest(
  fields: readonly SearchField[],
  state: ListQueryState,
  fixed: readonly ListParameter[] = [],
): ListRequest {
  return {
    parameters: [...fixed, ...searchParameters(fields, state.values)],
    requestPage:
      state.totalCount !== undefined && state.page > 1
        ? {
            pageNo: state.page,
            limit: state.pageSize,
            totalCount: state.totalCount,
            ...(state.totalExact === false ? { totalExact: false } : {}),
          }
        : { pageNo: state.page, limit: state.pageSize },
    sorts: state.sorts.map(({ field, order }) => ({ field, order })),
  };
}

/**
 * The same state as plain fields (a `request: {style: fields}` list): the fixed parameters and search
 * values by key, then page and size unless the operation answers every row at once.
 */
export function buildFieldsRequest(
  fields: readonly SearchField[],
  state: ListQueryState,
  fixed: readonly ListParameter[] = [],
  paged = true,
): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  for (const p of [...fixed, ...searchParameters(fields, state.values)]) request[p.key] = p.value;
  if (paged) Object.assign(request, { page: state.page, size: state.pageSize });
  return request;
}
