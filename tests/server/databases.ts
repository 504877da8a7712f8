/**
 * Server tests run once per database kind: embedded PGlite and the local PostgreSQL server.
 * SKIP_POSTGRES=1 leaves PostgreSQL out (e.g. on a laptop without one); CI never sets it.
 */
import type { DbKind } from '../support/server.ts';

export const DB_KINDS: DbKind[] = process.env.SKIP_POSTGRES === '1' ? ['pglite'] : ['pglite', 'postgres'];
