/**
 * A form's formulas (a form screen's `formulas:`, a data template's): computed fields, defaults,
 * visibility and rules, applied by ONE function in the browser's form and on the server, so a value
 * the form shows is the value the server stores, and a row the form refuses the server refuses too.
 *
 * Order: defaults (on create, into blank fields), then computed fields (in dependency order, so a
 * total may use a subtotal), then visibility, then the rules. A hidden field's rules and errors do
 * not count. A computed field whose formula fails (a zero divisor) is left blank with that error, which
 * blocks saving like a failed rule; a default or a visibility formula that fails changes nothing.
 */
import type { FormulaNode } from './ast.ts';
import type { FormulaError } from './errors.ts';
import {
  evaluateFormula,
  isFormulaError,
  parseFormula,
  type EvaluateOptions,
  type FormValues,
} from './formula.ts';
import { toBoolean } from './values.ts';

/** A text in each language, for a rule's message written in the screen rather than in locales/. */
export type LocalText = Record<'zh-CN' | 'zh-TW' | 'en', string>;

export interface FormRule {
  /** The field the message shows on. */
  field: string;
  /** Must be true for the values to be accepted. */
  check: string;
  /** A translation key, or the text in each language. */
  message: string | LocalText;
}

export interface FormRules {
  computed?: Record<string, string>;
  defaults?: Record<string, string>;
  visible?: Record<string, string>;
  rules?: FormRule[];
}

/** A message for a field: a translation key (a rule's, or a formula error's) or a rule's own texts. */
export interface FormRuleMessage {
  key?: string;
  text?: LocalText;
  params: Record<string, string | number>;
}

export interface AppliedRules {
  values: Record<string, unknown>;
  hidden: string[];
  errors: Record<string, FormRuleMessage[]>;
}

export interface ApplyOptions extends EvaluateOptions {
  /** create: defaults fill blank fields; edit: they do not. */
  mode: 'create' | 'edit';
}

const isBlankValue = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The fields a formula names (tables by their own key); none for a formula that does not parse. */
export function referencedFields(source: string): Set<string> {
  const found = new Set<string>();
  const parsed = parseFormula(source);
  if (isFormulaError(parsed)) return found;
  const visit = (node: FormulaNode): void => {
    if (node.type === 'field') found.add(node.name);
    else if (node.type === 'negate' || node.type === 'not') visit(node.operand);
    else if (node.type === 'binary') [node.left, node.right].forEach(visit);
    else if (node.type === 'call') node.args.forEach(visit);
  };
  visit(parsed);
  return found;
}

/**
 * The computed fields in an order where each comes after the computed fields it uses, and those
 * caught in a cycle (a = b + 1, b = a - 1), which cannot be computed.
 */
export function computeOrder(computed: Record<string, string>): { order: string[]; cyclic: string[] } {
  const keys = Object.keys(computed);
  const uses = new Map(
    keys.map((key) => [key, [...referencedFields(computed[key])].filter((k) => k in computed)]),
  );
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const cyclic = new Set<string>();
  const visit = (key: string, path: string[]) => {
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'visiting') {
      path.slice(path.indexOf(key)).forEach((k) => cyclic.add(k));
      return;
    }
    state.set(key, 'visiting');
    for (const used of uses.get(key) ?? []) visit(used, [...path, key]);
    state.set(key, 'done');
    order.push(key);
  };
  keys.forEach((key) => visit(key, []));
  return { order: order.filter((key) => !cyclic.has(key)), cyclic: keys.filter((key) => cyclic.has(key)) };
}

const errorMessage = (error: FormulaError): FormRuleMessage => ({ key: error.key, params: error.params });

function ruleMessage(message: unknown): FormRuleMessage {
  if (typeof message === 'string' && message) return { key: message, params: {} };
  if (typeof message === 'object' && message !== null) return { text: message as LocalText, params: {} };
  return { key: 'formula.error.ruleFailed', params: {} };
}

function entries(map: Record<string, string> | undefined): Array<[string, string]> {
  return map && typeof map === 'object'
    ? Object.entries(map).filter(([, source]) => typeof source === 'string')
    : [];
}

export function applyFormRules(
  rules: FormRules | null | undefined,
  input: FormValues | null | undefined,
  options: ApplyOptions,
): AppliedRules {
  const values: Record<string, unknown> = { ...(input ?? {}) };
  const errors: Record<string, FormRuleMessage[]> = {};
  const fail = (field: string, message: FormRuleMessage) => (errors[field] ??= []).push(message);
  const evaluate = (source: string) => evaluateFormula(source, values, options);

  if (options.mode === 'create') {
    for (const [field, source] of entries(rules?.defaults)) {
      if (!isBlankValue(values[field])) continue;
      const result = evaluate(source);
      if ('value' in result && result.value !== null) values[field] = result.value;
    }
  }

  const computed = Object.fromEntries(entries(rules?.computed));
  const { order, cyclic } = computeOrder(computed);
  for (const field of cyclic) {
    values[field] = null;
    fail(field, { key: 'formula.error.cycle', params: { fields: cyclic.join(', ') } });
  }
  for (const field of order) {
    const result = evaluate(computed[field]);
    values[field] = 'value' in result ? result.value : null;
    if ('error' in result) fail(field, errorMessage(result.error));
  }

  const hidden = entries(rules?.visible)
    .filter(([, source]) => {
      const result = evaluate(source);
      if ('error' in result) return false; // shown: a broken condition must not hide a field's errors
      try {
        return !toBoolean(result.value, { start: 0, end: 0 });
      } catch {
        return false;
      }
    })
    .map(([field]) => field);

  for (const rule of Array.isArray(rules?.rules) ? rules.rules : []) {
    if (!rule || typeof rule.field !== 'string' || hidden.includes(rule.field)) continue;
    const result = evaluate(rule.check);
    let passed = false;
    try {
      passed = 'value' in result && toBoolean(result.value, { start: 0, end: 0 });
    } catch {
      passed = false;
    }
    if (!passed) fail(rule.field, ruleMessage(rule.message));
  }

  for (const field of hidden) delete errors[field];
  return { values, hidden, errors };
}
