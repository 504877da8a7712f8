/**
 * Generates schemas/generated/operations.ts (shared by the server's handlers and the app's client;
 * src/api/generated/operations.ts re-exports it) from the API catalogue (schemas/api/*.yaml) and the
 * entity schemas (schemas/entities/*.yaml):
 *  - `operations`: operation id → { method, path, service, access } (what the client needs at run time);
 *  - one TypeScript type per entity and per operation's query, body and response (json-schema-to-typescript);
 *  - `ApiOperations`: operation id → { query, body, response }, which types `callApi`.
 *
 * Run with `npm run gen:types`. tests/unit/api-types.test.ts regenerates in memory and fails when the
 * checked-in file is stale, so the catalogue and the client never drift apart.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import prettier from 'prettier';
import { loadCatalogue, loadEntities, type Operation } from '../schemas/catalogue.ts';
import type { JsonSchema } from '../schemas/catalogue-types.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GENERATED_FILE = join(ROOT, 'schemas/generated/operations.ts');

/** 'list-request' → 'ListRequest', 'auth.resources.getMenuData' → 'AuthResourcesGetMenuData'. */
export function pascalName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');
}

/**
 * Keywords json-schema-to-typescript understands. Everything else (our custom ajv keywords such as
 * notBlank or cnMaxLength, titles that would spawn extra named types, $id/$schema) is dropped so the
 * output depends only on the shape of the data.
 */
const KEPT_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'items',
  'additionalItems',
  'minItems',
  'maxItems',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'definitions',
  'description',
  'default',
  'deprecated',
  '$ref',
  'tsType',
]);
/** Keywords whose value is a map of name → schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
/** Keywords whose value is one schema (items may also be a list). */
const SCHEMA_SINGLES = new Set(['not', 'additionalItems', 'items', 'additionalProperties']);

interface RefContext {
  /** Entity $id → definition name. */
  entities: Map<string, string>;
  /** Definition name of the schema being cleaned, for its local '#/…' refs. */
  owner: string;
  /** Refs that name no entity (reported, typed as unknown). */
  missing: Set<string>;
}

function rewriteRef(ref: string, ctx: RefContext): JsonSchema {
  if (ref.startsWith('#')) return { $ref: `#/definitions/${ctx.owner}${ref.slice(1)}` };
  const [id, pointer = ''] = ref.split('#');
  const target = ctx.entities.get(id);
  if (!target) {
    ctx.missing.add(id);
    return { tsType: 'unknown', description: `Unresolved $ref '${ref}'.` };
  }
  return { $ref: `#/definitions/${target}${pointer}` };
}

/** A copy of `schema` with refs pointing into one definitions table and only the kept keywords. */
export function cleanSchema(schema: unknown, ctx: RefContext): unknown {
  if (typeof schema === 'boolean') return schema;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return {};
  const src = schema as Record<string, unknown>;
  if (typeof src.$ref === 'string') {
    const out = rewriteRef(src.$ref, ctx);
    // draft-07 ignores siblings of $ref, except that a description is still worth a comment.
    return typeof src.description === 'string' && !out.description
      ? { ...out, description: src.description }
      : out;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(src)) {
    if (!KEPT_KEYWORDS.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanSchema(v, ctx)]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((v) => cleanSchema(v, ctx));
    } else if (SCHEMA_SINGLES.has(key)) {
      out[key] = Array.isArray(value) ? value.map((v) => cleanSchema(v, ctx)) : cleanSchema(value, ctx);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function sortedOperations(): Operation[] {
  return [...loadCatalogue().values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

interface OperationTypeNames {
  query?: string;
  body?: string;
  response?: string;
}

/** An entity's type name when `schema` is nothing but a $ref to a whole entity (no new type needed). */
function entityAlias(schema: unknown, entities: Map<string, string>): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const keys = Object.keys(schema).filter((k) => k !== 'description');
  const ref = (schema as { $ref?: unknown }).$ref;
  if (keys.length !== 1 || typeof ref !== 'string' || ref.includes('#')) return undefined;
  return entities.get(ref) ?? 'unknown';
}

/**
 * Type names of an operation's parts. A part that is just a $ref to an entity uses the entity's type,
 * because json-schema-to-typescript would merge such an alias into the entity and never declare it.
 */
function typeNames(op: Operation, entities: Map<string, string>): OperationTypeNames {
  const base = pascalName(op.id);
  const name = (schema: unknown, suffix: string) =>
    schema ? (entityAlias(schema, entities) ?? `${base}${suffix}`) : undefined;
  return {
    query: name(op.request?.query, 'Query'),
    body: name(op.request?.body, 'Body'),
    response: op.binary ? undefined : name(op.response, 'Response'),
  };
}

function entityNames(entitySchemas: JsonSchema[]): Map<string, string> {
  const entities = new Map<string, string>();
  for (const e of entitySchemas) {
    if (typeof e.$id === 'string') entities.set(e.$id, pascalName(e.$id));
  }
  return entities;
}

/** One definitions table holding every entity and every operation's request and response schema. */
function buildDefinitions(
  ops: Operation[],
  entitySchemas: JsonSchema[],
  entities: Map<string, string>,
): { definitions: Record<string, unknown>; missing: Set<string> } {
  const missing = new Set<string>();
  const definitions: Record<string, unknown> = {};
  const add = (name: string, schema: unknown) => {
    if (name in definitions) throw new Error(`gen-api-types: two schemas would both be named ${name}`);
    definitions[name] = cleanSchema(schema, { entities, owner: name, missing });
  };
  for (const e of [...entitySchemas].sort((a, b) => String(a.$id).localeCompare(String(b.$id)))) {
    if (typeof e.$id === 'string') add(pascalName(e.$id), e);
  }
  for (const op of ops) {
    const base = pascalName(op.id);
    const names = typeNames(op, entities);
    if (names.query === `${base}Query`) add(names.query, op.request!.query);
    if (names.body === `${base}Body`) add(names.body, op.request!.body);
    if (names.response === `${base}Response`) add(names.response, op.response);
    for (const [part, schema] of [
      ['query', op.request?.query],
      ['body', op.request?.body],
      ['response', op.response],
    ] as const) {
      if (names[part] === 'unknown' && schema) missing.add(String((schema as { $ref?: unknown }).$ref));
    }
  }
  return { definitions, missing };
}

function operationTable(ops: Operation[]): string {
  const rows = ops.map((op) => {
    const meta: Record<string, unknown> = {
      method: op.method,
      path: op.path,
      service: op.service,
      access: op.access,
      permission: op.permission,
    };
    if (op.request?.multipart) meta.multipart = true;
    if (op.binary) meta.binary = true;
    return `  ${JSON.stringify(op.id)}: ${JSON.stringify(meta)},`;
  });
  return [
    '/** Every operation of the catalogue: what the client needs to call it. */',
    'export const operations = {',
    ...rows,
    '} as const satisfies Record<string, OperationMeta>;',
  ].join('\n');
}

function operationTypeMap(ops: Operation[], entities: Map<string, string>): string {
  const rows = ops.map((op) => {
    const n = typeNames(op, entities);
    const response = op.binary ? 'Blob' : (n.response ?? 'unknown');
    return `  ${JSON.stringify(op.id)}: { query: ${n.query ?? 'never'}; body: ${n.body ?? 'never'}; response: ${response} };`;
  });
  return [
    '/** Request and response types of every operation; `never` marks a part the operation does not take. */',
    'export interface ApiOperations {',
    ...rows,
    '}',
  ].join('\n');
}

const HEADER = `/* eslint-disable */
/**
 * GENERATED by tools/gen-api-types.ts from schemas/api/*.yaml and schemas/entities/*.yaml — do not edit.
 * Regenerate with \`npm run gen:types\`; tests/unit/api-types.test.ts fails when this file is stale.
 */
import type { Access, HttpMethod, Service } from '../catalogue-types.ts';

export interface OperationMeta {
  method: HttpMethod;
  /** Path relative to the API base address, without the service prefix. */
  path: string;
  service: Service;
  access: Access;
  /** What the caller must hold: public, user, member or a permission such as employee:write. */
  permission: string;
  multipart?: true;
  binary?: true;
}
`;

/**
 * Drops the artificial root interface and json-schema-to-typescript's notes about which definition
 * referenced a type (they name the root, not anything a reader knows), then the blank comment lines
 * and empty comments those notes leave behind. Works on prettier's output, one line at a time.
 */
export function withoutRootNotes(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^export interface GeneratedRoot \{\}$/.test(line)) continue;
    if (/^\s*\* This interface was referenced by `GeneratedRoot`'s JSON-Schema$/.test(line)) {
      if (/^\s*\* via the `definition` /.test(lines[i + 1] ?? '')) i++;
      continue;
    }
    const blank = /^\s*\*$/.test(line);
    const prev = out[out.length - 1] ?? '';
    if (blank && (/^\s*\/\*\*$/.test(prev) || /^\s*\*$/.test(prev))) continue;
    if (/^\s*\*\/$/.test(line) && /^\s*\*$/.test(prev)) out.pop();
    if (/^\s*\*\/$/.test(line) && /^\s*\/\*\*$/.test(out[out.length - 1] ?? '')) {
      out.pop();
      continue;
    }
    out.push(line);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

export interface GeneratedSource {
  source: string;
  /** Entity ids referenced by the catalogue but not (yet) defined. */
  missingRefs: string[];
}

/** The full, prettier-formatted text of schemas/generated/operations.ts. */
export async function generateOperationsSource(): Promise<GeneratedSource> {
  const ops = sortedOperations();
  const entitySchemas = loadEntities();
  const entities = entityNames(entitySchemas);
  const { definitions, missing } = buildDefinitions(ops, entitySchemas, entities);
  // The root itself is not a type we want: an empty interface that is dropped below.
  const root = { type: 'object', additionalProperties: false, properties: {}, definitions } as JSONSchema;
  const types = await compile(root, 'GeneratedRoot', {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: true,
    // maxItems is a limit, not a tuple length.
    ignoreMinAndMaxItems: true,
    unknownAny: true,
    format: false,
    customName: (_schema, keyNameFromDefinition) => keyNameFromDefinition,
  });
  const text = [
    HEADER,
    types.trim(),
    '',
    operationTable(ops),
    '',
    'export type OperationId = keyof typeof operations;',
    '',
    operationTypeMap(ops, entities),
    '',
  ].join('\n');
  const config = (await prettier.resolveConfig(GENERATED_FILE)) ?? {};
  const source = withoutRootNotes(await prettier.format(text, { ...config, parser: 'typescript' }));
  return { source, missingRefs: [...missing].sort() };
}

async function main(): Promise<void> {
  const { source, missingRefs } = await generateOperationsSource();
  mkdirSync(dirname(GENERATED_FILE), { recursive: true });
  writeFileSync(GENERATED_FILE, source);
  console.log(`wrote ${GENERATED_FILE}`);
  if (missingRefs.length) console.warn(`unresolved $refs (typed as unknown): ${missingRefs.join(', ')}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
