/**
 * Data templates in the tenant's schema: loading one, saving one with its storage change in the same
 * transaction (the row locked, so two saves of a template never plan against the same old fields).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { DataTemplate } from './definition.ts';
import { applyPlan, planChanges, type Plan } from './ddl.ts';

export interface StoredTemplate extends DataTemplate {
  version: number;
}

type Space = Kysely<Database>;

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function fromRow(r: {
  code: string;
  name: unknown;
  fields: unknown;
  formulas: unknown;
  read_roles: unknown;
  write_roles: unknown;
  version: number;
}): StoredTemplate {
  return {
    code: r.code,
    name: parse(r.name),
    fields: parse(r.fields),
    formulas: parse(r.formulas),
    readRoles: parse(r.read_roles),
    writeRoles: parse(r.write_roles),
    version: r.version,
  };
}

export async function findTemplate(space: Space, code: string): Promise<StoredTemplate | undefined> {
  const row = await space.selectFrom('data_template').selectAll().where('code', '=', code).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function listTemplates(space: Space): Promise<StoredTemplate[]> {
  const rows = await space.selectFrom('data_template').selectAll().orderBy('code').execute();
  return rows.map(fromRow);
}

/**
 * Saves a definition and changes its storage. A plan with destructive steps is refused by `refuse`
 * (called inside the transaction, before anything is written) unless confirmed.
 */
export async function saveTemplate(
  db: Kysely<Database>,
  schema: string,
  template: DataTemplate,
  confirmed: boolean,
  refuse: (plan: Plan) => never,
): Promise<{ template: StoredTemplate; plan: Plan }> {
  return db.transaction().execute(async (trx) => {
    const space = trx.withSchema(schema);
    const old = await space
      .selectFrom('data_template')
      .selectAll()
      .where('code', '=', template.code)
      .forUpdate()
      .executeTakeFirst();
    const before = old ? fromRow(old) : null;
    const plan = planChanges(before?.fields ?? null, template.fields);
    if (plan.destructive.length > 0 && !confirmed) refuse(plan);
    const version = (before?.version ?? 0) + 1;
    const values = {
      name: JSON.stringify(template.name),
      fields: JSON.stringify(template.fields),
      formulas: JSON.stringify(template.formulas),
      read_roles: JSON.stringify(template.readRoles),
      write_roles: JSON.stringify(template.writeRoles),
      version,
    };
    if (before)
      await space
        .updateTable('data_template')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('code', '=', template.code)
        .execute();
    else
      await space
        .insertInto('data_template')
        .values({ code: template.code, ...values })
        .execute();
    // Backups are named after the version they were taken from.
    await applyPlan(
      trx,
      schema,
      template.code,
      template.fields,
      [...plan.additive, ...plan.destructive],
      version - 1,
    );
    return { template: { ...template, version }, plan };
  });
}
