/** The search select's answer → its options: `label（detail）`, valued by the configured field. */
export interface SearchSelectConfig {
  operation: string;
  searchKey?: string;
  minChars?: number;
  valueField?: string;
  labelField?: string;
  detailField?: string;
}

export interface SearchOption {
  value: string;
  label: string;
}

/** A list, or a page's `dataResult`, of rows; anything else is no rows. */
function rowsOf(answer: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(answer) ? answer : (answer as { dataResult?: unknown } | null)?.dataResult;
  return Array.isArray(rows)
    ? rows.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    : [];
}

export function searchOptionsOf(answer: unknown, config: SearchSelectConfig): SearchOption[] {
  const valueField = config.valueField ?? 'id';
  const labelField = config.labelField ?? 'name';
  return rowsOf(answer)
    .filter((r) => r[valueField] !== undefined && r[valueField] !== null)
    .map((r) => {
      const value = String(r[valueField]);
      const label = r[labelField] ? String(r[labelField]) : value;
      const detail = config.detailField ? r[config.detailField] : undefined;
      return { value, label: detail ? `${label}（${String(detail)}）` : label };
    });
}
