/**
 * rjsf's validator for a form whose body the build did not see: a version a configurator published at
 * run time (issue 26), whose schema no precompiled function matches. The app's Content Security Policy
 * allows no eval, so ajv cannot compile it in the browser; `jsonschema` interprets the schema instead
 * (it walks it, compiling nothing). This module is imported only when such a form opens
 * (load-form-validators.ts), so the files' forms never load it.
 *
 * It checks what the precompiled validators check: the project's formats (ajv-formats' full set, ours
 * over it) and keywords (the same functions), and hands the localizer ajv-shaped errors (keyword,
 * params, instancePath, parentSchema), so errorMessage overrides and the validation.* texts come out
 * as on the precompiled path.
 */
import type {
  CustomValidator,
  ErrorTransformer,
  RJSFSchema,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import type { ErrorObject } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { Validator, type Schema, type ValidationError } from 'jsonschema';
import { FORMATS } from '../../schemas/validators/formats.ts';
import { KEYWORD_VALIDATORS, STANDALONE_KEYWORDS } from '../../schemas/validators/keywords.ts';
import type { Translate } from '../../schemas/validators/messages.ts';
import { rjsfLocalizer } from './form-validator.ts';
import { localizeQuoted, type Localizer } from './precompiled-validator.ts';

type Data = unknown;
type FormatDefinition =
  | RegExp
  | boolean
  | ((value: string) => boolean)
  | { type?: string; validate: RegExp | ((value: never) => boolean); async?: boolean };

/** The formats the precompiled validators run with (precompiled-runtime.ts): ajv-formats' full set, ours over it. */
const formats = { ...fullFormats, ...FORMATS } as Record<string, FormatDefinition>;

/** An error as ajv reports it, carried inside jsonschema's result until it is handed over. */
interface CarriedError extends ValidationError {
  ajv?: Partial<ErrorObject>;
}

const jsonType = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number' && Number.isInteger(value)
        ? 'integer'
        : typeof value;

/** Whether a value is of one of a keyword's or format's types (an integer is a number too, as in ajv). */
function ofType(value: unknown, types: string | readonly string[] | undefined): boolean {
  if (types === undefined) return true;
  const type = jsonType(value);
  const list = typeof types === 'string' ? [types] : types;
  return list.includes(type) || (type === 'integer' && list.includes('number'));
}

/** Whether a value passes a format as ajv's definition says (unknown formats pass, as with strict off). */
function passesFormat(name: string, value: unknown): boolean {
  const definition = formats[name];
  if (definition === undefined || typeof definition === 'boolean') return true;
  if (definition instanceof RegExp) return typeof value !== 'string' || definition.test(value);
  if (typeof definition === 'function') return typeof value !== 'string' || definition(value);
  if (definition.async || !ofType(value, definition.type ?? 'string')) return true;
  const { validate } = definition;
  return validate instanceof RegExp
    ? validate.test(value as string)
    : (validate as (v: unknown) => boolean)(value);
}

const escapePointer = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (path: readonly (string | number)[]) => path.map((s) => `/${escapePointer(s)}`).join('');

/** What a custom attribute of jsonschema hands back: its errors, each carrying the ajv error. */
function carried(keyword: string, path: (string | number)[], errors: Partial<ErrorObject>[]): unknown {
  return {
    errors: errors.map(
      (error): CarriedError =>
        ({ name: keyword, path, message: error.message ?? '', ajv: { keyword, ...error } }) as CarriedError,
    ),
  };
}

/** A custom attribute of jsonschema as it is called (its typings leave out the context's path). */
type Attribute = (
  this: Validator,
  instance: unknown,
  schema: Record<string, unknown>,
  options: unknown,
  ctx: { path: (string | number)[] },
) => unknown;

/** jsonschema with ajv's formats and the project's keywords. */
function createInterpreter(): Validator {
  const interpreter = new Validator();
  const attributes = interpreter.attributes as unknown as Record<string, Attribute>;
  attributes.format = (instance, schema, _options, ctx) => {
    const format = String(schema.format);
    if (instance === undefined || passesFormat(format, instance)) return undefined;
    return carried('format', ctx.path, [
      { params: { format }, message: `must match format "${format}"`, parentSchema: schema },
    ]);
  };
  // ajv adds an `if` error after those of the failing branch (a form shows only the field errors).
  const branches = attributes.if;
  attributes.if = function (this: Validator, instance, schema, options, ctx) {
    const result = branches.call(this, instance, schema, options, ctx) as { errors?: CarriedError[] } | null;
    if (!result?.errors?.length) return result;
    const ifValid = this.validate(instance, schema.if as Schema, { required: false }).valid;
    const failingKeyword = ifValid ? 'then' : 'else';
    const [failed] = (
      carried('if', ctx.path, [
        {
          params: { failingKeyword },
          message: `must match "${failingKeyword}" schema`,
          parentSchema: schema,
        },
      ]) as { errors: CarriedError[] }
    ).errors;
    return { errors: [...result.errors, failed] };
  };
  for (const definition of STANDALONE_KEYWORDS) {
    const keyword = String(definition.keyword);
    const type = definition.type as string | string[] | undefined;
    const validate = KEYWORD_VALIDATORS[keyword];
    // errorMessage is only declared (the localizer reads it); it checks nothing.
    if (!validate) continue;
    attributes[keyword] = (instance, schema, _options, ctx) => {
      if (instance === undefined || !ofType(instance, type)) return undefined;
      const value = schema[keyword];
      const instancePath = pointerOf(ctx.path);
      if (validate(value, instance, schema as never, { instancePath } as never)) return undefined;
      const errors = validate.errors ?? [];
      validate.errors = undefined;
      return carried(keyword, ctx.path, errors);
    };
  }
  return interpreter;
}

/** ajv's params of a keyword, from jsonschema's `argument`, under the names the validation texts use. */
function paramsOf(keyword: string, argument: unknown): Record<string, unknown> {
  switch (keyword) {
    case 'required':
      return { missingProperty: argument };
    case 'format':
      return { format: argument };
    case 'type':
      return { type: Array.isArray(argument) ? argument.join(',') : argument };
    case 'pattern':
      return { pattern: String(argument) };
    case 'enum':
      return { allowedValues: argument };
    case 'const':
      return { allowedValue: argument };
    case 'additionalProperties':
      return { additionalProperty: argument };
    case 'multipleOf':
      return { multipleOf: argument };
    case 'minimum':
      return { comparison: '>=', limit: argument };
    case 'exclusiveMinimum':
      return { comparison: '>', limit: argument };
    case 'maximum':
      return { comparison: '<=', limit: argument };
    case 'exclusiveMaximum':
      return { comparison: '<', limit: argument };
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return { limit: argument };
    default:
      return {};
  }
}

/** One of jsonschema's errors as ajv reports it (allErrors, verbose). */
function asAjvError(error: CarriedError): ErrorObject {
  const parentSchema =
    typeof error.schema === 'object' ? (error.schema as Record<string, unknown>) : undefined;
  const instancePath = pointerOf(error.path);
  if (error.ajv)
    return {
      keyword: error.name,
      schemaPath: `#/${error.name}`,
      params: {},
      ...error.ajv,
      instancePath: error.ajv.instancePath ?? instancePath,
      parentSchema: error.ajv.parentSchema ?? parentSchema,
    } as ErrorObject;
  return {
    keyword: error.name,
    instancePath,
    // jsonschema tells no schema path; the localizer finds overrides through parentSchema.
    schemaPath: `#/${error.name}`,
    params: paramsOf(error.name, error.argument),
    message: error.message,
    parentSchema,
    schema: parentSchema?.[error.name],
    data: error.instance,
  };
}

export class InterpretedFormValidator implements ValidatorType {
  private readonly interpreter = createInterpreter();

  constructor(private readonly localizer: Localizer) {}

  /** The errors of the data against a schema, with `#/…` references resolved in the root schema. */
  private run(schema: RJSFSchema, data: Data, rootSchema?: RJSFSchema): ErrorObject[] | null {
    const withDefinitions =
      rootSchema && rootSchema !== schema
        ? { definitions: rootSchema.definitions, $defs: rootSchema.$defs, ...schema }
        : schema;
    const result = this.interpreter.validate(data, withDefinitions as Schema, { required: false });
    // jsonschema reports a failed allOf item once more as an allOf error; ajv reports only its errors.
    const errors = result.errors.filter((error) => error.name !== 'allOf');
    return errors.length ? errors.map((error) => asAjvError(error as CarriedError)) : null;
  }

  rawValidation<Result = unknown>(
    schema: RJSFSchema,
    formData?: unknown,
  ): { errors?: Result[]; validationError?: Error } {
    try {
      const errors = this.run(schema, formData);
      if (errors) localizeQuoted(errors, this.localizer);
      return { errors: (errors ?? undefined) as Result[] | undefined };
    } catch (error) {
      // A schema the interpreter cannot read (a bad pattern, a reference it cannot resolve).
      return { validationError: error as Error };
    }
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const rawErrors = this.rawValidation<ErrorObject>(schema, formData);
    return processRawValidationErrors(
      this,
      rawErrors,
      formData,
      schema,
      customValidate,
      transformErrors,
      uiSchema,
    );
  }

  /** Whether the data is valid against a part of the form's schema (a condition, an option). */
  isValid(schema: RJSFSchema, formData: unknown, rootSchema?: RJSFSchema): boolean {
    try {
      return this.run(schema, formData, rootSchema) === null;
    } catch {
      return false;
    }
  }

  reset(): void {
    // Nothing is compiled or cached.
  }
}

/** The interpreted validator of a form, translating with `translate` (asked at validation time). */
export function interpretedFormValidator(translate: Translate): ValidatorType {
  return new InterpretedFormValidator(rjsfLocalizer(translate));
}
