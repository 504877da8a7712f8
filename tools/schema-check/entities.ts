/**
 * Entity files: each must pass the entity meta-schema, carry a $id equal to its file name, be the only
 * one with that $id, and compile with the project's formats and keywords. The ajv returned holds
 * every entity, so catalogue and screen schemas can then be compiled against it.
 */
import type { Ajv } from 'ajv';
import { ANNOTATION_KEYWORD, createSchemaAjv } from './ajv-factory.ts';
import { ajvErrorsToSchemaErrors } from './ajv-errors.ts';
import { compileErrorToSchemaErrors } from './compile-errors.ts';
import type { MetaCheck } from './meta-validate.ts';
import type { SchemaError } from './report.ts';
import { collectKeys } from './schema-walk.ts';
import type { ParsedFile } from './yaml-files.ts';

export interface EntityCheckResult {
  errors: SchemaError[];
  /** An ajv holding every entity that could be added, for compiling operation schemas. */
  ajv: Ajv;
  /** $ids of entities that exist but do not compile; schemas referring to them are not compiled again. */
  failed: Set<string>;
}

/**
 * @param otherSchemas further schema documents (catalogue files) whose annotation keywords the shared
 *   ajv must also accept.
 */
export function checkEntities(
  files: ParsedFile[],
  metaCheck: MetaCheck | undefined,
  otherSchemas: unknown[] = [],
): EntityCheckResult {
  const errors: SchemaError[] = [];
  const annotations = new Set<string>();
  for (const document of [...files.map((parsed) => parsed.data), ...otherSchemas]) {
    for (const key of collectKeys(document, ANNOTATION_KEYWORD)) annotations.add(key);
  }
  const ajv = createSchemaAjv(annotations);
  const failed = new Set<string>();
  const owners = new Map<string, string>();
  const added: Array<{ id: string; parsed: ParsedFile }> = [];

  for (const parsed of files) {
    const { file, name, data } = parsed;
    if (data === undefined) continue; // YAML error already reported
    if (metaCheck) errors.push(...metaCheck(data, file));
    const id = (data as { $id?: unknown } | null)?.$id;
    if (typeof id !== 'string') continue;
    if (id !== name) {
      errors.push({ file, path: '/$id', message: `$id "${id}" must equal the file name "${name}"` });
    }
    const owner = owners.get(id);
    if (owner !== undefined) {
      errors.push({ file, path: '/$id', message: `duplicate $id "${id}"; already used by ${owner}` });
      continue;
    }
    owners.set(id, file);
    if (!ajv.validateSchema(data as object)) {
      errors.push(...ajvErrorsToSchemaErrors(file, ajv.errors));
      failed.add(id);
      continue;
    }
    try {
      ajv.addSchema(data as object);
      added.push({ id, parsed });
    } catch (problem) {
      errors.push(...compileErrorToSchemaErrors(problem, data, file, ''));
      failed.add(id);
    }
  }

  // Compile only after every entity is added, so references between entities resolve in any file order.
  for (const { id, parsed } of added) {
    try {
      ajv.getSchema(id);
    } catch (problem) {
      errors.push(...compileErrorToSchemaErrors(problem, parsed.data, parsed.file, ''));
      failed.add(id);
    }
  }
  return { errors, ajv, failed };
}
