/**
 * Entity schemas (schemas/entities/*.yaml, converted to JSON at build time, one small chunk each) for
 * the browser, bundled for rjsf (entity-bundle.ts).
 */
import { ScreenError } from '../screen-error.ts';
import { bundleEntity, referencedIds, type JsonSchema } from './entity-bundle.ts';

export { bundleEntity, referencedIds, type JsonSchema } from './entity-bundle.ts';

const sources = import.meta.glob<JsonSchema>('../../schemas/entities/*.yaml', { import: 'default' });

const byId = new Map<string, () => Promise<JsonSchema>>(
  Object.entries(sources).map(([path, load]) => [path.replace(/^.*\//, '').replace(/\.yaml$/, ''), load]),
);

export function entityIds(): string[] {
  return [...byId.keys()].sort();
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
