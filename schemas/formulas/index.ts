/**
 * Form formulas (README.md): the language shared by the browser's forms and the server, so both
 * compute, default, hide and refuse alike.
 */
export type { FormulaNode } from './ast.ts';
export type { FormulaField } from './check.ts';
export type { Clock } from './dates.ts';
export { DEFAULT_TIME_ZONE } from './dates.ts';
export type { FormulaError } from './errors.ts';
export type { FormulaValue } from './values.ts';
export {
  FUNCTION_LIST,
  type FormulaType,
  type FunctionSpec,
  type FunctionCategory,
} from './functions/index.ts';
export {
  checkFormula,
  evaluateFormula,
  isFormulaError,
  parseFormula,
  type EvaluateOptions,
  type FormulaCheck,
  type FormulaResult,
  type FormValues,
} from './formula.ts';
export {
  applyFormRules,
  computeOrder,
  referencedFields,
  type AppliedRules,
  type ApplyOptions,
  type FormRule,
  type FormRuleMessage,
  type FormRules,
  type LocalText,
} from './form-rules.ts';
export { describeFormulaError, describeRuleMessage, type Translate } from './describe.ts';
export { fieldFromSchema, formulaFieldsOf, localRefs, type RefResolver } from './fields-from-schema.ts';
export { checkFormRules, type FormRulesProblem } from './form-rules-check.ts';
