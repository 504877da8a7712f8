/** Every formula function by its upper-case name, and the list the formula editor shows. */
import { DATE } from './date.ts';
import { LOGIC } from './logic.ts';
import { MATH } from './math.ts';
import type { FunctionSpec } from './spec.ts';
import { TEXT } from './text.ts';

export const FUNCTION_LIST: readonly FunctionSpec[] = [...LOGIC, ...MATH, ...TEXT, ...DATE];

// A Map, not an object: a name such as CONSTRUCTOR or __PROTO__ must find nothing.
export const FUNCTIONS: ReadonlyMap<string, FunctionSpec> = new Map(FUNCTION_LIST.map((f) => [f.name, f]));

export type { FormulaType, FunctionSpec, FunctionCategory, ParamKind } from './spec.ts';
