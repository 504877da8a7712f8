/** Finding where in a schema document a compile error comes from, since ajv's messages rarely say. */
import { joinPointer } from './report.ts';

/** Keys whose children are names chosen by the author (property names), not keywords. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependencies',
  'dependentSchemas',
]);

type Visitor = (key: string, value: unknown, pointer: string, parentKey: string | undefined) => void;

export function walk(node: unknown, visit: Visitor, pointer = '', parentKey?: string): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => walk(item, visit, joinPointer(pointer, index), parentKey));
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    const childPointer = joinPointer(pointer, key);
    visit(key, value, childPointer, parentKey);
    walk(value, visit, childPointer, key);
  }
}

/** Pointers of every place where `keyword` is used as a keyword (not as a property name). */
export function findKeyword(schema: unknown, keyword: string, value?: unknown): string[] {
  const found: string[] = [];
  walk(schema, (key, nodeValue, pointer, parentKey) => {
    if (key !== keyword || (parentKey !== undefined && NAME_MAPS.has(parentKey))) return;
    if (value === undefined || nodeValue === value) found.push(pointer);
  });
  return found;
}

/** Every key that looks like an annotation keyword (x-…, ui:…), so the schema ajv can accept it. */
export function collectKeys(schema: unknown, pattern: RegExp): Set<string> {
  const keys = new Set<string>();
  walk(schema, (key, _value, _pointer, parentKey) => {
    if (pattern.test(key) && !(parentKey !== undefined && NAME_MAPS.has(parentKey))) keys.add(key);
  });
  return keys;
}

/** Every $ref value in the schema with its pointer. */
export function findRefs(schema: unknown): Array<{ pointer: string; ref: string }> {
  const refs: Array<{ pointer: string; ref: string }> = [];
  walk(schema, (key, value, pointer, parentKey) => {
    if (
      key === '$ref' &&
      typeof value === 'string' &&
      !(parentKey !== undefined && NAME_MAPS.has(parentKey))
    ) {
      refs.push({ pointer, ref: value });
    }
  });
  return refs;
}
