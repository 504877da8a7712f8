/**
 * Options of an OPTION search field read from an operation (`optionSource`): a list answer
 * ({dataResult}) or a plain array, each row giving a value and a label.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveParams, resolveQuery } from '../actions/params.ts';
import { useSessionScope } from '../actions/session-scope.tsx';
import { useDataSource } from '../data-source.tsx';
import { useLoad } from '../environment/use-load.ts';
import { useScreenContext } from '../screen-context.tsx';
import type { OptionSource } from './list-types.ts';
import { translatedName } from './formatters.tsx';

export interface LoadedOption {
  value: string | number;
  label: string;
}

export function rowsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  const rows = (answer as { dataResult?: unknown } | null)?.dataResult;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

/** undefined while loading; [] when the call failed (the api client has told the user). */
export function useOptionSource(source: OptionSource | undefined): LoadedOption[] | undefined {
  const dataSource = useDataSource();
  const session = useSessionScope();
  const { params } = useScreenContext();
  const { t } = useTranslation();
  // The source is compared by value; session and params are read when it changes.
  const answer = useLoad(source ? JSON.stringify(source) : null, (signal) => {
    const scope = { session, params };
    const query = resolveQuery(source!.query, scope);
    const body = source!.body === undefined ? undefined : resolveParams(source!.body, scope);
    return dataSource(source!.operation, {
      ...(query ? { query } : {}),
      ...(body !== undefined ? { body } : {}),
      signal,
    });
  });
  return useMemo(() => {
    if (!source || answer.loading) return undefined;
    return rowsOf(answer.data).map((row) => ({
      value: row[source.valueField] as string | number,
      label: translatedName(t, String(row[source.labelField] ?? row[source.valueField] ?? '')),
    }));
  }, [source, answer.loading, answer.data, t]);
}
