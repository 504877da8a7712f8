/**
 * antd Table's column filter menu (table/hooks/useFilter/FilterDropdown), loaded when a column with
 * `filters` or `filterDropdown` first shows; until then the column shows its title alone. antd imports
 * it into every table, and with it Tree, Radio and Menu, which a table without filters never shows
 * (tools/vite-antd-shims.ts puts this module in its place).
 */
import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';

const FilterDropdown = lazy(() => import('antd/es/table/hooks/useFilter/FilterDropdown'));

type Props = ComponentProps<typeof FilterDropdown> & { children?: ReactNode };

interface Filter {
  value?: unknown;
  children?: Filter[];
}

/** As antd's: every filter value, nested ones included (useFilter imports it with the component). */
export function flattenKeys(filters: readonly Filter[] | undefined): unknown[] {
  return (filters ?? []).flatMap(({ value, children }) => [
    value,
    ...(children ? flattenKeys(children) : []),
  ]);
}

export default function LazyFilterDropdown(props: Props) {
  return (
    <Suspense fallback={props.children}>
      <FilterDropdown {...props} />
    </Suspense>
  );
}
