/**
 * A row's person, organisation and attachment values name things of the caller's own tenant: an
 * employee, an organisation, a file uploaded to the tenant. checkRow (row-values.ts) already holds each
 * to an id's shape; this looks each one up, so a row never points at nothing or into another tenant.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { DataTemplate, FieldType } from './definition.ts';

type Referring = Extract<FieldType, 'person' | 'org' | 'attachment'>;
const REFERRING = new Set<FieldType>(['person', 'org', 'attachment']);

/** The ids among `ids` that name a thing of `type` in the tenant. */
async function known(
  db: Kysely<Database>,
  schema: string,
  tenantId: string,
  type: Referring,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found =
    type === 'attachment'
      ? await db
          .selectFrom('platform.file_ref')
          .select('attachment_id as id')
          .where('tenant_id', '=', tenantId)
          .where('attachment_id', 'in', ids)
          .execute()
      : await db
          .withSchema(schema)
          .selectFrom(type === 'person' ? 'employee' : 'org')
          .select('id')
          .where('id', 'in', ids)
          .execute();
  return new Set(found.map((r) => String(r.id)));
}

/** Each field whose value names nothing in the tenant, with that value. */
export async function unknownReferences(
  db: Kysely<Database>,
  schema: string,
  tenantId: string,
  template: DataTemplate,
  values: Record<string, unknown>,
): Promise<Array<{ field: string; type: Referring; value: string }>> {
  const wanted = template.fields.filter(
    (f) => REFERRING.has(f.type) && typeof values[f.key] === 'string' && values[f.key] !== '',
  );
  const missing: Array<{ field: string; type: Referring; value: string }> = [];
  for (const type of ['person', 'org', 'attachment'] as const) {
    const fields = wanted.filter((f) => f.type === type);
    const found = await known(db, schema, tenantId, type, [
      ...new Set(fields.map((f) => values[f.key] as string)),
    ]);
    for (const f of fields)
      if (!found.has(values[f.key] as string))
        missing.push({ field: f.key, type, value: values[f.key] as string });
  }
  return missing;
}
