/** The catalogue's list request and a list's total, shared by list-query.ts and list-count.ts. */

export interface ListRequest {
  parameters?: { key: string; value?: unknown }[];
  requestPage?: { pageNo?: number; limit?: number; totalCount?: number; totalExact?: boolean };
  sorts?: { field: string; order?: 'ASC' | 'DESC' }[];
}

export interface Total {
  total: number;
  exact: boolean;
}
