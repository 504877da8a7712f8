/**
 * What the formula editor computes besides the language itself: inserting at the cursor, which fields
 * (and sub-table columns) a formula names, and the form values made of the sample texts typed for them.
 */
import {
  parseFormula,
  isFormulaError,
  type FormulaField,
  type FormulaNode,
} from '../../../schemas/formulas/index.ts';

export interface Insertion {
  value: string;
  /** Where the cursor goes afterwards. */
  cursor: number;
}

/** `text` in place of the selection [start, end); the cursor `back` characters before its end. */
export function insertAt(value: string, start: number, end: number, text: string, back = 0): Insertion {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + text + value.slice(to), cursor: from + text.length - back };
}

/** What a click on a function inserts: `NAME()` with the cursor between the parentheses (after them when it takes nothing). */
export function functionInsertion(name: string, max: number): { text: string; back: number } {
  return { text: `${name}()`, back: max === 0 ? 0 : 1 };
}

/** A sample to type: a field, or one column of a sub-table. */
export interface SampleSlot {
  /** `amount`, or `items.amount`. */
  id: string;
  field: FormulaField;
  column?: FormulaField;
}

/** The known fields and columns a formula names, in the order it names them. */
export function sampleSlots(source: string, fields: readonly FormulaField[]): SampleSlot[] {
  const parsed = parseFormula(source);
  if (isFormulaError(parsed)) return [];
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const slots = new Map<string, SampleSlot>();
  const visit = (node: FormulaNode): void => {
    if (node.type === 'field') {
      const field = byKey.get(node.name);
      if (!field) return;
      if (field.type !== 'table') slots.set(field.key, { id: field.key, field });
      else if (node.column !== undefined) {
        const column = field.columns?.find((c) => c.key === node.column);
        if (column)
          slots.set(`${field.key}.${column.key}`, { id: `${field.key}.${column.key}`, field, column });
      }
    } else if (node.type === 'negate' || node.type === 'not') visit(node.operand);
    else if (node.type === 'binary') [node.left, node.right].forEach(visit);
    else if (node.type === 'call') node.args.forEach(visit);
  };
  visit(parsed);
  return [...slots.values()];
}

const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** A typed sample as the form would hold it: numbers for number fields, TRUE/FALSE for logical ones. */
function sampleValue(type: FormulaField['type'], text: string): unknown {
  if (text === '') return null;
  if ((type === 'number' || type === 'integer') && NUMERIC.test(text)) return Number(text);
  if (type === 'boolean') return text === 'TRUE';
  return text;
}

/** The form values of the samples; a sub-table's column samples are comma-separated, one per row. */
export function sampleValues(
  slots: readonly SampleSlot[],
  texts: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { id, field, column } of slots) {
    const text = texts[id] ?? '';
    if (!column) {
      values[field.key] = sampleValue(field.type, text.trim());
      continue;
    }
    const rows = (values[field.key] ??= []) as Array<Record<string, unknown>>;
    const cells = text.trim() === '' ? [] : text.split(/[,，]/);
    cells.forEach((cell, i) => {
      rows[i] ??= {};
      rows[i][column.key] = sampleValue(column.type, cell.trim());
    });
  }
  return values;
}
