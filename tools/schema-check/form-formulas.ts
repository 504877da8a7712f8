/**
 * A form screen's `formulas:` (schemas/formulas/README.md) against the form itself: every formula
 * parses and names only the form's fields (typed by its entity and inline schema), its functions with
 * the right argument counts, no obvious type mismatch, each computed, default, visibility or rule entry
 * names a field of the form, and computed fields do not go round in a circle. The problems are said in
 * English (locales/en/formula.yaml) with the characters they are about.
 */
import { bundleEntity, type JsonSchema } from '../../renderers/form/entity-bundle.ts';
import { mergeBase } from '../../renderers/form/form-schema.ts';
import {
  checkFormRules,
  describeFormulaError,
  fieldFromSchema,
  localRefs,
  type FormRules,
  type FormulaField,
} from '../../schemas/formulas/index.ts';
import { readLocale } from '../../schemas/locale-files.ts';
import { joinPointer, type SchemaError } from './report.ts';
import type { ParsedFile } from './yaml-files.ts';

export type FormFormulaCheck = (parsed: ParsedFile) => SchemaError[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of a form screen as its formulas see them, or undefined when its entity is unknown. */
export function formFormulaFields(
  screen: Record<string, unknown>,
  entities: ReadonlyMap<string, JsonSchema>,
): FormulaField[] | undefined {
  let entity: JsonSchema | undefined;
  try {
    entity = typeof screen.entity === 'string' ? bundleEntity(screen.entity, entities) : undefined;
  } catch {
    return undefined;
  }
  const base = mergeBase(entity, isObject(screen.schema) ? screen.schema : undefined);
  const properties = isObject(base.properties) ? base.properties : {};
  const resolve = localRefs(base);
  const fields = Array.isArray(screen.fields)
    ? screen.fields.filter(
        (field): field is { name: string; schema?: unknown } =>
          typeof (field as { name?: unknown } | null)?.name === 'string',
      )
    : Object.keys(properties).map((name) => ({ name, schema: undefined }));
  return fields.map(({ name, schema }) =>
    fieldFromSchema(
      name,
      schema ?? (Object.hasOwn(properties, name) ? properties[name] : undefined),
      resolve,
    ),
  );
}

/** English texts of the formula errors, looked up in locales/en. */
function englishTexts(): (key: string, params: Record<string, unknown>) => string {
  const en = readLocale('en');
  return (key, params) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), en);
    return typeof text === 'string'
      ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''))
      : key;
  };
}

/** The check, given the entity files (each with its $id). */
export function newFormFormulaCheck(entityFiles: unknown[]): FormFormulaCheck {
  const entities = new Map<string, JsonSchema>();
  for (const entity of entityFiles)
    if (isObject(entity) && typeof entity.$id === 'string') entities.set(entity.$id, entity);
  const t = englishTexts();
  return ({ file, data }) => {
    if (!isObject(data) || data.kind !== 'form' || !isObject(data.formulas)) return [];
    const fields = formFormulaFields(data, entities);
    if (!fields) return [];
    const rules = data.formulas as FormRules;
    return checkFormRules(rules, fields).map(({ path, error }) => {
      const source = path.reduce<unknown>(
        (node, part) =>
          isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[part] : undefined,
        rules,
      );
      const where =
        typeof source === 'string' && error.end > 0
          ? `formula "${source}" (characters ${error.start + 1}–${Math.max(error.end, error.start + 1)}): `
          : '';
      return {
        file,
        path: joinPointer('/formulas', ...path),
        message: `${where}${describeFormulaError(error, t)}`,
      };
    });
  };
}
