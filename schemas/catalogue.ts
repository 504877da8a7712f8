/**
 * Node-side loader for the YAML metadata under schemas/: the API catalogue and the entity schemas.
 * The browser never reads these files at run time; it uses the generated client in src/api/generated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { CatalogueFile, JsonSchema, OperationDef } from './catalogue-types.ts';

export const SCHEMAS_DIR = dirname(fileURLToPath(import.meta.url));

export interface Operation extends OperationDef {
  id: string;
  area: string;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
    .sort()
    .map((f) => join(dir, f));
}

export function readYaml<T>(file: string): T {
  return parse(readFileSync(file, 'utf8')) as T;
}

/** Every operation of every catalogue file, keyed by operation id. */
export function loadCatalogue(dir = join(SCHEMAS_DIR, 'api')): Map<string, Operation> {
  const ops = new Map<string, Operation>();
  for (const file of yamlFiles(dir)) {
    const cat = readYaml<CatalogueFile>(file);
    for (const [id, def] of Object.entries(cat.operations ?? {})) {
      if (ops.has(id)) throw new Error(`${file}: operation id ${id} is declared twice`);
      ops.set(id, { ...def, id, area: cat.area });
    }
  }
  return ops;
}

/** Every entity schema (each has a $id that catalogue and screens refer to). */
export function loadEntities(dir = join(SCHEMAS_DIR, 'entities')): JsonSchema[] {
  return yamlFiles(dir).map((f) => readYaml<JsonSchema>(f));
}
