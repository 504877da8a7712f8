/**
 * The custom ajv keywords of spec §5. Each error they report carries a translation key as its message
 * (see messages.ts) and the schema node it failed in (parentSchema), so errorMessage overrides work
 * even when ajv runs without `verbose`.
 *
 * Each keyword comes twice, with the same check: KEYWORDS compile it once per schema location (the
 * server's ajv, and tests that compile at run time); STANDALONE_KEYWORDS take the keyword's value with
 * every call, which is what ajv's standalone code can call (the browser's form validators are compiled
 * at build time: tools/form-validators/, and reach these functions through KEYWORD_VALIDATORS).
 */
import type { AnySchemaObject, ErrorObject, FuncKeywordDefinition, JSONType } from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types/index.js';
import { cnLength } from './cn-length.ts';
import { decimalPlacesOf, INT32_MAX, INT32_MIN, isInt32 } from './numbers.ts';
import { passwordKindCount, passwordPolicyViolations, type PasswordPolicy } from './password.ts';
import { isBlank, selectedCount } from './text.ts';

interface Failure {
  message: string;
  params: Record<string, unknown>;
  /** Set when the failure belongs to a child property rather than the validated value itself. */
  instancePath?: string;
}

type Check = (data: any, instancePath: string) => Failure[];

interface CompiledCheck {
  (data: unknown, dataCxt?: { instancePath?: string }): boolean;
  errors?: Partial<ErrorObject>[];
}

/** A keyword's check with its value given on every call (ajv's `validate` form of a keyword). */
export interface KeywordValidator {
  (value: any, data: unknown, parentSchema?: AnySchemaObject, dataCxt?: DataValidationCxt): boolean;
  errors?: Partial<ErrorObject>[];
}

const validators: Record<string, KeywordValidator> = {};
const standalone: FuncKeywordDefinition[] = [];

function failuresToErrors(keyword: string, failures: Failure[], parentSchema: AnySchemaObject | undefined) {
  return failures.map(({ message, params, instancePath }) => ({
    keyword,
    message,
    params,
    parentSchema,
    ...(instancePath === undefined ? {} : { instancePath }),
  }));
}

/**
 * A keyword compiled once per schema location: `prepare` turns the keyword's value into a check,
 * so patterns and policies are parsed at compile time and not on every keystroke. Its standalone twin
 * prepares on the first call per schema location and value, and keeps that check.
 */
function defineKeyword<S>(
  keyword: string,
  options: { type?: JSONType | JSONType[]; metaSchema: AnySchemaObject },
  prepare: (value: S, parentSchema: AnySchemaObject) => Check,
): FuncKeywordDefinition {
  const prepared = new WeakMap<AnySchemaObject, { value: S; check: Check }>();
  const checkFor = (value: S, parentSchema: AnySchemaObject | undefined): Check => {
    if (!parentSchema) return prepare(value, {});
    let entry = prepared.get(parentSchema);
    if (!entry || entry.value !== value) {
      entry = { value, check: prepare(value, parentSchema) };
      prepared.set(parentSchema, entry);
    }
    return entry.check;
  };
  const validate: KeywordValidator = (value: S, data, parentSchema, dataCxt) => {
    const failures = checkFor(value, parentSchema)(data, dataCxt?.instancePath ?? '');
    validate.errors = failuresToErrors(keyword, failures, parentSchema);
    return failures.length === 0;
  };
  validators[keyword] = validate;
  // No metaSchema: ajv cannot check a $data value against one in standalone code. The build compiles
  // every schema with KEYWORDS first, which checks the values written in it.
  standalone.push({
    keyword,
    ...(options.type ? { type: options.type } : {}),
    errors: true,
    $data: true,
    validate,
  });
  return {
    keyword,
    ...options,
    errors: true,
    compile(value: S, parentSchema: AnySchemaObject) {
      const check = prepare(value, parentSchema);
      const compiled: CompiledCheck = (data, dataCxt) => {
        const failures = check(data, dataCxt?.instancePath ?? '');
        compiled.errors = failuresToErrors(keyword, failures, parentSchema);
        return failures.length === 0;
      };
      return compiled;
    },
  };
}

const NON_NEGATIVE_INTEGER = { type: 'integer', minimum: 0 };

function lengthLimit(keyword: 'maxLengthCn' | 'minLengthCn') {
  const tooLong = keyword === 'maxLengthCn';
  return defineKeyword<number>(
    keyword,
    { type: 'string', metaSchema: NON_NEGATIVE_INTEGER },
    (limit) => (data: string) => {
      const length = cnLength(data);
      return (tooLong ? length > limit : length < limit)
        ? [{ message: `validation.${keyword}`, params: { limit } }]
        : [];
    },
  );
}

function selectionLimit(keyword: 'minItemsSelected' | 'maxItemsSelected') {
  const atMost = keyword === 'maxItemsSelected';
  return defineKeyword<number>(
    keyword,
    { type: ['array', 'string'], metaSchema: NON_NEGATIVE_INTEGER },
    (limit) => (data: unknown) => {
      const count = selectedCount(data);
      return (atMost ? count > limit : count < limit)
        ? [{ message: `validation.${keyword}`, params: { limit } }]
        : [];
    },
  );
}

const decimalPlaces = defineKeyword<number>(
  'decimalPlaces',
  { type: ['number', 'string'], metaSchema: NON_NEGATIVE_INTEGER },
  // A non-numeric string is left to `format`/`type` so the user sees one error, not two.
  (limit) => (data: number | string) => {
    const places = decimalPlacesOf(data);
    return places !== undefined && places > limit
      ? [{ message: 'validation.decimalPlaces', params: { limit } }]
      : [];
  },
);

const int32 = defineKeyword<boolean>(
  'int32',
  { type: ['number', 'string'], metaSchema: { type: 'boolean' } },
  (enabled) => (data: number | string) =>
    enabled && !isInt32(data)
      ? [{ message: 'validation.int32', params: { min: INT32_MIN, max: INT32_MAX } }]
      : [],
);

const passwordPolicy = defineKeyword<PasswordPolicy>(
  'passwordPolicy',
  {
    type: 'string',
    metaSchema: {
      type: 'object',
      properties: {
        complexity: {
          anyOf: [
            { type: 'string', pattern: '^\\s*([1-4]\\s*(,\\s*[1-4]\\s*)*)?$' },
            { type: 'array', items: { enum: [1, 2, 3, 4, '1', '2', '3', '4'] } },
          ],
        },
        minLength: NON_NEGATIVE_INTEGER,
        maxLength: NON_NEGATIVE_INTEGER,
      },
    },
  },
  (policy) => (data: string) =>
    passwordPolicyViolations(data, policy).map((violation) => ({
      message: `validation.passwordPolicy.${violation.rule}`,
      params: { ...violation },
    })),
);

const passwordStrength = defineKeyword<{ minKinds: number }>(
  'passwordStrength',
  {
    type: 'string',
    metaSchema: {
      type: 'object',
      required: ['minKinds'],
      properties: { minKinds: { type: 'integer', minimum: 1, maximum: 3 } },
    },
  },
  ({ minKinds }) =>
    (data: string) =>
      passwordKindCount(data) < minKinds
        ? [{ message: 'validation.passwordStrength', params: { minKinds } }]
        : [],
);

type RegexpValue = string | { pattern: string; flags?: string; message?: string };

/** Like `pattern`, but with flags and its own message key (e.g. a screen-specific rule text). */
const regexp = defineKeyword<RegexpValue>(
  'regexp',
  {
    type: 'string',
    metaSchema: {
      anyOf: [
        { type: 'string' },
        {
          type: 'object',
          required: ['pattern'],
          additionalProperties: false,
          properties: { pattern: { type: 'string' }, flags: { type: 'string' }, message: { type: 'string' } },
        },
      ],
    },
  },
  (value) => {
    const { pattern, flags, message } = typeof value === 'string' ? { pattern: value } : value;
    const compiled = new RegExp(pattern, flags); // throws at compile time on a bad pattern, not per value
    return (data: string) => {
      compiled.lastIndex = 0; // a 'g' or 'y' flag would otherwise make test() stateful
      return compiled.test(data) ? [] : [{ message: message ?? 'validation.regexp', params: { pattern } }];
    };
  },
);

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * notBlank: true on a string rejects an only-whitespace value (pair it with `required`);
 * notBlank: [names] on an object means each named property is present and not blank, reported like
 * `required` (params.missingProperty) so form libraries attach the error to that field.
 */
const notBlank = defineKeyword<boolean | string[]>(
  'notBlank',
  { metaSchema: { anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string' } }] } },
  (value) => (data: unknown) => {
    if (value === true && typeof data === 'string') {
      return isBlank(data) ? [{ message: 'validation.notBlank', params: {} }] : [];
    }
    if (Array.isArray(value) && isPlainObject(data)) {
      return value
        .filter((property) => isBlank(data[property]))
        .map((property) => ({ message: 'validation.notBlank', params: { missingProperty: property } }));
    }
    return [];
  },
);

/**
 * sameAs: { repeatPassword: newPassword } on an object: each key property, when present, must equal the named one.
 * The error points at the key property (the field the user must fix).
 */
const sameAs = defineKeyword<Record<string, string>>(
  'sameAs',
  { type: 'object', metaSchema: { type: 'object', additionalProperties: { type: 'string' } } },
  (pairs) => (data: Record<string, unknown>, instancePath) =>
    Object.entries(pairs)
      .filter(([property, other]) => property in data && data[property] !== data[other])
      .map(([property, other]) => ({
        message: 'validation.sameAs',
        params: { otherProperty: other },
        instancePath: `${instancePath}/${escapePointer(property)}`,
      })),
);

/**
 * errorMessage holds translation-key overrides read by messageKeyFor; it validates nothing.
 * Declared so an ajv in strict mode (e.g. Fastify's) accepts schemas that use it.
 */
const errorMessage: FuncKeywordDefinition = { keyword: 'errorMessage', schemaType: ['string', 'object'] };

export const KEYWORDS: FuncKeywordDefinition[] = [
  lengthLimit('maxLengthCn'),
  lengthLimit('minLengthCn'),
  decimalPlaces,
  selectionLimit('minItemsSelected'),
  selectionLimit('maxItemsSelected'),
  int32,
  passwordPolicy,
  passwordStrength,
  regexp,
  notBlank,
  sameAs,
  errorMessage,
];

/**
 * The same keywords for ajv's standalone code: each takes its value with the call (`validate`), and a
 * value may be `{$data: pointer}` (a value the form learns at run time, e.g. the server's password
 * policy). errorMessage is only declared, as above.
 */
export const STANDALONE_KEYWORDS: FuncKeywordDefinition[] = [...standalone, errorMessage];

/** The standalone keywords' functions by keyword, for the code ajv generates to call. */
export const KEYWORD_VALIDATORS: Readonly<Record<string, KeywordValidator>> = validators;

/** Names of the keywords above that report errors (errorMessage does not). */
export const CUSTOM_KEYWORDS: readonly string[] = KEYWORDS.map((definition) =>
  String(definition.keyword),
).filter((keyword) => keyword !== 'errorMessage');
