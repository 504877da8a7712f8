/**
 * A row of a data template checked as the server stores it (pure): each value of the type its field
 * declares, then the template's form rules applied by the same applyFormRules the form runs (defaults on
 * create, computed fields recomputed here whatever the browser sent, visibility, rules), then required
 * fields, lengths and ranges on the values that result. Every problem is a message per field, in the
 * words the form shows; any problem means nothing is written.
 */
import { applyFormRules, describeRuleMessage, type Translate } from '../../../schemas/formulas/index.ts';
import { isCalendarDate } from '../../../schemas/validators/dates.ts';
import {
  DEFAULT_MAX_LENGTH,
  INT_RANGE,
  nameKeyOf,
  REFERENCE_TYPES,
  RESERVED_KEYS,
  type DataTemplate,
  type TemplateField,
} from './definition.ts';

export type RowValues = Record<string, unknown>;

export interface CheckedRow {
  values: RowValues;
  /** Field key → its messages (translated). */
  errors: Record<string, string[]>;
}

const blank = (v: unknown) => v === null || v === undefined || v === '';
/** A NUL or a lone surrogate cannot be stored as text. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The longest id a person, organisation or attachment field holds. */
const ID_LENGTH = 64;

/** The value a field stores, or a message key when the value is not of its type. */
function typed(field: TemplateField, v: unknown): { value: unknown } | { error: string } {
  if (blank(v)) return { value: null };
  const bad = { error: `dataTemplate.error.type.${field.type}` };
  switch (field.type) {
    case 'number':
    case 'integer': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n)) return bad;
      if (field.type === 'integer' && (!Number.isInteger(n) || n < INT_RANGE.min || n > INT_RANGE.max))
        return bad;
      return { value: n };
    }
    case 'boolean':
      return typeof v === 'boolean' ? { value: v } : bad;
    case 'date':
      return typeof v === 'string' && isCalendarDate(v) && !v.startsWith('0000') ? { value: v } : bad;
    case 'option':
      return typeof v === 'string' && (field.options ?? []).some((o) => o.value === v) ? { value: v } : bad;
    case 'person':
    case 'org':
    case 'attachment':
      return typeof v === 'string' && v.length <= ID_LENGTH && !UNSTORABLE.test(v) ? { value: v } : bad;
    default:
      return typeof v === 'string' && !UNSTORABLE.test(v) ? { value: v } : bad;
  }
}

/** The limits of a field a stored value must keep (after the formulas ran). */
function limits(field: TemplateField, v: unknown): { key: string; params: Record<string, unknown> } | null {
  if (field.type === 'string' && typeof v === 'string') {
    const length = [...v].length;
    const min = field.minLength ?? 0;
    const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
    if (length < min || length > max) return { key: 'dataTemplate.error.length', params: { min, max } };
  }
  if ((field.type === 'number' || field.type === 'integer') && typeof v === 'number') {
    if (field.minimum !== undefined && v < field.minimum)
      return { key: 'dataTemplate.error.minimum', params: { min: field.minimum } };
    if (field.maximum !== undefined && v > field.maximum)
      return { key: 'dataTemplate.error.maximum', params: { max: field.maximum } };
  }
  return null;
}

export function checkRow(
  template: DataTemplate,
  input: RowValues,
  options: { mode: 'create' | 'edit'; now: Date; lang: string; t: Translate },
): CheckedRow {
  const errors: Record<string, string[]> = {};
  const fail = (key: string, text: string) => (errors[key] ??= []).push(text);
  const known = new Map(template.fields.map((f) => [f.key, f]));
  // The names a loaded row carries beside its reference fields' ids are the server's, left out too.
  const names = new Set(
    template.fields.filter((f) => REFERENCE_TYPES.has(f.type)).map((f) => nameKeyOf(f.key)),
  );
  for (const key of Object.keys(input))
    // The row's own columns come back with a loaded row: not the caller's to set, so left out.
    if (!known.has(key) && !RESERVED_KEYS.has(key) && !names.has(key))
      fail(key, options.t('dataTemplate.error.unknownField', { key }));
  const values: RowValues = {};
  for (const field of template.fields) {
    const got = typed(field, Object.hasOwn(input, field.key) ? input[field.key] : null);
    if ('error' in got) fail(field.key, options.t(got.error, {}));
    values[field.key] = 'value' in got ? got.value : null;
  }
  if (Object.keys(errors).length > 0) return { values, errors };

  const applied = applyFormRules(template.formulas, values, { mode: options.mode, now: options.now });
  const hidden = new Set(applied.hidden);
  for (const [key, messages] of Object.entries(applied.errors))
    for (const m of messages) fail(key, describeRuleMessage(m, options.lang, options.t));
  const out: RowValues = {};
  for (const field of template.fields) {
    // A computed or defaulted value is stored as its field's type, as any other.
    const got = typed(field, applied.values[field.key]);
    if ('error' in got) {
      if (!errors[field.key]) fail(field.key, options.t(got.error, {}));
      continue;
    }
    out[field.key] = got.value;
    if (got.value === null && field.required && !hidden.has(field.key))
      fail(field.key, options.t('dataTemplate.error.required', {}));
    const limit = limits(field, got.value);
    if (limit) fail(field.key, options.t(limit.key, limit.params));
  }
  return { values: out, errors };
}
