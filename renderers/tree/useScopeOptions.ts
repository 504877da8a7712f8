/**
 * The options of a tree screen's `scope` select (e.g. the subsystems of the menu resource tree), read
 * once from its operation, and the chosen one: the params' value when they name one, else the first.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translatedName } from '../list/formatters.tsx';
import { useDataSource } from '../data-source.tsx';
import { identityKey, useLoad } from '../environment/use-load.ts';
import type { TreeScreenDefinition } from './tree-types.ts';

export interface ScopeOptions {
  options: { value: string; label: string }[];
  value: string | undefined;
  loading: boolean;
  choose(value: string): void;
}

function rowsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  const page = (answer as { dataResult?: unknown } | null)?.dataResult;
  return Array.isArray(page) ? (page as Record<string, unknown>[]) : [];
}

export function useScopeOptions(
  scope: TreeScreenDefinition['scope'],
  params: Record<string, unknown>,
): ScopeOptions {
  const dataSource = useDataSource();
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  const key = useMemo(() => (scope ? identityKey(dataSource, scope.operation) : null), [dataSource, scope]);
  const loaded = useLoad(key, async (signal) => {
    const answer = await dataSource(scope!.operation, { signal });
    const valueField = scope!.valueField ?? 'id';
    const labelField = scope!.labelField ?? 'name';
    return rowsOf(answer).map((row) => ({
      value: String(row[valueField]),
      label: String(row[labelField] ?? ''),
    }));
  });
  // Subsystem names the system wrote are translation keys (menu.subsystem.merger).
  const options = useMemo(
    () => (loaded.data ?? []).map((o) => ({ ...o, label: translatedName(t, o.label) })),
    [loaded.data, t],
  );
  const given = scope ? params[scope.param] : undefined;
  const fallback =
    typeof given === 'string' && options.some((o) => o.value === given) ? given : options[0]?.value;
  return {
    options,
    value: chosen ?? fallback,
    loading: loaded.loading,
    choose: setChosen,
  };
}
