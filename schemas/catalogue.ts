/**
 * Node-side loader for the YAML metadata under schemas/: the API catalogue and the entity schemas.
 * The browser never reads these files at run time; it uses the types generated into schemas/generated.
 */
import { readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readYamlFile } from './yaml-snapshot.ts';
import type { CatalogueFile, JsonSchema, OperationDef, PermissionDef } from './catalogue-types.ts';

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
  return readYamlFile<T>(file, join(SCHEMAS_DIR, '..'));
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

/** Every permission declared by the catalogue files (name -> scope and summary). */
export function loadPermissions(
  dir = join(SCHEMAS_DIR, 'api'),
): Map<string, PermissionDef & { area: string }> {
  const out = new Map<string, PermissionDef & { area: string }>();
  for (const file of yamlFiles(dir)) {
    const cat = readYaml<CatalogueFile>(file);
    for (const [name, def] of Object.entries(cat.permissions ?? {})) {
      if (out.has(name)) throw new Error(`${file}: permission ${name} is declared twice`);
      out.set(name, { ...def, area: cat.area });
    }
  }
  return out;
}

/** Every entity schema (each has a $id that catalogue and screens refer to). */
export function loadEntities(dir = join(SCHEMAS_DIR, 'entities')): JsonSchema[] {
  return yamlFiles(dir).map((f) => readYaml<JsonSchema>(f));
}
