/**
 * A form's fields as formulas see them, from the JSON Schema of its entity or inline schema: numbers,
 * dates (format date or date-time), logical values, options (an enum, a multiple choice, a picked
 * object), sub-tables (a list of objects, with their columns) and texts.
 */
import type { FormulaField } from './check.ts';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Finds the schema a `$ref` names (default: `#/definitions/<name>` inside `root`). */
export type RefResolver = (ref: string) => Schema | undefined;

export function localRefs(root: Schema): RefResolver {
  return (ref) => {
    const name = ref.startsWith('#/definitions/') ? ref.slice('#/definitions/'.length) : undefined;
    const definitions = root.definitions;
    return name && isSchema(definitions) && isSchema(definitions[name]) ? definitions[name] : undefined;
  };
}

/** The schema itself, its $ref followed, and the one branch of an anyOf/oneOf that is not null. */
function settle(schema: unknown, resolve: RefResolver, depth = 0): Schema {
  if (!isSchema(schema) || depth > 8) return {};
  if (typeof schema.$ref === 'string') return settle(resolve(schema.$ref), resolve, depth + 1);
  for (const key of ['anyOf', 'oneOf']) {
    const branches = Array.isArray(schema[key])
      ? (schema[key] as unknown[]).map((b) => settle(b, resolve, depth + 1))
      : [];
    const real = branches.filter((b) => b.type !== 'null');
    if (real.length === 1) return { ...schema, ...real[0] };
  }
  return schema;
}

const NUMBER_FORMATS = new Set(['float-string', 'integer-string']);
const DATE_FORMATS = new Set(['date', 'date-time', 'datetime']);

export function fieldFromSchema(
  key: string,
  raw: unknown,
  resolve: RefResolver,
  label?: string,
): FormulaField {
  const schema = settle(raw, resolve);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
  const type = types.length === 1 ? types[0] : undefined;
  const base = label === undefined ? { key } : { key, label };
  if (Array.isArray(schema.enum)) return { ...base, type: 'option' };
  if (type === 'array') {
    const items = settle(schema.items, resolve);
    if (isSchema(items.properties))
      return {
        ...base,
        type: 'table',
        columns: Object.entries(items.properties).map(([column, sub]) =>
          fieldFromSchema(column, sub, resolve),
        ),
      };
    return { ...base, type: 'option' };
  }
  if (type === 'number' || type === 'integer' || type === 'boolean') return { ...base, type };
  if (type === 'string') {
    const format = typeof schema.format === 'string' ? schema.format : '';
    if (DATE_FORMATS.has(format)) return { ...base, type: 'date' };
    if (NUMBER_FORMATS.has(format)) return { ...base, type: 'number' };
    return { ...base, type: 'string' };
  }
  return { ...base, type: 'option' };
}

/** The named fields of an object schema (all its properties when no names are given). */
export function formulaFieldsOf(
  root: Schema,
  names?: readonly string[],
  resolve: RefResolver = localRefs(root),
): FormulaField[] {
  const properties = isSchema(root.properties) ? root.properties : {};
  return (names ?? Object.keys(properties)).map((name) =>
    fieldFromSchema(name, Object.hasOwn(properties, name) ? properties[name] : undefined, resolve),
  );
}
