/**
 * Every property a request of the catalogue may carry has a name in words in all three languages
 * (`field.label.<name>`, locales/<language>/field.yaml): the server's invalid-request messages call
 * fields by it (server/http/field-labels.ts), so an operation that adds a property without a label fails here.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalogue, loadEntities } from '../../schemas/catalogue.ts';
import { LOCALE_LANGUAGES, readLocale } from '../../schemas/locale-files.ts';

/** Keywords whose values are data, not schemas: nothing in them names a property. */
const DATA_KEYWORDS = new Set([
  'enum',
  'const',
  'default',
  'examples',
  'description',
  'required',
  'errorMessage',
]);

/** Property names of a schema and of every schema inside it, through $refs to entity schemas. */
function collectPropertyNames(
  schema: unknown,
  entities: ReadonlyMap<string, unknown>,
  into: Map<string, string>,
  where: string,
  seenRefs = new Set<string>(),
): void {
  if (Array.isArray(schema)) {
    for (const s of schema) collectPropertyNames(s, entities, into, where, seenRefs);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string' && !seenRefs.has(node.$ref)) {
    seenRefs.add(node.$ref);
    const target = entities.get(node.$ref.replace(/#.*$/, ''));
    expect(target, `${where}: unknown $ref ${node.$ref}`).toBeDefined();
    collectPropertyNames(target, entities, into, `${where} > ${node.$ref}`, seenRefs);
  }
  for (const [keyword, value] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(keyword)) continue;
    if (keyword === 'properties' && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) {
        if (!into.has(name)) into.set(name, where);
        collectPropertyNames(sub, entities, into, where, seenRefs);
      }
    } else collectPropertyNames(value, entities, into, where, seenRefs);
  }
}

function requestPropertyNames(): Map<string, string> {
  const entities = new Map(loadEntities().map((e) => [String(e.$id), e]));
  const names = new Map<string, string>();
  for (const op of loadCatalogue().values()) {
    collectPropertyNames(op.request?.query, entities, names, `${op.id} (query)`);
    collectPropertyNames(op.request?.body, entities, names, `${op.id} (body)`);
  }
  return names;
}

describe('request field labels', () => {
  const names = requestPropertyNames();

  it('walks the whole catalogue, nested and referenced schemas too', () => {
    // Top level (receiverIds via the message entity), nested in an inline schema (list-request's
    // requestPage.pageNo, sorts[].field) and deep in an entity (employee-save > employee > role-entry).
    for (const name of ['receiverIds', 'pageNo', 'field', 'canDelete', 'caseId', '_t'])
      expect(names.has(name), name).toBe(true);
    expect(names.size).toBeGreaterThan(200);
  });

  it.each(LOCALE_LANGUAGES)('names every request property in words in %s', (language) => {
    const labels = ((readLocale(language).field as { label?: Record<string, unknown> } | undefined)?.label ??
      {}) as Record<string, unknown>;
    const missing = [...names]
      .filter(([name]) => typeof labels[name] !== 'string' || !(labels[name] as string).trim())
      .map(([name, where]) => `${name} (first in ${where})`);
    expect(missing).toEqual([]);
  });
});
