/**
 * Entity schemas bundled for rjsf, without loading anything: entities name each other by $id
 * (`$ref: organisation`), while rjsf resolves only refs inside the root schema, so referenced
 * entities move under `definitions`. Pure, so the build (tools/form-validators/) bundles them the same
 * way the browser does.
 */
import { ScreenError } from '../screen-error.ts';

export type JsonSchema = Record<string, unknown>;

/** Every entity id the schema refers to with a bare `$ref: <id>`. */
export function referencedIds(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => referencedIds(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) found.add(value);
      else referencedIds(value, found);
    }
  }
  return found;
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) =>
        key === '$ref' && typeof value === 'string' && !value.startsWith('#')
          ? [key, `#/definitions/${value}`]
          : [key, rewriteRefs(value)],
      ),
    );
  }
  return node;
}

/** An $id inside definitions would change how ajv resolves the refs below it. */
function withoutIdentity(schema: JsonSchema): JsonSchema {
  const rest = { ...schema };
  delete rest.$id;
  delete rest.$schema;
  return rest;
}

/** The root entity with every entity it reaches placed under definitions and its refs made local. */
export function bundleEntity(rootId: string, entities: ReadonlyMap<string, JsonSchema>): JsonSchema {
  const root = entities.get(rootId);
  if (!root) throw new ScreenError('invalid', { name: rootId, detail: `unknown entity ${rootId}` });
  const definitions: Record<string, unknown> = {};
  const pending = [...referencedIds(root)];
  while (pending.length) {
    const id = pending.pop()!;
    if (id in definitions) continue;
    const entity = entities.get(id);
    if (!entity) throw new ScreenError('invalid', { name: rootId, detail: `unknown entity ${id}` });
    definitions[id] = rewriteRefs(withoutIdentity(entity));
    pending.push(...referencedIds(entity));
  }
  const bundled = rewriteRefs(withoutIdentity(root)) as JsonSchema;
  return Object.keys(definitions).length ? { ...bundled, definitions } : bundled;
}
