/**
 * Extended attribute values checked against their definition: INT and DOUBLE as numbers (spec §5),
 * BOOLEAN as Y/N, DATE as yyyy-MM-dd, OPTION among the defined options. Values are stored as text;
 * several values (isMulti) as a comma list.
 */
import { isCalendarDate, isFloatString, isInt32 } from '../../../schemas/validators.ts';
import type { Language } from '../../http/i18n.ts';
import { invalid } from '../people/common.ts';
import type { AttrDef } from '../../../schemas/generated/operations.ts';

export interface AttrDefRow {
  id: string;
  key: string;
  name: string;
  data_type: string;
  options: unknown;
  is_multi: boolean;
  party_type: string;
  sn: number;
}

export const PARTY_TYPES = ['employee', 'org', 'position'] as const;
export const MAX_VALUE_LENGTH = 4000;

/** The options text as stored (a JSON string value; older rows may hold any JSON). */
export function optionsText(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  return typeof raw === 'string' ? raw : JSON.stringify(raw);
}

/**
 * The allowed values of an OPTION attribute: a JSON array (of strings, or of objects with value/key/id),
 * else a comma or line separated list (an entry 'value:label' counts by its value). Empty: no check.
 */
export function optionValues(raw: unknown): Set<string> {
  const text = optionsText(raw);
  if (!text || !text.trim()) return new Set();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed)) {
    return new Set(
      parsed
        .map((o) =>
          o !== null && typeof o === 'object'
            ? ((o as Record<string, unknown>).value ??
              (o as Record<string, unknown>).key ??
              (o as Record<string, unknown>).id)
            : o,
        )
        .filter((v) => v !== undefined && v !== null)
        .map(String),
    );
  }
  if (parsed !== undefined && typeof parsed === 'object') return new Set(Object.keys(parsed as object));
  return new Set(
    text
      .split(/[,，\n]/)
      .map((s) => s.split(':')[0].trim())
      .filter(Boolean),
  );
}

/**
 * The value to store for a definition, or null for 'no value'. Throws a translated 6010101 naming the
 * attribute when the value does not fit its type.
 */
export function normaliseValue(
  def: AttrDefRow,
  raw: unknown,
  lang: Language,
  field = 'value',
): string | null {
  if (raw === null || raw === undefined) return null;
  const text = typeof raw === 'boolean' ? (raw ? 'Y' : 'N') : String(raw).trim();
  if (text === '') return null;
  const parts = def.is_multi
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [text];
  const params = { name: def.name };
  const out = parts.map((p) => {
    switch (def.data_type) {
      case 'INT':
        if (!isInt32(p)) throw invalid(lang, 'people.attr.notInteger', params, field);
        return String(Number(p));
      case 'DOUBLE':
        if (!isFloatString(p) || !Number.isFinite(Number(p)))
          throw invalid(lang, 'people.attr.notNumber', params, field);
        return p;
      case 'BOOLEAN': {
        const v = p.toUpperCase();
        if (['Y', 'TRUE', '1'].includes(v)) return 'Y';
        if (['N', 'FALSE', '0'].includes(v)) return 'N';
        throw invalid(lang, 'people.attr.notBoolean', params, field);
      }
      case 'DATE':
        if (!isCalendarDate(p)) throw invalid(lang, 'people.attr.notDate', params, field);
        return p;
      case 'OPTION': {
        const allowed = optionValues(def.options);
        if (allowed.size > 0 && !allowed.has(p))
          throw invalid(lang, 'people.attr.notAnOption', { ...params, value: p }, field);
        return p;
      }
      default:
        return p;
    }
  });
  const value = out.join(',');
  if (value.length > MAX_VALUE_LENGTH)
    throw invalid(lang, 'people.attr.tooLong', { ...params, limit: MAX_VALUE_LENGTH }, field);
  return value;
}

const DATA_TYPES = ['STRING', 'INT', 'DOUBLE', 'BOOLEAN', 'OPTION', 'DATE'] as const;

/** A stored data type as the entity's enum (the save validates it against the same catalogue enum). */
function dataTypeOf(stored: string): AttrDef['dataType'] {
  const known = DATA_TYPES.find((t) => t === stored);
  if (!known) throw new Error(`attribute data type ${stored} is not one of the catalogue's`);
  return known;
}

/** A definition for the API (attr-def entity), with a party's values when given. */
export function attrDefOut(def: AttrDefRow, value?: string | null): AttrDef {
  const out: AttrDef = {
    id: def.id,
    key: def.key,
    name: def.name,
    partyType: def.party_type,
    dataType: dataTypeOf(def.data_type),
    isMulti: def.is_multi ? 'Y' : 'N',
    sn: def.sn,
  };
  const options = optionsText(def.options);
  if (options !== null) out.options = options;
  if (value !== undefined) {
    const parts = value === null ? [] : def.is_multi ? value.split(',').filter(Boolean) : [value];
    out.values = parts.map((v) => ({ value: v }));
  }
  return out;
}
