/**
 * The storage of a data template: the table `dt_<code>` in the tenant's schema, with one typed column
 * per field. `planChanges` (pure) sorts a change of fields into additive steps, applied at once, and
 * destructive ones (a field taken away, or given another column type), applied only when the caller
 * confirmed them. A destructive step never loses data: the old column is renamed to a kept backup
 * (`<key>__v<version>`), and a retyped field starts empty in a new column beside it.
 *
 * Every statement names the schema it is given (the session's tenant's) and quotes every name; codes
 * and keys are checked (definition.ts CODE_PATTERN) before they get here.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { columnType, type TemplateField } from './definition.ts';

export interface Step {
  kind: 'create' | 'add' | 'drop' | 'retype';
  key?: string;
  /** The column type before (drop, retype) and after (create, add, retype). */
  from?: string;
  to?: string;
}

export interface Plan {
  additive: Step[];
  destructive: Step[];
}

export const tableOf = (code: string) => `dt_${code}`;
export const backupColumn = (key: string, version: number) => `${key}__v${version}`;

/** What turns the stored fields (null: no table yet) into the new ones. */
export function planChanges(before: readonly TemplateField[] | null, after: readonly TemplateField[]): Plan {
  if (before === null) return { additive: [{ kind: 'create' }], destructive: [] };
  const old = new Map(before.map((f) => [f.key, columnType(f.type)]));
  const now = new Map(after.map((f) => [f.key, columnType(f.type)]));
  const additive: Step[] = [];
  const destructive: Step[] = [];
  for (const [key, to] of now) {
    const from = old.get(key);
    if (from === undefined) additive.push({ kind: 'add', key, to });
    else if (from !== to) destructive.push({ kind: 'retype', key, from, to });
  }
  for (const [key, from] of old) if (!now.has(key)) destructive.push({ kind: 'drop', key, from });
  return { additive, destructive };
}

type Db = Kysely<any> | Transaction<any>;

/** Applies a plan in `schema` (inside the caller's transaction); `version` names the backups. */
export async function applyPlan(
  db: Db,
  schema: string,
  code: string,
  fields: readonly TemplateField[],
  steps: readonly Step[],
  version: number,
): Promise<void> {
  const table = sql.id(schema, tableOf(code));
  const column = (key: string) => sql.id(key);
  const typeOf = (key: string) => sql.raw(columnType(fields.find((f) => f.key === key)!.type));
  for (const step of steps) {
    if (step.kind === 'create') {
      await sql`create table ${table} (
        id text primary key,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        created_by text
      )`.execute(db);
      for (const f of fields)
        await sql`alter table ${table} add column ${column(f.key)} ${typeOf(f.key)}`.execute(db);
      await sql`create index ${sql.id(`${tableOf(code)}_created_idx`)} on ${table} (created_at desc, id)`.execute(
        db,
      );
    } else if (step.kind === 'add') {
      await sql`alter table ${table} add column ${column(step.key!)} ${typeOf(step.key!)}`.execute(db);
    } else {
      // Kept, under a name no field can take (keys have no underscore).
      await sql`alter table ${table} rename column ${column(step.key!)} to ${column(
        backupColumn(step.key!, version),
      )}`.execute(db);
      if (step.kind === 'retype')
        await sql`alter table ${table} add column ${column(step.key!)} ${typeOf(step.key!)}`.execute(db);
    }
  }
}
