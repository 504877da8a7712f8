/**
 * The validation rules of spec §5 as ajv formats and keywords, shared by the browser (rjsf) and the server
 * (Fastify), so a value is judged the same way in the form and in the API.
 *
 * Browser: compiled at build time with these (tools/form-validators/); the app imports only the
 *          parts its precompiled code calls (validators/formats.ts, keywords.ts, messages.ts), never ajv
 * Server:  createAjv({ coerceTypes: true, ... }) or addValidators(fastifyAjv)
 *
 * No node modules here: the fixtures of tests and Storybook compile forms in the browser with it.
 */
import Ajv from 'ajv';
import type { Options } from 'ajv';
import addFormats from 'ajv-formats';
import { FORMATS } from './validators/formats.ts';
import { KEYWORDS } from './validators/keywords.ts';

/**
 * Registers our formats and keywords. Safe to call twice: formats are simply replaced, and keywords already
 * present are kept. Call it after ajv-formats so our date, url and email rules win; if ajv-errors is used,
 * apply it first (it owns errorMessage; ours only declares the keyword).
 */
export function addValidators(ajv: Ajv): Ajv {
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  for (const definition of KEYWORDS) {
    if (!ajv.getKeyword(String(definition.keyword))) ajv.addKeyword(definition);
  }
  return ajv;
}

/** ajv-formats for the standard formats, then ours on top (the forms' ajv gets them this way too). */
export function addFormatsAndValidators(ajv: Ajv): Ajv {
  addFormats(ajv);
  return addValidators(ajv);
}

/**
 * A ready ajv: all errors (forms show every problem at once), non-strict (schemas carry UI annotations),
 * verbose (errors keep their schema node, which errorMessage overrides need), ajv-formats for the
 * standard formats, then ours on top.
 */
export function createAjv(options: Options = {}): Ajv {
  return addFormatsAndValidators(new Ajv({ allErrors: true, strict: false, verbose: true, ...options }));
}

export { FORMATS } from './validators/formats.ts';
export { KEYWORDS, CUSTOM_KEYWORDS, STANDALONE_KEYWORDS, KEYWORD_VALIDATORS } from './validators/keywords.ts';
export type { KeywordValidator } from './validators/keywords.ts';
export {
  messageKeyFor,
  localizeErrors,
  createLocalizer,
  allMessageKeys,
  FORMAT_MESSAGE_KEYS,
  KEYWORD_MESSAGE_KEYS,
  PASSWORD_POLICY_MESSAGE_KEYS,
  OVERRIDE_MESSAGE_KEYS,
  FALLBACK_MESSAGE_KEY,
  GENERIC_FORMAT_MESSAGE_KEY,
} from './validators/messages.ts';
export type { MessageKey, Translate, ValidationErrorLike } from './validators/messages.ts';
export { cnLength, NON_ASCII_WEIGHT, FILE_NAME_MAX_UNITS } from './validators/cn-length.ts';
export { isIdCard, idCardCheckCharacter } from './validators/idcard.ts';
export { isMobile, isPhone, isZip, isEmail, isHttpUrl, MOBILE } from './validators/contact.ts';
export { isCalendarDate, isDateTime } from './validators/dates.ts';
export {
  isInt32,
  isIntegerString,
  isFloatString,
  decimalPlacesOf,
  INT32_MIN,
  INT32_MAX,
} from './validators/numbers.ts';
export {
  passwordPolicyViolations,
  passwordKindCount,
  parseComplexity,
  passwordLength,
  COMPLEXITY_CODES,
} from './validators/password.ts';
export type { PasswordPolicy, PasswordViolation, CharClass } from './validators/password.ts';
export {
  isKey,
  isKeyAlias,
  hasNoWhitespace,
  isBlank,
  isYesNo,
  startsWithUpperCase,
  selectedCount,
} from './validators/text.ts';
