/** Validating a schema file against its meta-schema (schemas/meta/<kind>.schema.json). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Ajv, ValidateFunction } from 'ajv';
import { createMetaAjv } from './ajv-factory.ts';
import { ajvErrorsToSchemaErrors } from './ajv-errors.ts';
import type { SchemaError } from './report.ts';
import { displayPath } from './yaml-files.ts';

/**
 * Meta-schemas may refer to each other by $id (e.g. a screen meta-schema reusing parts of another),
 * so the other *.schema.json files of the folder are made available first. One that cannot be added
 * is skipped here; it is reported when it is compiled for its own files.
 */
function addSiblingMetaSchemas(ajv: Ajv, metaFile: string): void {
  const dir = dirname(metaFile);
  for (const name of readdirSync(dir).filter((entry) => entry.endsWith('.schema.json'))) {
    const sibling = join(dir, name);
    if (sibling === metaFile) continue;
    try {
      const schema = JSON.parse(readFileSync(sibling, 'utf8')) as Record<string, unknown>;
      if (typeof schema.$id === 'string' && !ajv.getSchema(schema.$id)) ajv.addSchema(schema);
    } catch {
      // reported when that meta-schema is loaded for its own files
    }
  }
}

export type MetaCheck = (data: unknown, file: string) => SchemaError[];

/**
 * Compiles a meta-schema. A missing or broken meta-schema is itself reported (against the meta file)
 * and yields undefined, so the caller can skip that kind of file instead of crashing.
 */
export function loadMetaCheck(metaFile: string, root: string, errors: SchemaError[]): MetaCheck | undefined {
  const file = displayPath(root, metaFile);
  if (!existsSync(metaFile)) {
    errors.push({ file, path: '/', message: 'meta-schema file is missing' });
    return undefined;
  }
  let validate: ValidateFunction;
  try {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as Record<string, unknown>;
    const ajv = createMetaAjv(meta);
    addSiblingMetaSchemas(ajv, metaFile);
    validate = ajv.compile(meta);
  } catch (problem) {
    errors.push({ file, path: '/', message: `meta-schema does not compile: ${(problem as Error).message}` });
    return undefined;
  }
  return (data, dataFile) => (validate(data) ? [] : ajvErrorsToSchemaErrors(dataFile, validate.errors));
}
