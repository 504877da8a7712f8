/**
 * Evaluates a parsed formula over a form's values. Only data is read: own properties of the values
 * and of sub-table rows, never prototypes; functions come from a Map. No eval, no new Function.
 *
 * Sub-tables: inside an aggregate (SUM, AVG, MIN, MAX, COUNT, CONCAT) an argument that names a
 * table's columns is computed once per row, so SUM(items.qty * items.price) adds each row's product;
 * COUNT(items) counts the rows. An aggregate always runs over the whole table, even inside another.
 */
import type { FormulaNode, NodeOf, Span } from './ast.ts';
import type { Clock } from './dates.ts';
import { fault } from './errors.ts';
import { FUNCTIONS } from './functions/index.ts';
import { modulo } from './functions/math.ts';
import { arityError, type CallContext } from './functions/spec.ts';
import { FormulaFault } from './errors.ts';
import {
  compareValues,
  fromForm,
  isBlank,
  tidy,
  toBoolean,
  toNumber,
  toText,
  type FormulaValue,
} from './values.ts';

export type FormValues = Readonly<Record<string, unknown>>;

interface Context {
  values: FormValues;
  clock?: Clock;
  /** The sub-table row an aggregate's argument is being computed for. */
  row?: { table: string; values: FormValues };
}

const isRecord = (value: unknown): value is FormValues =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const own = (record: FormValues, key: string): unknown =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** The tables whose columns a node names, leaving out those inside nested aggregates. */
export function columnTables(node: FormulaNode, found = new Set<string>()): Set<string> {
  switch (node.type) {
    case 'field':
      if (node.column !== undefined) found.add(node.name);
      break;
    case 'negate':
    case 'not':
      columnTables(node.operand, found);
      break;
    case 'binary':
      columnTables(node.left, found);
      columnTables(node.right, found);
      break;
    case 'call':
      if (!FUNCTIONS.get(node.name)?.aggregate) node.args.forEach((arg) => columnTables(arg, found));
      break;
  }
  return found;
}

function field(node: NodeOf<'field'>, context: Context): FormulaValue {
  const { values, row } = context;
  if (node.column === undefined) return fromForm(own(values, node.name), node);
  if (row?.table === node.name) return fromForm(own(row.values, node.column), node);
  const table = own(values, node.name);
  if (isBlank(table)) return [];
  if (Array.isArray(table))
    return table.map((item) => (isRecord(item) ? fromForm(own(item, node.column!), node) : null));
  // A single object (a picked organisation): its property.
  if (isRecord(table)) return fromForm(own(table, node.column), node);
  throw fault('notATable', node, { name: node.name });
}

/** One aggregate argument: per row when it names a table's columns, else as it is. */
function aggregateArg(node: FormulaNode, context: Context, counting: boolean): FormulaValue {
  const whole: Context = { values: context.values, clock: context.clock };
  const tables = [...columnTables(node)];
  if (tables.length > 1) throw fault('mixedTables', node);
  if (tables.length === 1) {
    const rows = own(context.values, tables[0]);
    if (isBlank(rows)) return [];
    if (!Array.isArray(rows)) throw fault('notATable', node, { name: tables[0] });
    return rows.map((row) =>
      evaluateNode(node, { ...whole, row: { table: tables[0], values: isRecord(row) ? row : {} } }),
    );
  }
  if (node.type === 'field' && node.column === undefined) {
    const raw = own(context.values, node.name);
    if (Array.isArray(raw) && raw.some((item) => isRecord(item))) {
      if (!counting) throw fault('tableNeedsColumn', node, { name: node.name });
      return raw.map(() => true);
    }
  }
  return evaluateNode(node, whole);
}

function call(node: NodeOf<'call'>, context: Context): FormulaValue {
  const spec = FUNCTIONS.get(node.name);
  if (!spec) throw fault('unknownFunction', node, { name: node.name });
  const arity = arityError(spec, node.args.length, node);
  if (arity) throw new FormulaFault(arity);
  const callContext: CallContext = {
    at: node,
    argAt: (index) => node.args[index] ?? node,
    clock: context.clock,
  };
  if (spec.lazy)
    return spec.lazy(
      node.args.map((arg) => () => evaluateNode(arg, context)),
      callContext,
    );
  const args = spec.aggregate
    ? node.args.map((arg) => aggregateArg(arg, context, spec.name === 'COUNT'))
    : node.args.map((arg) => evaluateNode(arg, context));
  return spec.apply!(args, callContext);
}

function arithmetic(op: string, a: number, b: number, at: Span): number {
  switch (op) {
    case '+':
      return tidy(a + b, at);
    case '-':
      return tidy(a - b, at);
    case '*':
      return tidy(a * b, at);
    case '/':
      if (b === 0) throw fault('divideByZero', at);
      return tidy(a / b, at);
    case '%':
      return modulo(a, b, at);
    default:
      return tidy(a ** b, at);
  }
}

function binary(node: NodeOf<'binary'>, context: Context): FormulaValue {
  const { op, left, right } = node;
  if (op === 'AND')
    return toBoolean(evaluateNode(left, context), left) && toBoolean(evaluateNode(right, context), right);
  if (op === 'OR')
    return toBoolean(evaluateNode(left, context), left) || toBoolean(evaluateNode(right, context), right);
  const a = evaluateNode(left, context);
  const b = evaluateNode(right, context);
  switch (op) {
    case '&':
      return toText(a, left) + toText(b, right);
    case '=':
      return compareValues(a, b, node) === 0;
    case '<>':
      return compareValues(a, b, node) !== 0;
    case '<':
      return compareValues(a, b, node) < 0;
    case '<=':
      return compareValues(a, b, node) <= 0;
    case '>':
      return compareValues(a, b, node) > 0;
    case '>=':
      return compareValues(a, b, node) >= 0;
    default:
      return arithmetic(op, toNumber(a, left), toNumber(b, right), node);
  }
}

/** Throws a FormulaFault; evaluateFormula (index.ts) turns it into a FormulaError. */
export function evaluateNode(node: FormulaNode, context: Context): FormulaValue {
  switch (node.type) {
    case 'number':
      return tidy(node.value, node);
    case 'text':
      return node.value;
    case 'boolean':
      return node.value;
    case 'null':
      return null;
    case 'field':
      return field(node, context);
    case 'negate':
      return tidy(-toNumber(evaluateNode(node.operand, context), node.operand), node);
    case 'not':
      return !toBoolean(evaluateNode(node.operand, context), node.operand);
    case 'binary':
      return binary(node, context);
    case 'call':
      return call(node, context);
  }
}

export type { Context as EvaluationContext };
