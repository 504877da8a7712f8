/**
 * The syntax tree of a form formula (README.md). Every node keeps the character offsets it was read
 * from, [start, end), so a check or an evaluation error can point at the part of the formula at fault.
 */
export interface Span {
  start: number;
  end: number;
}

export type BinaryOp =
  '+' | '-' | '*' | '/' | '%' | '^' | '&' | '=' | '<>' | '<' | '<=' | '>' | '>=' | 'AND' | 'OR';

export type FormulaNode = Span &
  (
    | { type: 'number'; value: number }
    | { type: 'text'; value: string }
    | { type: 'boolean'; value: boolean }
    | { type: 'null' }
    /** A field by its key; `column` for `items.amount` (a sub-table's column). */
    | { type: 'field'; name: string; column?: string }
    | { type: 'negate'; operand: FormulaNode }
    | { type: 'not'; operand: FormulaNode }
    | { type: 'binary'; op: BinaryOp; left: FormulaNode; right: FormulaNode }
    /** `name` upper-cased: function names are case-insensitive. */
    | { type: 'call'; name: string; args: FormulaNode[] }
  );

export type NodeOf<T extends FormulaNode['type']> = Extract<FormulaNode, { type: T }>;
