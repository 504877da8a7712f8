/**
 * rjsf's validator for a form whose validators the build compiled (tools/form-validators/): it finds
 * the function of each schema rjsf hands it by the schema's key and runs it, with the values the form
 * learnt at run time (dynamic rules) given through `rootData`. It does what rjsf's ajv validator does
 * around the validation (the localizer, its errors' shape), so the form behaves as before, without
 * compiling anything in the browser.
 *
 * An attribute form's fields come from the server: its object is validated here as ajv validates
 * `{type: 'object', properties}` (each present property in order, or the type error), each property by
 * the precompiled function of its kind with its allowed values given through `rootData`.
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
import { formValidatorModules } from 'virtual:form-validators';
import type { JsonSchema } from './entity-bundle.ts';
import {
  formBodyKey,
  schemaKey,
  withDynamicPointers,
  withEnumPointer,
  type RuntimeValues,
} from './form-validator-keys.ts';
import type { DynamicRule, FormBody } from './form-types.ts';

/** A function of ajv's standalone code. */
export interface CompiledValidate {
  (
    data: unknown,
    dataCxt?: {
      instancePath?: string;
      parentData?: unknown;
      parentDataProperty?: string | number;
      rootData?: RuntimeValues;
    },
  ): boolean;
  errors?: ErrorObject[] | null;
}

/** A generated module: `form` and `valid` of a form body, or `properties` of the attribute forms. */
export interface PrecompiledValidators {
  form?: Readonly<Record<string, CompiledValidate>>;
  valid?: Readonly<Record<string, CompiledValidate>>;
  properties?: Readonly<Record<string, CompiledValidate>>;
}

/** The precompiled validators of a form body, or undefined when the build made none (a fixture's form). */
export async function loadPrecompiledValidators(body: FormBody): Promise<PrecompiledValidators | undefined> {
  const load = formValidatorModules[formBodyKey(body)];
  return load ? await load() : undefined;
}

export type Localizer = (errors?: ErrorObject[] | null) => void;

/** One validation: its errors, or null when the data is valid. */
type Run = (data: unknown) => ErrorObject[] | null;

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema node that holds the keyword of `schemaPath` ('#/items/enum' in a property: its items). */
function nodeAt(schema: JsonSchema, schemaPath: string): unknown {
  let node: unknown = schema;
  for (const segment of schemaPath.split('/').slice(1, -1)) {
    if (!isObject(node)) return undefined;
    node = node[decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

const isPointer = (value: unknown) => isObject(value) && typeof value.$data === 'string';

/**
 * The error's parentSchema (and its keyword's value, which ajv's verbose errors give as `schema`, for a
 * value given through `$data`) taken from the schema rjsf handed over, where `path` (the error's
 * schemaPath within `schema`) points.
 */
function placeInSchema(error: ErrorObject, schema: JsonSchema, path: string): void {
  const node = nodeAt(schema, path);
  if (!isObject(node)) return;
  error.parentSchema = node;
  if (isPointer(error.schema)) error.schema = node[path.slice(path.lastIndexOf('/') + 1)];
}

/**
 * Runs a compiled function. Its errors' parentSchema is the node of the schema rjsf handed over, as
 * with ajv compiling that schema (the compiled code holds a copy, with `$data` where values come late).
 */
function runWith(validate: CompiledValidate, schema: JsonSchema, values?: RuntimeValues): Run {
  return (data) => {
    const valid = values ? validate(data, { rootData: values }) : validate(data);
    const errors = valid ? null : (validate.errors ?? null);
    // As rjsf's validator does: the function must not keep the last errors (rjsf #1104).
    validate.errors = null;
    for (const error of errors ?? []) placeInSchema(error, schema, error.schemaPath);
    return errors;
  };
}

/** An attribute form's `{type: 'object', properties}` as ajv validates it (allErrors, verbose). */
function attributesRun(
  properties: Readonly<Record<string, CompiledValidate>>,
  schema: JsonSchema,
): Run | undefined {
  if (schema.type !== 'object' || !isObject(schema.properties)) return undefined;
  if (Object.keys(schema).some((keyword) => keyword !== 'type' && keyword !== 'properties')) return undefined;
  const checks = Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, property]) => {
    const { shape, values } = withEnumPointer(property);
    return { name, property, values, validate: properties[schemaKey(shape)] };
  });
  if (checks.some((check) => !check.validate)) return undefined;
  return (data) => {
    if (!isObject(data)) {
      const type = { instancePath: '', schemaPath: '#/type', keyword: 'type', params: { type: 'object' } };
      return [{ ...type, message: 'must be object', schema: 'object', parentSchema: schema, data }];
    }
    const errors: ErrorObject[] = [];
    for (const { name, property, values, validate } of checks) {
      if (data[name] === undefined) continue;
      const context = { instancePath: `/${escapePointer(name)}`, parentData: data, parentDataProperty: name };
      if (validate(data[name], { ...context, rootData: values })) continue;
      for (const error of validate.errors ?? []) {
        placeInSchema(error, property, error.schemaPath);
        error.schemaPath = error.schemaPath.replace(
          /^#/,
          `#/properties/${encodeURIComponent(escapePointer(name))}`,
        );
        errors.push(error);
      }
      validate.errors = null;
    }
    return errors.length ? errors : null;
  };
}

export interface PrecompiledFormOptions {
  validators: PrecompiledValidators;
  localizer: Localizer;
  /** The form's dynamic rules and their values as loaded (useFormController's `dynamic`). */
  dynamicRules?: readonly DynamicRule[];
  dynamic?: Record<string, Record<string, unknown>>;
}

const QUOTED = ['missingProperty', 'property'] as const;

/**
 * Translates ajv's errors as rjsf's ajv validator does: property names quoted while the localizer
 * runs (so rjsf can put titles in), bare again afterwards. The interpreted validator does the same.
 */
export function localizeQuoted(errors: ErrorObject[], localizer: Localizer): void {
  for (const error of errors) {
    for (const key of QUOTED) if (error.params?.[key]) error.params[key] = `'${error.params[key]}'`;
    if (error.params?.deps)
      error.params.deps = String(error.params.deps)
        .split(', ')
        .map((dep) => `'${dep}'`)
        .join(', ');
  }
  localizer(errors);
  for (const error of errors) {
    for (const key of QUOTED)
      if (error.params?.[key]) error.params[key] = String(error.params[key]).slice(1, -1);
    if (error.params?.deps)
      error.params.deps = String(error.params.deps)
        .split(', ')
        .map((dep) => dep.slice(1, -1))
        .join(', ');
  }
}

export class PrecompiledFormValidator implements ValidatorType {
  private readonly runs = new WeakMap<object, Run | null>();

  constructor(private readonly options: PrecompiledFormOptions) {}

  /** The function of a whole form schema (as rjsf validates the form), remembered per schema object. */
  private formRun(schema: RJSFSchema): Run | undefined {
    let run = this.runs.get(schema);
    if (run === undefined) {
      const { validators, dynamicRules = [], dynamic = {} } = this.options;
      if (validators.properties) run = attributesRun(validators.properties, schema) ?? null;
      else {
        const keyed = withDynamicPointers(schema, dynamicRules, dynamic);
        const validate = validators.form?.[schemaKey(keyed.schema)];
        run = validate ? runWith(validate, schema, keyed.values.dynamic ? keyed.values : undefined) : null;
      }
      this.runs.set(schema, run);
    }
    return run ?? undefined;
  }

  /** ajv's errors for the data, translated as rjsf's validator translates them. */
  rawValidation<Result = unknown>(
    schema: RJSFSchema,
    formData?: unknown,
  ): { errors?: Result[]; validationError?: Error } {
    const run = this.formRun(schema);
    if (!run) {
      const validationError = new Error('This form schema has no precompiled validator');
      console.error(validationError.message, schema);
      return { validationError };
    }
    const errors = run(formData);
    if (errors) localizeQuoted(errors, this.options.localizer);
    return { errors: (errors ?? undefined) as Result[] | undefined };
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
  isValid(schema: RJSFSchema, formData: unknown): boolean {
    const validate = this.options.validators.valid?.[schemaKey(schema)];
    if (validate) return runWith(validate, schema)(formData) === null;
    const run = this.formRun(schema);
    if (run) return run(formData) === null;
    throw new Error(`No precompiled validator for the schema part ${JSON.stringify(schema)}`);
  }

  reset(): void {
    // Nothing is compiled, so nothing is cached but what belongs to the schemas themselves.
  }
}
