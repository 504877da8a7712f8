/**
 * Fills the demo tenant with N generated employees in one SQL statement (same SQL on both databases).
 * A large fill drops the table's secondary indexes first and builds them again after (their own
 * definitions, read back from pg_indexes): building an index once beats updating it a million times.
 */
import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';

export async function fillEmployees(db: Db, schema: string, target: number): Promise<number> {
  const t = sql.raw(`"${schema}"`);
  const have = await sql<{ n: number }>`select count(*)::int as n from ${t}.employee`.execute(db);
  const missing = target - have.rows[0].n;
  if (missing <= 0) return have.rows[0].n;
  const rebuild =
    missing > 20_000
      ? (
          await sql<{ name: string; def: string }>`
            select indexname as name, indexdef as def from pg_indexes
             where schemaname = ${schema} and tablename = 'employee' and indexdef not like 'CREATE UNIQUE%'`.execute(
            db,
          )
        ).rows
      : [];
  for (const i of rebuild) await sql`drop index ${sql.id(schema, i.name)}`.execute(db);
  await sql`
    insert into ${t}.employee (id, account, name, status, gender, email, mobile, org_id, created_at)
    select 'bench-' || g, 'bench' || g,
      (array['王','李','张','刘','陈','杨','赵','黄','周','吴','徐','孙','胡','朱','高','林','何','郭','马','罗'])[1 + g % 20]
        || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀英','霞','平','刚','桂英'])[1 + (g / 20) % 22],
      case when g % 10 = 9 then 'disabled' else 'actived' end,
      case when g % 3 = 1 then 'female' else 'male' end,
      'bench' || g || '@bench.example.cn',
      '139' || lpad((g % 100000000)::text, 8, '0'),
      (select id from ${t}.org order by sn limit 1),
      now() - make_interval(secs => g)
    from generate_series(1, ${missing}) as g`.execute(db);
  for (const i of rebuild) await sql.raw(i.def).execute(db);
  await sql`analyze ${t}.employee`.execute(db);
  return target;
}
