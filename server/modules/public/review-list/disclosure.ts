/**
 * Which cases' review progress the authority has made public (filing.case_disclosure, migration 025).
 * The case page and the under-review list ask here; a case without a row is not disclosed.
 */
import type { Db } from '../../../db/database.ts';
import './tables.ts';

/** The ids among `caseIds` whose progress (acceptance, phase, clock, due date) is public. */
export async function progressPublic(db: Db, caseIds: readonly string[]): Promise<Set<string>> {
  if (caseIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('filing.case_disclosure')
    .select('case_id')
    .where('case_id', 'in', [...caseIds])
    .where('progress_public', '=', true)
    .execute();
  return new Set(rows.map((r) => r.case_id));
}
