/**
 * The check of a formula against a form's fields before it is saved: unknown fields and columns,
 * unknown functions, wrong argument counts, sub-table columns outside an aggregate, and the obvious
 * type mismatches (a text or a date in arithmetic, a number where a date belongs, a text as a
 * condition). It collects every problem rather than stopping at the first, and infers the formula's
 * type. What only the values can tell (a text field holding '12', a zero divisor) is the evaluator's.
 */
import type { FormulaNode, NodeOf } from './ast.ts';
import { readDate } from './dates.ts';
import { formulaError, type FormulaError } from './errors.ts';
import { columnTables } from './evaluate.ts';
import { FUNCTIONS, type FormulaType, type ParamKind } from './functions/index.ts';
import { arityError } from './functions/spec.ts';
import { numberInText } from './values.ts';

/** A field a formula may name: its key, its type, and for a sub-table its columns. */
export interface FormulaField {
  key: string;
  type: 'string' | 'number' | 'integer' | 'date' | 'boolean' | 'option' | 'table';
  /** What the formula editor shows (already in the user's words, or a translation key). */
  label?: string;
  columns?: FormulaField[];
}

/** What the check sees a node as: a formula type, or a whole sub-table. */
type Seen = FormulaType | 'table';

export function typeOfField(field: FormulaField): Seen {
  switch (field.type) {
    case 'number':
    case 'integer':
      return 'number';
    case 'string':
      return 'text';
    case 'option':
      return 'any';
    default:
      return field.type;
  }
}

const BOOLEAN_WORDS = new Set(['TRUE', 'FALSE', 'Y', 'N']);

interface Place {
  /** Inside an aggregate's argument: sub-table columns may be named. */
  aggregate: boolean;
  /** A direct argument of COUNT: a whole sub-table may be named (its rows are counted). */
  countable: boolean;
}

const TOP: Place = { aggregate: false, countable: false };

export class FormulaChecker {
  readonly errors: FormulaError[] = [];
  private readonly fields: Map<string, FormulaField>;

  constructor(fields: readonly FormulaField[]) {
    this.fields = new Map(fields.map((field) => [field.key, field]));
  }

  check(node: FormulaNode): FormulaType {
    const seen = this.visit(node, TOP);
    return seen === 'table' ? 'any' : seen;
  }

  private report(name: string, at: { start: number; end: number }, params?: Record<string, string | number>) {
    this.errors.push(formulaError(name, at, params));
  }

  /** Reports when a node of type `seen` cannot be what `kind` asks for. */
  private expect(node: FormulaNode, seen: Seen, kind: ParamKind): void {
    // A whole sub-table outside COUNT is reported where it is named (tableNeedsColumn).
    if (kind === 'values' || seen === 'any' || seen === 'table') return;
    const literal = node.type === 'text' ? node.value : undefined;
    let wrong = false;
    switch (kind) {
      case 'number':
        wrong =
          seen === 'date' ||
          (seen === 'text' && (literal === undefined || numberInText(literal) === undefined));
        break;
      case 'date':
        if (literal !== undefined && !readDate(literal)) {
          this.report('notDate', node, { value: literal });
          return;
        }
        wrong = seen === 'number' || seen === 'boolean';
        break;
      case 'boolean':
        wrong =
          seen === 'date' ||
          (seen === 'text' && (literal === undefined || !BOOLEAN_WORDS.has(literal.trim().toUpperCase())));
        break;
    }
    if (wrong) this.report('wrongType', node, { expected: kind, found: seen });
  }

  private operand(node: FormulaNode, kind: ParamKind, place: Place): Seen {
    const seen = this.visit(node, { ...place, countable: false });
    this.expect(node, seen, kind);
    return seen;
  }

  private visit(node: FormulaNode, place: Place): Seen {
    switch (node.type) {
      case 'number':
        return 'number';
      case 'text':
        return 'text';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'any';
      case 'field':
        return this.field(node, place);
      case 'negate':
        this.operand(node.operand, 'number', place);
        return 'number';
      case 'not':
        this.operand(node.operand, 'boolean', place);
        return 'boolean';
      case 'binary':
        return this.binary(node, place);
      case 'call':
        return this.call(node, place);
    }
  }

  private field(node: NodeOf<'field'>, place: Place): Seen {
    const field = this.fields.get(node.name);
    if (!field) {
      this.report('unknownField', node, { name: node.name });
      return 'any';
    }
    if (node.column === undefined) {
      if (field.type === 'table' && !place.countable)
        this.report('tableNeedsColumn', node, { name: node.name });
      return typeOfField(field);
    }
    if (field.type !== 'table') {
      this.report('notATable', node, { name: node.name });
      return 'any';
    }
    const column = field.columns?.find((c) => c.key === node.column);
    if (!column) {
      this.report('unknownColumn', node, { name: node.name, column: node.column });
      return 'any';
    }
    if (!place.aggregate)
      this.report('columnOutsideAggregate', node, { name: `${node.name}.${node.column}` });
    return typeOfField(column);
  }

  private binary(node: NodeOf<'binary'>, place: Place): Seen {
    const { op, left, right } = node;
    if (op === 'AND' || op === 'OR') {
      this.operand(left, 'boolean', place);
      this.operand(right, 'boolean', place);
      return 'boolean';
    }
    if (op === '&') {
      this.operand(left, 'text', place);
      this.operand(right, 'text', place);
      return 'text';
    }
    if (['+', '-', '*', '/', '%', '^'].includes(op)) {
      this.operand(left, 'number', place);
      this.operand(right, 'number', place);
      return 'number';
    }
    const a = this.operand(left, 'any', place);
    const b = this.operand(right, 'any', place);
    // A date against a number or a logical value never means what it says.
    const clash = (x: Seen, y: Seen) => x === 'date' && (y === 'number' || y === 'boolean');
    if (clash(a, b) || clash(b, a)) this.report('wrongType', right, { expected: a, found: b });
    return 'boolean';
  }

  private call(node: NodeOf<'call'>, place: Place): Seen {
    const spec = FUNCTIONS.get(node.name);
    if (!spec) {
      this.report('unknownFunction', node, { name: node.name });
      node.args.forEach((arg) => this.visit(arg, { ...place, countable: false }));
      return 'any';
    }
    const arity = arityError(spec, node.args.length, node);
    if (arity) this.errors.push(arity);
    const types = node.args.map((arg, index) => {
      if (spec.aggregate && columnTables(arg).size > 1) this.report('mixedTables', arg);
      const inner: Place = spec.aggregate
        ? { aggregate: true, countable: spec.name === 'COUNT' }
        : { ...place, countable: false };
      const seen = this.visit(arg, inner);
      this.expect(arg, seen, spec.param(index));
      return seen === 'table' ? 'any' : seen;
    });
    return spec.returns(types);
  }
}
