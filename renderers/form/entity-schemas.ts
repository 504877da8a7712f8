/**
 * Entity schemas (schemas/entities/*.yaml, converted to JSON at build time, one small chunk each) for
 * the browser, bundled for rjsf: entities name each other by $id (`$ref: organisation`), while rjsf
 * resolves only refs inside the root schema, so referenced entities move under `definitions`.
 */
import { ScreenError } from '../screen-error.ts';

export type JsonSchema = Record<string, unknown>;

const sources = import.meta.glob<JsonSchema>('../../schemas/entities/*.yaml', { import: 'default' });

const byId = new Map<string, () => Promise<JsonSchema>>(
  Object.entries(sources).map(([path, load]) => [path.replace(/^.*\//, '').replace(/\.yaml$/, ''), load]),
);

export function entityIds(): string[] {
  return [...byId.keys()].sort();
}

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

const loaded = new Map<string, Promise<JsonSchema>>();

function loadOne(id: string): Promise<JsonSchema> {
  const load = byId.get(id);
  if (!load) return Promise.reject(new ScreenError('invalid', { name: id, detail: `unknown entity ${id}` }));
  let pending = loaded.get(id);
  if (!pending) {
    pending = load();
    pending.catch(() => loaded.delete(id));
    loaded.set(id, pending);
  }
  return pending;
}

/** Loads an entity and everything it refers to, bundled for rjsf. */
export async function loadEntitySchema(id: string): Promise<JsonSchema> {
  const entities = new Map<string, JsonSchema>();
  let wanted = [id];
  while (wanted.length) {
    const batch = await Promise.all(wanted.map(async (one) => [one, await loadOne(one)] as const));
    wanted = [];
    for (const [one, schema] of batch) {
      entities.set(one, schema);
      for (const ref of referencedIds(schema))
        if (!entities.has(ref) && !wanted.includes(ref)) wanted.push(ref);
    }
  }
  return bundleEntity(id, entities);
}
