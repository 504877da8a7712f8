/**
 * The fields a screen reads from the operation that loads it (list columns, detail fields and the
 * columns of their `rows` tabs, the fields of a form with a `load`, a calendar's entry fields) must be
 * in that operation's response schema. The serialiser drops what the schema does not declare
 * (server/http/response-schemas.ts), so a renamed or misspelt field would otherwise show as empty.
 * Only closed levels are judged (`additionalProperties: false`); at an open level the check stops.
 */
import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { joinPointer, type SchemaError } from './report.ts';
import type { ParsedFile } from './yaml-files.ts';

type Schema = Record<string, unknown>;

/** Where a name leads in a schema: its schema, nowhere (a closed level lacks it), or unknown (open). */
type Found = { schema: Schema } | 'missing' | 'open';

export interface ResponseSchemas {
  /** The response schema of an operation (undefined: no such operation, or none declared). */
  response(operationId: string): Schema | undefined;
  /** An entity schema by $id. */
  entity(id: string): Schema | undefined;
}

/** Response schemas of the catalogue files, resolving $ref against the entity files. */
export function responseSchemas(catalogues: unknown[], entities: unknown[]): ResponseSchemas {
  const responses = new Map<string, Schema>();
  for (const catalogue of catalogues) {
    const ops = (catalogue as { operations?: Record<string, { response?: JsonSchema }> } | undefined)
      ?.operations;
    for (const [id, op] of Object.entries(ops ?? {}))
      if (op?.response && typeof op.response === 'object') responses.set(id, op.response as Schema);
  }
  const byId = new Map<string, Schema>();
  for (const entity of entities) {
    const id = (entity as { $id?: unknown } | undefined)?.$id;
    if (typeof id === 'string') byId.set(id, entity as Schema);
  }
  return { response: (id) => responses.get(id), entity: (id) => byId.get(id) };
}

const isSchema = (value: unknown): value is Schema =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The schemas a value must match at once or may match (allOf, anyOf, oneOf; $ref followed). */
function parts(schema: Schema, schemas: ResponseSchemas, seen = new Set<Schema>()): Schema[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const ref = schema.$ref;
  // A local or unknown $ref is not followed: its level counts as open.
  const target = typeof ref === 'string' && !ref.includes('#') ? schemas.entity(ref) : undefined;
  if (typeof ref === 'string') return target ? parts(target, schemas, seen) : [{}];
  const nested = ['allOf', 'anyOf', 'oneOf'].flatMap((key) =>
    Array.isArray(schema[key]) ? (schema[key] as unknown[]).filter(isSchema) : [],
  );
  const own = nested.length > 0 && !schema.properties && !schema.items ? [] : [schema];
  return [...own, ...nested.flatMap((part) => parts(part, schemas, seen))];
}

const onlyNull = (schema: Schema) => schema.type === 'null';

/** A part that says nothing of its properties (no properties, or additional ones allowed). */
const isOpen = (schema: Schema) =>
  !isSchema(schema.properties) || schema.additionalProperties !== false || !!schema.patternProperties;

function property(schema: Schema, name: string, schemas: ResponseSchemas): Found {
  let open = false;
  for (const part of parts(schema, schemas).filter((p) => !onlyNull(p))) {
    const props = part.properties;
    if (isSchema(props) && Object.hasOwn(props, name) && isSchema(props[name]))
      return { schema: props[name] };
    if (isOpen(part)) open = true;
  }
  return open ? 'open' : 'missing';
}

/** The schema of one item of a list schema ('open' when it does not say). */
function itemsOf(schema: Schema, schemas: ResponseSchemas): Found {
  for (const part of parts(schema, schemas)) if (isSchema(part.items)) return { schema: part.items };
  return 'open';
}

/** Follows a dotted path ('case.title'; a number steps into a list). */
export function fieldAt(schema: Schema, path: string, schemas: ResponseSchemas): Found {
  let here: Found = { schema };
  for (const segment of path.split('.')) {
    if (typeof here === 'string') return here;
    here = /^\d+$/.test(segment) ? itemsOf(here.schema, schemas) : property(here.schema, segment, schemas);
  }
  return here;
}

/** The row schema of a list screen's operation: dataResult items, or under `rows` in the fields style. */
function rowsOf(response: Schema, request: unknown, schemas: ResponseSchemas): Found {
  const r = isSchema(request) && request.style === 'fields' ? request : undefined;
  if (r && parts(response, schemas).some((p) => p.type === 'array')) return itemsOf(response, schemas);
  const list = fieldAt(response, r ? (typeof r.rows === 'string' ? r.rows : 'rows') : 'dataResult', schemas);
  return typeof list === 'string' ? list : itemsOf(list.schema, schemas);
}

const list = (value: unknown): Schema[] => (Array.isArray(value) ? value.filter(isSchema) : []);

export type ScreenFieldCheck = (parsed: ParsedFile) => SchemaError[];

export function newScreenFieldCheck(schemas: ResponseSchemas): ScreenFieldCheck {
  return ({ file, data }) => {
    const errors: SchemaError[] = [];
    const screen = file.replace(/^.*\//, '');
    /** Checks `names` (pointer → path) against `base`, the answer of `op` (or a part of it). */
    const check = (op: string, base: Found, names: Array<[string, unknown]>) => {
      if (typeof base === 'string') return;
      for (const [pointer, name] of names) {
        if (typeof name !== 'string' || name === '') continue;
        if (fieldAt(base.schema, name, schemas) === 'missing')
          errors.push({
            file,
            path: pointer,
            message: `screen ${screen}: field ${name} is not in the response of ${op}`,
          });
      }
    };
    /** A path the screen itself names as where its data is (rows, load.path): it must be there too. */
    const part = (op: string, base: Found, pointer: string, path: unknown): Found => {
      if (typeof base === 'string' || typeof path !== 'string') return base;
      check(op, base, [[pointer, path]]);
      return fieldAt(base.schema, path, schemas);
    };
    const columns = (op: string, rows: Found, at: string, cols: unknown) =>
      check(
        op,
        rows,
        list(cols).map((c, i) => [joinPointer(at, i, 'field'), c.field]),
      );
    const listScreen = (node: Schema, at: string) => {
      const op = node.operation;
      const response = typeof op === 'string' ? schemas.response(op) : undefined;
      if (!response || typeof op !== 'string') return;
      columns(op, rowsOf(response, node.request, schemas), joinPointer(at, 'columns'), node.columns);
    };

    if (!isSchema(data)) return errors;
    const op = typeof data.operation === 'string' ? data.operation : undefined;
    const response = op ? schemas.response(op) : undefined;
    switch (data.kind) {
      case 'list':
        listScreen(data, '');
        break;
      case 'selector':
        if (data.view !== 'tree') listScreen(data, '');
        break;
      case 'detail':
        list(data.tabs).forEach((tab, i) => {
          if (isSchema(tab.list)) listScreen(tab.list, joinPointer('', 'tabs', i, 'list'));
        });
        if (!op || !response) break;
        check(
          op,
          { schema: response },
          list(data.fields).map((f, i) => [joinPointer('', 'fields', i, 'field'), f.field]),
        );
        list(data.tabs).forEach((tab, i) => {
          if (typeof tab.rows !== 'string') return;
          const rows = part(op, { schema: response }, joinPointer('', 'tabs', i, 'rows'), tab.rows);
          const items = typeof rows === 'string' ? rows : itemsOf(rows.schema, schemas);
          columns(op, items, joinPointer('', 'tabs', i, 'columns'), tab.columns);
        });
        break;
      case 'form': {
        const load = isSchema(data.load) ? data.load : undefined;
        const loadOp = typeof load?.operation === 'string' ? load.operation : undefined;
        const loaded = loadOp ? schemas.response(loadOp) : undefined;
        if (!loadOp || !loaded) break;
        const record = part(loadOp, { schema: loaded }, '/load/path', load?.path);
        check(
          loadOp,
          record,
          list(data.fields).map((f, i) => [joinPointer('', 'fields', i, 'name'), f.name]),
        );
        break;
      }
      case 'calendar': {
        if (!op || !response) break;
        const rows = part(op, { schema: response }, '/rows', data.rows ?? 'rows');
        const entry = typeof rows === 'string' ? rows : itemsOf(rows.schema, schemas);
        check(op, entry, [
          ['/dateField', data.dateField ?? 'date'],
          ['/labelField', data.labelField ?? 'name'],
          ['/categoryField', data.categoryField],
        ]);
        if (isSchema(data.list)) columns(op, entry, '/list/columns', data.list.columns);
        break;
      }
    }
    return errors;
  };
}
