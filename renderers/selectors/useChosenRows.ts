/**
 * The choice of a selector dialog: the rows chosen so far (kept across pages and searches), and
 * confirming it — with nothing chosen the user is warned and the dialog stays open (spec §5).
 */
import { useCallback, useState } from 'react';
import { applyPageSelection, idOf, withoutId, type Row } from './chosen-rows.ts';

export interface ChosenRows {
  rows: Row[];
  keys: string[];
  /** The checkboxes of one page (or tree) changed. */
  applyPage(pageRows: readonly Row[], checkedKeys: readonly string[]): void;
  /** Replaces the choice (a tree's checked nodes). */
  set(rows: Row[]): void;
  remove(id: string): void;
  /** Hands the choice to `done`, or warns and returns false when there is none. */
  confirm(done: (rows: Row[]) => void, warn: () => void): boolean;
}

export function useChosenRows(rowKey: string, multiple: boolean, initial: readonly Row[] = []): ChosenRows {
  const [rows, setRows] = useState<Row[]>(() => (multiple ? [...initial] : initial.slice(0, 1)));
  const applyPage = useCallback(
    (pageRows: readonly Row[], checkedKeys: readonly string[]) =>
      setRows((chosen) => applyPageSelection(chosen, pageRows, checkedKeys, rowKey, multiple)),
    [rowKey, multiple],
  );
  const remove = useCallback((id: string) => setRows((chosen) => withoutId(chosen, id, rowKey)), [rowKey]);
  const confirm = (done: (chosen: Row[]) => void, warn: () => void) => {
    if (rows.length === 0) {
      warn();
      return false;
    }
    done(rows);
    return true;
  };
  return { rows, keys: rows.map((row) => idOf(row, rowKey)), applyPage, set: setRows, remove, confirm };
}
