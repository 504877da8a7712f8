/**
 * From an ajv error to a translation key under `validation.` plus interpolation params.
 * Why keys and not texts: the same errors are shown in three languages in the browser and
 * returned by the server, and ajv's own texts are English-only and generic ("must match format").
 */
import type { AnySchemaObject, ErrorObject } from 'ajv';
import { CUSTOM_KEYWORDS } from './keywords.ts';

export interface MessageKey {
  key: string;
  params: Record<string, unknown>;
}

/** What messageKeyFor needs; an ajv ErrorObject has it all, and so can a hand-made error. */
export type ValidationErrorLike = Pick<ErrorObject, 'keyword' | 'params'> &
  Partial<Pick<ErrorObject, 'message' | 'parentSchema' | 'schemaPath'>>;

export const FALLBACK_MESSAGE_KEY = 'validation.invalid';

/** Formats (ours and ajv-formats' overlapping ones) to the text saying what a valid value looks like. */
export const FORMAT_MESSAGE_KEYS: Record<string, string> = {
  mobile: 'validation.mobile',
  'email-local': 'validation.email',
  email: 'validation.email',
  idcard: 'validation.idcard',
  zip: 'validation.zip',
  phone: 'validation.phone',
  url: 'validation.url',
  uri: 'validation.url',
  date: 'validation.date',
  datetime: 'validation.datetime',
  'date-time': 'validation.datetime',
  key: 'validation.key',
  'key-alias': 'validation.keyAlias',
  'no-whitespace': 'validation.noWhitespace',
  'boolean-yn': 'validation.booleanYn',
  'upper-first-name': 'validation.upperFirstName',
  'integer-string': 'validation.integer',
  'float-string': 'validation.float',
  uscc: 'validation.uscc',
};

/** A format without an entry above (e.g. ajv-formats' ipv4) gets the generic text with {format}. */
export const GENERIC_FORMAT_MESSAGE_KEY = 'validation.format';

/** Keyword to key, for ajv's built-in keywords and for the default messages of ours. */
export const KEYWORD_MESSAGE_KEYS: Record<string, string> = {
  required: 'validation.required',
  type: 'validation.type',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  minimum: 'validation.minimum',
  maximum: 'validation.maximum',
  exclusiveMinimum: 'validation.exclusiveMinimum',
  exclusiveMaximum: 'validation.exclusiveMaximum',
  multipleOf: 'validation.multipleOf',
  pattern: 'validation.pattern',
  enum: 'validation.enum',
  const: 'validation.const',
  format: GENERIC_FORMAT_MESSAGE_KEY,
  additionalProperties: 'validation.additionalProperties',
  minItems: 'validation.minItems',
  maxItems: 'validation.maxItems',
  uniqueItems: 'validation.uniqueItems',
  minProperties: 'validation.minProperties',
  maxProperties: 'validation.maxProperties',
  dependencies: 'validation.dependencies',
  dependentRequired: 'validation.dependencies',
  anyOf: 'validation.anyOf',
  oneOf: 'validation.oneOf',
  not: 'validation.not',
  if: 'validation.if',
  maxLengthCn: 'validation.maxLengthCn',
  minLengthCn: 'validation.minLengthCn',
  decimalPlaces: 'validation.decimalPlaces',
  minItemsSelected: 'validation.minItemsSelected',
  maxItemsSelected: 'validation.maxItemsSelected',
  int32: 'validation.int32',
  passwordStrength: 'validation.passwordStrength',
  regexp: 'validation.regexp',
  notBlank: 'validation.notBlank',
  sameAs: 'validation.sameAs',
};

/** passwordPolicy reports one error per broken rule; params.rule picks the text. */
export const PASSWORD_POLICY_MESSAGE_KEYS: Record<string, string> = {
  minLength: 'validation.passwordPolicy.minLength',
  maxLength: 'validation.passwordPolicy.maxLength',
  lowerCase: 'validation.passwordPolicy.lowerCase',
  upperCase: 'validation.passwordPolicy.upperCase',
  digit: 'validation.passwordPolicy.digit',
  special: 'validation.passwordPolicy.special',
};

/** Keys used by errorMessage overrides in schemas/entities (spec-specific texts). */
export const OVERRIDE_MESSAGE_KEYS = [
  'validation.wcAccountNoWhitespace',
  'validation.passwordMismatch',
  'validation.mobileRequired',
  'validation.mobileLength',
  'validation.validCodeLength',
  'validation.captchaRequired',
  'validation.fileNameTooLong',
  'validation.qq',
] as const;

/** Every key this module can produce (the locales test checks each one is translated). */
export function allMessageKeys(): string[] {
  return [
    ...new Set([
      FALLBACK_MESSAGE_KEY,
      ...Object.values(FORMAT_MESSAGE_KEYS),
      ...Object.values(KEYWORD_MESSAGE_KEYS),
      ...Object.values(PASSWORD_POLICY_MESSAGE_KEYS),
      ...OVERRIDE_MESSAGE_KEYS,
    ]),
  ].sort();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema node at an ajv schemaPath ('#/properties/email/format' gives the email property's node). */
function schemaNodeAt(root: AnySchemaObject | undefined, schemaPath: string | undefined): unknown {
  if (!root || !schemaPath) return undefined;
  const hash = schemaPath.indexOf('#');
  const base = schemaPath.slice(0, hash);
  if (hash < 0 || (base !== '' && base !== root.$id)) return undefined;
  const segments = schemaPath
    .slice(hash + 1)
    .split('/')
    .slice(1, -1); // drop '' before the first '/' and the keyword
  let node: unknown = root;
  for (const raw of segments) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * The errorMessage override of the failing node, in ajv-errors' shape:
 * a string for every keyword, or { keyword: key }, where the value may itself be keyed by property
 * (required, notBlank) or rule (passwordPolicy); '_' is the fallback at either level.
 */
function overrideKey(error: ValidationErrorLike, rootSchema?: AnySchemaObject): string | undefined {
  const node = error.parentSchema ?? schemaNodeAt(rootSchema, error.schemaPath);
  const spec = isRecord(node) ? node.errorMessage : undefined;
  if (typeof spec === 'string') return spec;
  if (!isRecord(spec)) return undefined;
  const forKeyword = spec[error.keyword];
  if (typeof forKeyword === 'string') return forKeyword;
  if (isRecord(forKeyword)) {
    const selector = error.params.missingProperty ?? error.params.rule;
    const chosen = typeof selector === 'string' ? forKeyword[selector] : undefined;
    if (typeof chosen === 'string') return chosen;
    if (typeof forKeyword._ === 'string') return forKeyword._;
  }
  return typeof spec._ === 'string' ? spec._ : undefined;
}

function defaultKey(error: ValidationErrorLike): string {
  const { keyword, params, message } = error;
  if (keyword === 'format') return FORMAT_MESSAGE_KEYS[String(params.format)] ?? GENERIC_FORMAT_MESSAGE_KEY;
  if (keyword === 'passwordPolicy')
    return PASSWORD_POLICY_MESSAGE_KEYS[String(params.rule)] ?? FALLBACK_MESSAGE_KEY;
  // Our keywords put their key in the message; regexp may carry a screen-specific one.
  if (CUSTOM_KEYWORDS.includes(keyword) && message) return message;
  return KEYWORD_MESSAGE_KEYS[keyword] ?? FALLBACK_MESSAGE_KEY;
}

/** Params made ready for interpolation: lists joined, ajv's property names given one common name. */
function interpolationParams({ keyword, params }: ValidationErrorLike): Record<string, unknown> {
  const result: Record<string, unknown> = { ...params };
  for (const [name, value] of Object.entries(result)) {
    if (Array.isArray(value)) result[name] = value.join(', ');
  }
  if (keyword === 'required' || keyword === 'notBlank') result.property = params.missingProperty;
  if (keyword === 'additionalProperties') result.property = params.additionalProperty;
  return result;
}

/**
 * Translation key and params for any ajv error. Pass the root schema when ajv ran without `verbose`
 * (then errors lack parentSchema and the override is found through schemaPath).
 */
export function messageKeyFor(error: ValidationErrorLike, rootSchema?: AnySchemaObject): MessageKey {
  return { key: overrideKey(error, rootSchema) ?? defaultKey(error), params: interpolationParams(error) };
}

export type Translate = (key: string, params: Record<string, unknown>) => string;

/** Replaces each error's message with its translated text, in place (rjsf's Localizer contract). */
export function localizeErrors(
  errors: ErrorObject[] | null | undefined,
  translate: Translate,
  rootSchema?: AnySchemaObject,
): void {
  for (const error of errors ?? []) {
    const { key, params } = messageKeyFor(error, rootSchema);
    error.message = translate(key, params);
  }
}

/** For rjsf's validators, as their localizer (renderers/form/form-validator.ts: rjsfLocalizer). */
export function createLocalizer(translate: Translate): (errors?: ErrorObject[] | null) => void {
  return (errors) => localizeErrors(errors, translate);
}
