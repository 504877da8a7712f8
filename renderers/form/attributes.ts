/**
 * Extended attributes (spec §3, §5) as form fields: each definition becomes a property named by its
 * key, typed by its dataType (INT and DOUBLE numeric, BOOLEAN a Y/N switch, DATE a date, OPTION a
 * select of its options, several when isMulti), and the values travel as the save payload's
 * [{attrId, value}] (several values as a comma list, no value as null).
 */
import type { JsonSchema } from './entity-bundle.ts';
import type { FieldDefinition } from './form-types.ts';

export interface AttributeDefinition {
  id?: string;
  key: string;
  name: string;
  dataType?: string;
  options?: string | null;
  isMulti?: string;
  values?: { value?: unknown }[];
}

export interface AttributeValue {
  attrId: string;
  value: string | null;
}

export interface AttributeOption {
  value: string;
  label: string;
}

function pick(row: Record<string, unknown>, names: string[]): unknown {
  for (const name of names) if (row[name] !== undefined && row[name] !== null) return row[name];
  return undefined;
}

/**
 * The choices of an OPTION attribute as the server stores them: a JSON list (of strings, or of
 * objects with value/key/id and label/name/text), a JSON map {value: label}, or a comma or line
 * separated list whose entries may be 'value:label'.
 */
export function parseOptions(raw: string | null | undefined): AttributeOption[] {
  if (!raw || !raw.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed)) {
    return parsed.flatMap((item) => {
      if (item !== null && typeof item === 'object') {
        const row = item as Record<string, unknown>;
        const value = pick(row, ['value', 'key', 'id']);
        if (value === undefined) return [];
        return [{ value: String(value), label: String(pick(row, ['label', 'name', 'text']) ?? value) }];
      }
      return item === null || item === undefined ? [] : [{ value: String(item), label: String(item) }];
    });
  }
  if (parsed && typeof parsed === 'object') {
    return Object.entries(parsed).map(([value, label]) => ({ value, label: String(label ?? value) }));
  }
  return raw
    .split(/[,，\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      return colon < 0
        ? { value: entry, label: entry }
        : {
            value: entry.slice(0, colon).trim(),
            label: entry.slice(colon + 1).trim() || entry.slice(0, colon).trim(),
          };
    });
}

const isMulti = (def: AttributeDefinition) => def.isMulti === 'Y';

function propertyOf(def: AttributeDefinition): JsonSchema {
  switch (def.dataType) {
    case 'INT':
      return { type: 'integer', int32: true };
    case 'DOUBLE':
      return { type: 'number' };
    case 'BOOLEAN':
      return { type: 'string', enum: ['Y', 'N'] };
    case 'DATE':
      return { type: 'string', format: 'date' };
    case 'OPTION': {
      const values = parseOptions(def.options).map((o) => o.value);
      const one = values.length ? { type: 'string', enum: values } : { type: 'string' };
      return isMulti(def) ? { type: 'array', items: one, uniqueItems: true } : one;
    }
    default:
      return { type: 'string', maxLength: 4000 };
  }
}

/**
 * Every property attributeForm can give, up to its allowed values: one per data type (an unknown type
 * is text), single or several, with options or without. The build precompiles a validator for each.
 */
export function attributePropertyKinds(): JsonSchema[] {
  const dataTypes = ['INT', 'DOUBLE', 'BOOLEAN', 'DATE', 'OPTION', 'TEXT'];
  return dataTypes.flatMap((dataType) =>
    ['Y', 'N'].flatMap((multi) =>
      ['a', null].map((options) => propertyOf({ key: 'k', name: 'k', dataType, isMulti: multi, options })),
    ),
  );
}

function widgetOf(def: AttributeDefinition): Partial<FieldDefinition> {
  switch (def.dataType) {
    case 'BOOLEAN':
      return { widget: 'ynSwitch' };
    case 'DATE':
      return { widget: 'date' };
    case 'OPTION': {
      const options = parseOptions(def.options);
      return options.length ? { widget: 'select' } : {};
    }
    default:
      return {};
  }
}

export interface AttributeForm {
  schema: JsonSchema;
  fields: FieldDefinition[];
  /** The form's data from the definitions' current values. */
  data: Record<string, unknown>;
}

function valueIn(def: AttributeDefinition, raw: unknown[]): unknown {
  const texts = raw.filter((v) => v !== undefined && v !== null && v !== '').map(String);
  if (isMulti(def) && def.dataType === 'OPTION')
    return texts.flatMap((text) => text.split(',')).filter(Boolean);
  const first = texts[0];
  if (first === undefined) return undefined;
  if (def.dataType === 'INT' || def.dataType === 'DOUBLE') {
    const n = Number(first);
    return Number.isFinite(n) ? n : first;
  }
  return first;
}

/** Definitions with ids and unique keys; a definition without either cannot be edited. */
export function usableDefinitions(defs: readonly AttributeDefinition[]): AttributeDefinition[] {
  const seen = new Set<string>();
  return defs.filter((def) => def.id && def.key && !seen.has(def.key) && seen.add(def.key));
}

export function attributeForm(defs: readonly AttributeDefinition[]): AttributeForm {
  const usable = usableDefinitions(defs);
  const properties: Record<string, JsonSchema> = {};
  const data: Record<string, unknown> = {};
  const fields: FieldDefinition[] = usable.map((def) => {
    properties[def.key] = propertyOf(def);
    const value = valueIn(
      def,
      (def.values ?? []).map((v) => v.value),
    );
    if (value !== undefined) data[def.key] = value;
    const options = def.dataType === 'OPTION' ? parseOptions(def.options) : [];
    return {
      name: def.key,
      labelText: def.name,
      ...widgetOf(def),
      ...(options.length ? { optionTexts: Object.fromEntries(options.map((o) => [o.value, o.label])) } : {}),
    };
  });
  return { schema: { type: 'object', properties }, fields, data };
}

/** The form's data as the save payload's attribute values, one entry per definition. */
export function attributeValues(
  defs: readonly AttributeDefinition[],
  data: Record<string, unknown>,
): AttributeValue[] {
  return usableDefinitions(defs).map((def) => {
    const raw = data[def.key];
    let value: string | null;
    if (raw === undefined || raw === null || raw === '') value = null;
    else if (Array.isArray(raw)) value = raw.length ? raw.map(String).join(',') : null;
    else value = String(raw);
    return { attrId: def.id!, value };
  });
}
