/**
 * Options of an OPTION search field read from an operation (`optionSource`): a list answer
 * ({dataResult}) or a plain array, each row giving a value and a label.
 */
import { useEffect, useState } from 'react';
import { resolveParams, resolveQuery } from '../actions/params.ts';
import { useSessionScope } from '../actions/session-scope.tsx';
import { useDataSource } from '../data-source.tsx';
import { useScreenContext } from '../screen-context.tsx';
import type { OptionSource } from './list-types.ts';

export interface LoadedOption {
  value: string | number;
  label: string;
}

export function rowsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  const rows = (answer as { dataResult?: unknown } | null)?.dataResult;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

export function useOptionSource(source: OptionSource | undefined): LoadedOption[] | undefined {
  const dataSource = useDataSource();
  const session = useSessionScope();
  const { params } = useScreenContext();
  const [options, setOptions] = useState<{ key: string; options: LoadedOption[] }>();
  const key = source ? JSON.stringify(source) : '';
  useEffect(() => {
    if (!source) return;
    let current = true;
    const scope = { session, params };
    const query = resolveQuery(source.query, scope);
    const body = source.body === undefined ? undefined : resolveParams(source.body, scope);
    dataSource(source.operation, {
      ...(query ? { query } : {}),
      ...(body !== undefined ? { body } : {}),
    }).then(
      (answer) => {
        if (!current) return;
        setOptions({
          key,
          options: rowsOf(answer).map((row) => ({
            value: row[source.valueField] as string | number,
            label: String(row[source.labelField] ?? row[source.valueField] ?? ''),
          })),
        });
      },
      // The api client has told the user; the field just offers nothing.
      () => current && setOptions({ key, options: [] }),
    );
    return () => {
      current = false;
    };
    // The source is compared by value (key); session and params only matter when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, dataSource]);
  return options?.key === key ? options.options : undefined;
}
