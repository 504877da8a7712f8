/**
 * The logic of a detail screen without its view: the record read by the screen's operation (query or
 * body from params and session), loading, the error, and a refresh.
 */
import { useCallback, useEffect, useState } from 'react';
import { resolveParams, resolveQuery } from '../actions/params.ts';
import type { DataSource } from '../data-source.tsx';
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

interface Answer {
  key: string;
  record?: DetailRecord;
  error: unknown;
}

export function useDetailController(options: DetailControllerOptions): DetailController {
  const { operation, dataSource } = options;
  const query = resolveQuery(options.query, options.scope);
  const body = options.body === undefined ? undefined : resolveParams(options.body, options.scope);
  const [reloads, setReloads] = useState(0);
  const [answer, setAnswer] = useState<Answer>({ key: '', error: null });
  // Compared by value: the scope is a new object on every render.
  const requestKey = JSON.stringify({ operation, query, body, reloads });

  useEffect(() => {
    let current = true;
    const request = JSON.parse(requestKey) as { query?: object; body?: unknown };
    dataSource(operation, {
      ...(request.query ? { query: request.query } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
    }).then(
      (data) =>
        current &&
        setAnswer({ key: requestKey, record: (data ?? undefined) as DetailRecord | undefined, error: null }),
      (error: unknown) => current && setAnswer((old) => ({ ...old, key: requestKey, error })),
    );
    return () => {
      current = false;
    };
  }, [operation, dataSource, requestKey]);

  const refresh = useCallback(() => setReloads((n) => n + 1), [setReloads]);
  return { record: answer.record, loading: answer.key !== requestKey, error: answer.error, refresh };
}
