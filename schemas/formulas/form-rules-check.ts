/**
 * The check of a form's formulas before they are saved (the schema check of the screen files, and a
 * configurator's save): every formula checks against the form's fields, each names a field the form
 * has, computed fields do not depend on themselves, a computed or default value fits its field, and
 * conditions give a logical value.
 */
import { typeOfField, type FormulaField } from './check.ts';
import { formulaError, type FormulaError } from './errors.ts';
import { computeOrder, type FormRules } from './form-rules.ts';
import { checkFormula } from './formula.ts';
import type { FormulaType } from './functions/index.ts';

export interface FormRulesProblem {
  /** Where in the rules: ['computed', 'total'], ['rules', '0', 'check']. */
  path: string[];
  error: FormulaError;
}

const NOWHERE = { start: 0, end: 0 };

/**
 * Whether a formula of type `found` may fill a field seen as `expected` (a condition is `boolean`):
 * any value makes a text, a number is a condition (0 is false), a text may write a date.
 */
function fits(expected: FormulaType | 'table', found: FormulaType): boolean {
  if (found === 'any' || expected === 'any' || expected === 'text') return true;
  if (expected === 'boolean') return found === 'boolean' || found === 'number';
  if (expected === 'date') return found === 'date' || found === 'text';
  return expected === found;
}

export function checkFormRules(rules: FormRules, fields: readonly FormulaField[]): FormRulesProblem[] {
  const problems: FormRulesProblem[] = [];
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const formula = (path: string[], source: unknown, expected?: FormulaType | 'table') => {
    if (typeof source !== 'string') return;
    const { errors, type } = checkFormula(source, fields);
    problems.push(...errors.map((error) => ({ path, error })));
    if (errors.length === 0 && type && expected && !fits(expected, type))
      problems.push({
        path,
        error: formulaError('resultType', { start: 0, end: source.length }, { expected, found: type }),
      });
  };
  const target = (path: string[], name: string): FormulaField | undefined => {
    const field = byKey.get(name);
    if (!field) problems.push({ path, error: formulaError('unknownTarget', NOWHERE, { name }) });
    return field;
  };

  for (const part of ['computed', 'defaults'] as const) {
    for (const [name, source] of Object.entries(rules[part] ?? {})) {
      const field = target([part, name], name);
      formula([part, name], source, field ? typeOfField(field) : undefined);
    }
  }
  for (const [name, source] of Object.entries(rules.visible ?? {})) {
    target(['visible', name], name);
    formula(['visible', name], source, 'boolean');
  }
  (rules.rules ?? []).forEach((rule, index) => {
    target(['rules', String(index), 'field'], rule.field);
    formula(['rules', String(index), 'check'], rule.check, 'boolean');
  });
  const { cyclic } = computeOrder(rules.computed ?? {});
  for (const name of cyclic)
    problems.push({
      path: ['computed', name],
      error: formulaError('cycle', NOWHERE, { fields: cyclic.join(', ') }),
    });
  return problems;
}
