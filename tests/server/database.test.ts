/** Migrations run once per schema and tenant spaces can be created and dropped, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dropTenantSpace, tenantSchemaName } from '../../server/db/tenant-space.ts';
import { migrateAll, createTenantSpace } from '../../server/modules/spaces.ts';
import { newId } from '../../server/auth/tokens.ts';
import { platformMigrations } from '../../server/modules/migrations/platform.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('database on %s', (kind) => {
  let t: TestServer;
  const db = () => t.server.database.db;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => t?.close());

  it('records each migration once; a second start applies nothing', async () => {
    const again = await migrateAll(db());
    expect(again.platform).toEqual([]);
    expect(Object.values(again.tenants).flat()).toEqual([]);
    const rows = await sql<{
      name: string;
    }>`select name from platform.schema_migration order by name`.execute(db());
    expect(rows.rows.map((r) => r.name).sort()).toEqual(platformMigrations.map((m) => m.name).sort());
  });

  it('creates and drops a tenant space', async () => {
    const id = newId();
    const schema = tenantSchemaName('acme');
    await db()
      .insertInto('platform.tenant')
      .values({ id, code: 'acme', name: 'ACME', schema_name: schema })
      .execute();
    await createTenantSpace(db(), id);
    await db()
      .withSchema(schema)
      .insertInto('org')
      .values({ id: 'o1', name: 'Root', code: 'root', path: 'Root' })
      .execute();
    const count = await db()
      .withSchema(schema)
      .selectFrom('org')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
    const migrated = await migrateAll(db());
    expect(migrated.tenants[schema]).toEqual([]);
    await dropTenantSpace(db(), id);
    const status = await db()
      .selectFrom('platform.tenant')
      .select('schema_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(status.schema_status).toBe('DROPPED');
    const exists = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`.execute(
      db(),
    );
    expect(exists.rows[0].n).toBe(0);
  });

  it('refuses an unsafe schema name', () => {
    expect(() => tenantSchemaName('a"; drop schema platform; --')).not.toThrow();
    expect(tenantSchemaName('a"; drop schema platform; --')).toMatch(/^t_[a-z0-9_]+$/);
  });
});
