/**
 * Once per vitest run (server and e2e projects): a run id and folder for the template databases of
 * db-templates.ts, removed with the run's template databases when the run ends. Databases left by runs
 * whose process is gone (a run killed half-way) are dropped here too; a run going on beside this one
 * keeps its own. Test servers keep their data directories in the run's folder too.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { TEMPLATE_PREFIX } from './db-templates.ts';
import { POSTGRES_ADMIN_URL, TEST_DB_PREFIX } from './server.ts';
import { testTmpDir } from './tmp-dir.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Drops test and template databases whose process (the pid in their name) has ended. */
async function dropDatabases(which: (name: string) => boolean): Promise<void> {
  if (process.env.SKIP_POSTGRES === '1') return;
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await c.connect();
  } catch {
    return; // no PostgreSQL here: the PostgreSQL tests will say so themselves
  }
  try {
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database where datname like 'mf\\_%'`,
    );
    for (const { datname } of rows)
      if (which(datname)) await c.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await c.end();
  }
}

const pidIn = (name: string) => {
  const m = new RegExp(`^(?:${TEMPLATE_PREFIX}p|${TEST_DB_PREFIX})(\\d+)_`).exec(name);
  return m ? Number(m[1]) : undefined;
};

let runs = 0;

export default async function setup(project: TestProject) {
  // Both projects of one `vitest run` share the process; each gets its own run (and templates).
  runs += 1;
  const id = `p${process.pid}_${runs}${randomBytes(2).toString('hex')}`;
  const tmp = testTmpDir();
  // Folders of ended runs (in memory when /dev/shm is used: they would stay until a reboot).
  for (const name of readdirSync(tmp)) {
    const pid = /^mf-run-p(\d+)_/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(join(tmp, name), { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(tmp, `mf-run-${id}-`));
  await dropDatabases((name) => {
    const pid = pidIn(name);
    return pid !== undefined && !alive(pid);
  });
  project.provide('testRun', { id, dir });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropDatabases((name) => name.startsWith(`${TEMPLATE_PREFIX}${id}_`));
  };
}
