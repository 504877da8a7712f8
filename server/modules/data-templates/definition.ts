/**
 * What a data template is, and the check it passes before it is saved (pure: no database).
 *
 * A template has a code (the id in /d/<code>, and its table `dt_<code>`), a name and fields in the three
 * languages, its form rules in the FormRules shape of schemas/formulas (each checked with checkFormRules
 * against the template's own fields), and its own grants: the tenant's roles that may read its rows and
 * those that may write them (access.ts).
 */
import {
  checkFormRules,
  type FormRules,
  type FormulaError,
  type FormulaField,
} from '../../../schemas/formulas/index.ts';

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;
export type LocalText = Record<(typeof LANGUAGES)[number], string>;

export const FIELD_TYPES = [
  'string',
  'number',
  'integer',
  'date',
  'boolean',
  'option',
  'person',
  'org',
  'attachment',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface TemplateField {
  key: string;
  label: LocalText;
  type: FieldType;
  required?: boolean;
  /** string: length in characters. */
  minLength?: number;
  maxLength?: number;
  /** number, integer. */
  minimum?: number;
  maximum?: number;
  /** option: the fixed list. */
  options?: Array<{ value: string; label: LocalText }>;
}

export interface DataTemplate {
  code: string;
  name: LocalText;
  fields: TemplateField[];
  formulas: FormRules;
  readRoles: string[];
  writeRoles: string[];
}

/** Fields whose value is the id of something of the tenant: a person, an organisation, a file. */
export const REFERENCE_TYPES: ReadonlySet<FieldType> = new Set(['person', 'org', 'attachment']);

/**
 * Where a row answers the name of what a reference field names (a person's, an organisation's, a
 * file's), beside the id: `<key>_name` (a field key has no underscore, so none can take it).
 */
export const nameKeyOf = (key: string) => `${key}_name`;

/** A code or field key: a letter, then letters and digits (also a quoted SQL name, within 63 bytes). */
export const CODE_PATTERN = /^[a-z][a-zA-Z0-9]{0,39}$/;
/** The columns every row table has; no field may take their names. */
export const RESERVED_KEYS = new Set(['id', 'createTime', 'updateTime', 'createdBy']);
/** A string field's default longest length, and the longest any may declare. */
export const DEFAULT_MAX_LENGTH = 2000;
export const LONGEST_TEXT = 100_000;
/** What an integer column holds (PostgreSQL integer). */
export const INT_RANGE = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** The column type of a field in `dt_<code>`: a change of it is a destructive change (ddl.ts). */
export function columnType(type: FieldType): string {
  switch (type) {
    case 'number':
      return 'double precision';
    case 'integer':
      return 'integer';
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
    default:
      // string, option, and the ids of a person, an organisation or an attachment.
      return 'text';
  }
}

/** The template's fields as the formula language sees them. */
export function formulaFields(fields: readonly TemplateField[], lang = 'zh-CN'): FormulaField[] {
  return fields.map((f) => ({
    key: f.key,
    label: f.label[lang as keyof LocalText] ?? f.key,
    type:
      f.type === 'person' || f.type === 'org' || f.type === 'attachment'
        ? 'string'
        : f.type === 'option'
          ? 'option'
          : f.type,
  }));
}

/** A problem of a definition: where, and a dataTemplate.* key (or a formula error). */
export interface DefinitionProblem {
  path: string;
  key: string;
  params: Record<string, string | number>;
  formula?: FormulaError;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Every problem of a definition (none: it may be saved). The request schema already fixed its shape. */
export function checkDefinition(t: DataTemplate): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const add = (path: string, key: string, params: Record<string, string | number> = {}) =>
    problems.push({ path, key: `dataTemplate.error.${key}`, params });
  if (!CODE_PATTERN.test(t.code)) add('code', 'badCode', { code: t.code });
  if (t.fields.length === 0) add('fields', 'noFields');
  const seen = new Set<string>();
  t.fields.forEach((f, i) => {
    const at = `fields.${i}`;
    if (!CODE_PATTERN.test(f.key) || RESERVED_KEYS.has(f.key)) add(`${at}.key`, 'badKey', { key: f.key });
    if (seen.has(f.key)) add(`${at}.key`, 'duplicateKey', { key: f.key });
    seen.add(f.key);
    if (f.type === 'string') {
      const min = f.minLength ?? 0;
      const max = f.maxLength ?? DEFAULT_MAX_LENGTH;
      if (min > max) add(`${at}.minLength`, 'badRange', { key: f.key });
    } else if (f.minLength !== undefined || f.maxLength !== undefined)
      add(`${at}.maxLength`, 'notForType', { key: f.key, type: f.type });
    if (f.type === 'number' || f.type === 'integer') {
      const range = f.type === 'integer' ? INT_RANGE : { min: -Infinity, max: Infinity };
      for (const b of [f.minimum, f.maximum])
        if (b !== undefined && (!finite(b) || b < range.min || b > range.max))
          add(`${at}.minimum`, 'badRange', { key: f.key });
      if (f.minimum !== undefined && f.maximum !== undefined && f.minimum > f.maximum)
        add(`${at}.minimum`, 'badRange', { key: f.key });
    } else if (f.minimum !== undefined || f.maximum !== undefined)
      add(`${at}.minimum`, 'notForType', { key: f.key, type: f.type });
    if (f.type === 'option') {
      const values = (f.options ?? []).map((o) => o.value);
      if (values.length === 0) add(`${at}.options`, 'noOptions', { key: f.key });
      if (new Set(values).size !== values.length) add(`${at}.options`, 'duplicateOption', { key: f.key });
    } else if (f.options !== undefined) add(`${at}.options`, 'notForType', { key: f.key, type: f.type });
  });
  // Formulas name the template's fields only; a computed field is one of them.
  for (const part of ['computed', 'defaults', 'visible'] as const)
    for (const key of Object.keys(t.formulas[part] ?? {}))
      if (!seen.has(key)) add(`formulas.${part}.${key}`, 'unknownField', { key });
  (t.formulas.rules ?? []).forEach((r, i) => {
    if (!seen.has(r.field)) add(`formulas.rules.${i}.field`, 'unknownField', { key: r.field });
  });
  for (const p of checkFormRules(t.formulas, formulaFields(t.fields)))
    problems.push({
      path: ['formulas', ...p.path].join('.'),
      key: p.error.key,
      params: p.error.params,
      formula: p.error,
    });
  return problems;
}
