/**
 * The rows of a template in `dt_<code>` of the session's tenant's schema: the paged list (the spec's list
 * request: text fields filter by part, options and pickers by value, any field sorts), one row, a save
 * and a removal. Columns are named from the stored definition only, never from the request.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { newId } from '../../auth/tokens.ts';
import type { ListRequest, ListSpec } from '../../http/list-query.ts';
import { listPage } from '../people/common.ts';
import { nameKeyOf, REFERENCE_TYPES, type DataTemplate } from './definition.ts';
import { tableOf } from './ddl.ts';
import type { RowValues } from './row-values.ts';

type AnyDb = Kysely<any>;

function listSpec(t: DataTemplate): ListSpec {
  const filters: ListSpec['filters'] = { id: ['r.id', 'eq'] };
  const sorts: ListSpec['sorts'] = { createTime: 'r.created_at', updateTime: 'r.updated_at' };
  for (const f of t.fields) {
    // Only text columns filter: a value compared with a typed column could fail its cast.
    if (f.type === 'string') filters[f.key] = [`r.${f.key}`, 'like'];
    else if (f.type === 'option' || f.type === 'person' || f.type === 'org')
      filters[f.key] = [`r.${f.key}`, 'eq'];
    sorts[f.key] = `r.${f.key}`;
  }
  return {
    filters,
    sorts,
    defaultSort: [
      ['r.created_at', 'desc'],
      ['r.id', 'asc'],
    ],
  };
}

/**
 * The name of what a reference field's id names, read with the row from the tenant's own schema: the
 * employee's, the organisation's, the attachment's file name.
 */
function referenceName(schema: string, type: string, column: string) {
  const [table, name] =
    type === 'person' ? ['employee', 'name'] : type === 'org' ? ['org', 'name'] : ['attachment', 'file_name'];
  return sql<
    string | null
  >`(select x.${sql.id(name)} from ${sql.id(schema, table)} x where x.id = ${sql.ref(column)})`;
}

/**
 * The columns of a row as the answer shows them (dates as YYYY-MM-DD, times as ISO), each reference
 * field with the name of what it names beside it (nameKeyOf).
 */
function selectRow(t: DataTemplate, schema: string) {
  return (q: SelectQueryBuilder<any, any, any>) =>
    q.select([
      'r.id',
      sql<string>`to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('createTime'),
      sql<string>`to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('updateTime'),
      ...t.fields.map((f) =>
        f.type === 'date'
          ? sql`to_char(${sql.ref(`r.${f.key}`)}, 'YYYY-MM-DD')`.as(f.key)
          : sql`${sql.ref(`r.${f.key}`)}`.as(f.key),
      ),
      ...t.fields
        .filter((f) => REFERENCE_TYPES.has(f.type))
        .map((f) => referenceName(schema, f.type, `r.${f.key}`).as(nameKeyOf(f.key))),
    ]);
}

const from = (db: AnyDb, schema: string, code: string) =>
  db.withSchema(schema).selectFrom(`${tableOf(code)} as r`);

export function queryRows(db: AnyDb, schema: string, t: DataTemplate, req: ListRequest) {
  return listPage<RowValues>(from(db, schema, t.code), selectRow(t, schema), listSpec(t), req);
}

export function findRow(db: AnyDb, schema: string, t: DataTemplate, id: string) {
  return selectRow(t, schema)(from(db, schema, t.code).where('r.id', '=', id)).executeTakeFirst() as Promise<
    RowValues | undefined
  >;
}

/** Inserts (no id) or updates (an existing id) a row; answers its id, or null for an unknown id. */
export async function writeRow(
  db: AnyDb,
  schema: string,
  t: DataTemplate,
  id: string | null,
  values: RowValues,
  authorId: string,
): Promise<string | null> {
  const space = db.withSchema(schema);
  if (id === null) {
    const created = newId();
    await space
      .insertInto(tableOf(t.code))
      .values({ id: created, created_by: authorId, ...values })
      .execute();
    return created;
  }
  const done = await space
    .updateTable(tableOf(t.code))
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0 ? id : null;
}

export async function removeRows(db: AnyDb, schema: string, t: DataTemplate, ids: string[]): Promise<number> {
  const done = await db
    .withSchema(schema)
    .deleteFrom(tableOf(t.code))
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}
