/** Case numbers: 申报编号 JZSB<year>-<0001> at submission, counted per year in filing.counter. */
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

export async function nextNumber(trx: Db, name: string, start = 1): Promise<number> {
  const r = await sql<{ value: number }>`
    insert into filing.counter (name, value) values (${name}, ${start})
    on conflict (name) do update set value = filing.counter.value + 1
    returning value`.execute(trx);
  return Number(r.rows[0].value);
}

export async function nextCaseNo(trx: Db, year: number): Promise<string> {
  const n = await nextNumber(trx, `case_no:${year}`);
  return `JZSB${year}-${String(n).padStart(4, '0')}`;
}
