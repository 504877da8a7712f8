/**
 * The logic of a detail screen without its view: the record read by the screen's operation (query or
 * body from params and session), loading, the error, and a refresh.
 */
import { resolveParams, resolveQuery } from '../actions/params.ts';
import type { DataSource } from '../data-source.tsx';
import { useLoad } from '../environment/use-load.ts';
import type { Scope } from '../expression/index.ts';

export type DetailRecord = Record<string, unknown>;

export interface DetailControllerOptions {
  operation: string;
  query?: Record<string, unknown>;
  body?: unknown;
  scope: Scope;
  dataSource: DataSource;
}

export interface DetailController {
  record: DetailRecord | undefined;
  loading: boolean;
  error: unknown;
  refresh(): void;
}

export function useDetailController(options: DetailControllerOptions): DetailController {
  const { operation, dataSource } = options;
  const query = resolveQuery(options.query, options.scope);
  const body = options.body === undefined ? undefined : resolveParams(options.body, options.scope);
  // Compared by value: the scope is a new object on every render.
  const answer = useLoad(JSON.stringify({ operation, query, body }), (signal) =>
    dataSource(operation, {
      ...(query ? { query } : {}),
      ...(body !== undefined ? { body } : {}),
      signal,
    }),
  );
  return {
    record: (answer.data ?? undefined) as DetailRecord | undefined,
    loading: answer.loading,
    error: answer.error ?? null,
    refresh: answer.reload,
  };
}
