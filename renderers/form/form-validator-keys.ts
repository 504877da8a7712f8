/**
 * How the build and the browser agree on which precompiled validator belongs to which form and schema
 * (tools/form-validators/ compiles them, precompiled-validator.ts runs them): a form body's key, a
 * schema's key, and the values a form learns only at run time, which the compiled code reads through
 * ajv's `$data` instead of having them written in.
 */
import { hashString, sortedJSONStringify } from '@rjsf/utils';
import type { JsonSchema } from './entity-bundle.ts';
import type { FormBody } from './form-types.ts';

/** A schema's key: rjsf's hash of its sorted JSON, with the JSON's length against collisions. */
export function schemaKey(schema: unknown): string {
  const text = sortedJSONStringify(schema);
  return `${hashString(text)}.${text.length.toString(36)}`;
}

/** Every attribute form (its fields come from the server) shares one module of property validators. */
export const ATTRIBUTES_KEY = 'attributes';

/** What of a form body decides the schemas its form can have; equal bodies share their validators. */
export function formBodyKey(body: FormBody): string {
  if (body.attributes) return ATTRIBUTES_KEY;
  return schemaKey({
    entity: body.entity,
    schema: body.schema,
    fields: (body.fields ?? []).map(({ name, visible, required, rules, schema }) => ({
      name,
      visible,
      required,
      rules,
      schema,
    })),
    dynamicRules: (body.dynamicRules ?? []).map(({ field, keyword, when }) => ({ field, keyword, when })),
  });
}

/** Where a precompiled validator finds the values of run time: the `rootData` it is called with. */
export interface RuntimeValues {
  /** The value of dynamic rule i (form-types DynamicRule) at /dynamic/i. */
  dynamic?: unknown[];
  /** An attribute's allowed values at /enum. */
  enum?: unknown[];
}

export const dynamicPointer = (index: number) => ({ $data: `/dynamic/${index}` });
export const ENUM_POINTER = { $data: '/enum' };

/**
 * The form schema with each dynamic rule's value (`dynamic`, as useFormController loads it) replaced by
 * its pointer, and the values to call the validator with. When two rules set the same keyword of the
 * same field, the later one holds, as in the form.
 */
export function withDynamicPointers(
  schema: JsonSchema,
  rules: readonly { field: string; keyword: string }[],
  dynamic: Record<string, Record<string, unknown>>,
): { schema: JsonSchema; values: RuntimeValues } {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const pointers = new Map<string, number>();
  rules.forEach((rule, index) => {
    if (
      dynamic[rule.field]?.[rule.keyword] !== undefined &&
      properties?.[rule.field]?.[rule.keyword] !== undefined
    )
      pointers.set(`${rule.field}\u0000${rule.keyword}`, index);
  });
  if (!pointers.size || !properties) return { schema, values: {} };
  const values: unknown[] = [];
  const replaced = { ...properties };
  for (const [pair, index] of pointers) {
    const [field, keyword] = pair.split('\u0000');
    values[index] = dynamic[field][keyword];
    replaced[field] = { ...replaced[field], [keyword]: dynamicPointer(index) };
  }
  return { schema: { ...schema, properties: replaced }, values: { dynamic: values } };
}

/** An attribute property with its allowed values (its own, or its items') replaced by the pointer. */
export function withEnumPointer(property: JsonSchema): { shape: JsonSchema; values: RuntimeValues } {
  if (Array.isArray(property.enum))
    return { shape: { ...property, enum: ENUM_POINTER }, values: { enum: property.enum } };
  const items = property.items as JsonSchema | undefined;
  if (items && typeof items === 'object' && Array.isArray(items.enum))
    return { shape: { ...property, items: { ...items, enum: ENUM_POINTER } }, values: { enum: items.enum } };
  return { shape: property, values: {} };
}
