/**
 * Which database kinds a server test file runs on: embedded PGlite (what `npm start` uses) and the local
 * PostgreSQL server.
 *
 * Files that test the database's own behaviour (migrations and templates, locks and races, the job queue,
 * the event bus, search indexes, list plans) run on both. Every other file runs on one kind, the same one
 * every run (chosen from its name, so the suite as a whole keeps both kinds busy): their SQL is the same
 * Kysely output on both, and running each twice cost a third of the server stage. DB_MATRIX=full runs
 * every file on both kinds (before a release, or after a change to server/db/); SKIP_POSTGRES=1 leaves
 * PostgreSQL out (e.g. on a laptop without one); CI sets neither.
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbKind } from '../support/server.ts';

const POSTGRES = process.env.SKIP_POSTGRES !== '1';
const FULL = process.env.DB_MATRIX === 'full';

/** Every kind this run may use. */
export const DB_KINDS: DbKind[] = POSTGRES ? ['pglite', 'postgres'] : ['pglite'];

/** Files whose subject is where the two kinds differ: always on both. */
const ON_BOTH = new Set([
  'database.test.ts',
  'events-cross-process.test.ts',
  'message-alerts.test.ts',
  'filing-deadlines.test.ts',
  'session-cache.test.ts',
  'security-findings.test.ts',
  'open-data-gate.test.ts',
  'people-employees.test.ts',
  'public-side.test.ts',
  'list-performance.test.ts',
  'tenant-quotas.test.ts',
]);

/** A stable choice from the file's name (FNV-1a), so a file keeps its kind from run to run. */
function kindFromName(name: string): DbKind {
  let h = 0x811c9dc5;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h % 2 === 0 ? 'pglite' : 'postgres';
}

/** The kinds the test file at `fileUrl` (its import.meta.url) runs on. */
export function dbKindsOf(fileUrl: string): DbKind[] {
  const name = basename(fileURLToPath(fileUrl));
  if (!POSTGRES) return ['pglite'];
  if (FULL || ON_BOTH.has(name)) return DB_KINDS;
  return [kindFromName(name)];
}
