/**
 * The rows a selector or a widget has chosen, kept by id: adding skips rows already there (spec §5
 * 'adding groups skips duplicates by id'), and a table page's checkboxes add or drop only the rows
 * of that page, so a choice survives paging and searching.
 */
export type Row = Record<string, unknown>;

export function idOf(row: Row, rowKey: string): string {
  return String(row[rowKey]);
}

export interface MergeResult<T extends Row> {
  rows: T[];
  /** Rows that were new. */
  added: T[];
  /** Rows left out because a row with the same id was there already (or came twice). */
  skipped: T[];
}

/** `current` followed by the rows of `incoming` whose id is not there yet. */
export function mergeById<T extends Row>(
  current: readonly T[],
  incoming: readonly T[],
  rowKey = 'id',
): MergeResult<T> {
  const seen = new Set(current.map((row) => idOf(row, rowKey)));
  const added: T[] = [];
  const skipped: T[] = [];
  for (const row of incoming) {
    const id = idOf(row, rowKey);
    if (seen.has(id)) skipped.push(row);
    else {
      seen.add(id);
      added.push(row);
    }
  }
  return { rows: [...current, ...added], added, skipped };
}

export function withoutId<T extends Row>(rows: readonly T[], id: string, rowKey = 'id'): T[] {
  return rows.filter((row) => idOf(row, rowKey) !== id);
}

/**
 * The chosen rows after the user changed the checkboxes of one page: rows of that page no longer
 * checked are dropped, newly checked ones added (once); rows of other pages stay. With single
 * choice the checked row replaces everything.
 */
export function applyPageSelection(
  chosen: readonly Row[],
  pageRows: readonly Row[],
  checkedKeys: readonly string[],
  rowKey: string,
  multiple: boolean,
): Row[] {
  const checked = new Set(checkedKeys);
  if (!multiple) {
    const row = pageRows.find((r) => checked.has(idOf(r, rowKey)));
    return row ? [row] : chosen.filter((r) => !pageRows.some((p) => idOf(p, rowKey) === idOf(r, rowKey)));
  }
  const onPage = new Set(pageRows.map((r) => idOf(r, rowKey)));
  const kept = chosen.filter((r) => !onPage.has(idOf(r, rowKey)) || checked.has(idOf(r, rowKey)));
  return mergeById(
    kept,
    pageRows.filter((r) => checked.has(idOf(r, rowKey))),
    rowKey,
  ).rows;
}
