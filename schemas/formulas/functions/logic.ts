/** IF, IFS, AND, OR, NOT, ISBLANK. AND and OR stop at the first argument that decides. */
import { isBlank, toBoolean, type FormulaValue } from '../values.ts';
import { common, params, returns, type FunctionSpec } from './spec.ts';

const blankOrEmpty = (value: FormulaValue) => isBlank(value) || (Array.isArray(value) && value.length === 0);

export const LOGIC: FunctionSpec[] = [
  {
    name: 'IF',
    category: 'logic',
    min: 2,
    max: 3,
    param: params(['boolean', 'any', 'any']),
    returns: (types) => common(types.slice(1)),
    lazy: ([condition, then, otherwise], { argAt }) =>
      toBoolean(condition(), argAt(0)) ? then() : otherwise ? otherwise() : null,
  },
  {
    name: 'IFS',
    category: 'logic',
    min: 2,
    max: Infinity,
    pairs: true,
    param: params(['boolean', 'any'], 2),
    returns: (types) => common(types.filter((_, i) => i % 2 === 1)),
    // No condition holds: blank (a form field stays empty rather than showing an error).
    lazy: (args, { argAt }) => {
      for (let i = 0; i + 1 < args.length; i += 2) if (toBoolean(args[i](), argAt(i))) return args[i + 1]();
      return null;
    },
  },
  {
    name: 'AND',
    category: 'logic',
    min: 1,
    max: Infinity,
    param: params(['boolean']),
    returns: returns('boolean'),
    lazy: (args, { argAt }) => args.every((arg, i) => toBoolean(arg(), argAt(i))),
  },
  {
    name: 'OR',
    category: 'logic',
    min: 1,
    max: Infinity,
    param: params(['boolean']),
    returns: returns('boolean'),
    lazy: (args, { argAt }) => args.some((arg, i) => toBoolean(arg(), argAt(i))),
  },
  {
    name: 'NOT',
    category: 'logic',
    min: 1,
    max: 1,
    param: params(['boolean']),
    returns: returns('boolean'),
    apply: ([value], { argAt }) => !toBoolean(value, argAt(0)),
  },
  {
    name: 'ISBLANK',
    category: 'logic',
    min: 1,
    max: 1,
    param: params(['any']),
    returns: returns('boolean'),
    apply: ([value]) => blankOrEmpty(value),
  },
];
