/** Compiles every request and response schema of a catalogue file against the entities (unknown $ref = error). */
import type { Ajv } from 'ajv';
import type { CatalogueFile, JsonSchema } from '../../schemas/catalogue-types.ts';
import { ajvErrorsToSchemaErrors } from './ajv-errors.ts';
import { compileErrorToSchemaErrors } from './compile-errors.ts';
import { joinPointer, type SchemaError } from './report.ts';
import { findRefs } from './schema-walk.ts';
import type { ParsedFile } from './yaml-files.ts';

export function compileSchema(
  ajv: Ajv,
  schema: JsonSchema,
  file: string,
  pointer: string,
  failedEntities: Set<string>,
): SchemaError[] {
  // A schema that uses a broken entity would only repeat that entity's error.
  if (findRefs(schema).some(({ ref }) => failedEntities.has(ref.split('#')[0]))) return [];
  if (!ajv.validateSchema(schema)) return ajvErrorsToSchemaErrors(file, ajv.errors, pointer);
  try {
    ajv.compile(schema);
    return [];
  } catch (problem) {
    return compileErrorToSchemaErrors(problem, schema, file, pointer);
  }
}

export function checkOperationSchemas(
  parsed: ParsedFile,
  ajv: Ajv,
  failedEntities: Set<string>,
): SchemaError[] {
  const errors: SchemaError[] = [];
  const catalogue = parsed.data as CatalogueFile;
  for (const [id, op] of Object.entries(catalogue.operations)) {
    const parts: Array<[JsonSchema | undefined, string[]]> = [
      [op.request?.query, ['request', 'query']],
      [op.request?.body, ['request', 'body']],
      [op.response, ['response']],
    ];
    for (const [schema, segments] of parts) {
      if (schema)
        errors.push(
          ...compileSchema(
            ajv,
            schema,
            parsed.file,
            joinPointer('/operations', id, ...segments),
            failedEntities,
          ),
        );
    }
  }
  return errors;
}
