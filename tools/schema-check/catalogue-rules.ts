/**
 * Rules of the API catalogue that a meta-schema cannot express: the operation id rule, uniqueness of
 * ids and of METHOD+path across files, the area naming its file, and request shapes that fit the method.
 * Runs only on files that passed the meta-schema, so fields have the types catalogue-types.ts promises.
 */
import {
  operationIdFromPath,
  type CatalogueFile,
  type JsonSchema,
  type OperationDef,
} from '../../schemas/catalogue-types.ts';
import { joinPointer, type SchemaError } from './report.ts';
import type { ParsedFile } from './yaml-files.ts';

const QUERY_VALUE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

function isInline(schema: JsonSchema): boolean {
  return !('$ref' in schema);
}

/** Inline request schemas must reject unknown fields, so a client typo is a 400, not silently ignored data. */
function checkClosed(
  schema: JsonSchema | undefined,
  file: string,
  pointer: string,
  errors: SchemaError[],
): void {
  if (!schema || !isInline(schema) || schema.type !== 'object') return;
  if (schema.additionalProperties !== false) {
    errors.push({
      file,
      path: pointer,
      message: 'inline request schema must set additionalProperties: false',
    });
  }
}

/** Query strings carry only scalars; an object or array parameter could not be sent. */
function checkQueryScalars(
  schema: JsonSchema | undefined,
  file: string,
  pointer: string,
  errors: SchemaError[],
): void {
  if (!schema || !isInline(schema)) return;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    const types = ([] as unknown[]).concat(property.type ?? []);
    if (types.length === 0 && !('enum' in property) && !('const' in property)) {
      errors.push({
        file,
        path: joinPointer(pointer, 'properties', name),
        message: 'query parameter needs a type (string, number, integer or boolean) or an enum',
      });
    } else if (types.some((type) => !QUERY_VALUE_TYPES.has(String(type)))) {
      errors.push({
        file,
        path: joinPointer(pointer, 'properties', name, 'type'),
        message: 'query parameters must be string, number, integer or boolean',
      });
    }
  }
}

function checkOperation(id: string, op: OperationDef, file: string, errors: SchemaError[]): void {
  const at = (...segments: string[]) => joinPointer('/operations', id, ...segments);
  const expectedId = operationIdFromPath(op.path);
  if (id !== expectedId) {
    errors.push({
      file,
      path: at(),
      message: `operation id must be "${expectedId}" (the path ${op.path} without the leading slash, '/' replaced by '.')`,
    });
  }
  if (op.method === 'GET' && op.request?.body) {
    errors.push({
      file,
      path: at('request', 'body'),
      message: 'a GET call takes no body; use request.query',
    });
  }
  if (op.request?.multipart && op.method !== 'POST') {
    errors.push({ file, path: at('request', 'multipart'), message: 'multipart uploads must be POST' });
  }
  if (op.binary && op.response) {
    errors.push({
      file,
      path: at('response'),
      message: 'a binary (download) operation has no response schema; the envelope is used only for errors',
    });
  }
  checkClosed(op.request?.query, file, at('request', 'query'), errors);
  checkClosed(op.request?.body, file, at('request', 'body'), errors);
  checkQueryScalars(op.request?.query, file, at('request', 'query'), errors);
}

export interface CatalogueIndex {
  /** operation id -> file that declared it first */
  ids: Map<string, string>;
  /** "METHOD path" -> "file#id" that declared it first */
  routes: Map<string, { file: string; id: string }>;
}

export function newCatalogueIndex(): CatalogueIndex {
  return { ids: new Map(), routes: new Map() };
}

/** Checks one catalogue file that already passed the meta-schema; `index` carries ids and routes across files. */
export function checkCatalogueRules(parsed: ParsedFile, index: CatalogueIndex): SchemaError[] {
  const errors: SchemaError[] = [];
  const { file, name } = parsed;
  const catalogue = parsed.data as CatalogueFile;
  if (catalogue.area !== name) {
    errors.push({
      file,
      path: '/area',
      message: `area "${catalogue.area}" must equal the file name "${name}"`,
    });
  }
  for (const [id, op] of Object.entries(catalogue.operations)) {
    checkOperation(id, op, file, errors);
    const earlierFile = index.ids.get(id);
    if (earlierFile !== undefined) {
      errors.push({
        file,
        path: joinPointer('/operations', id),
        message: `duplicate operation id; already declared in ${earlierFile}`,
      });
    } else {
      index.ids.set(id, file);
    }
    const route = `${op.method} ${op.path}`;
    const earlier = index.routes.get(route);
    if (earlier !== undefined) {
      errors.push({
        file,
        path: joinPointer('/operations', id, 'path'),
        message: `duplicate route ${route}; already declared as ${earlier.id} in ${earlier.file}`,
      });
    } else {
      index.routes.set(route, { file, id });
    }
  }
  return errors;
}
