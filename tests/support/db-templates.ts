/**
 * Template databases for test servers. Migrating and seeding a database (the platform and filing
 * migrations, the demo tenant with 51 employees, maybe the filing demo) is most of a test server's
 * start; a run does it once per kind of database and seed, and every test server then starts from a
 * copy: `CREATE DATABASE … TEMPLATE` on PostgreSQL, a copied data directory on PGlite.
 *
 * A template is what a first start leaves in the database: it is made by starting the server once
 * (with its job workers off, so no job runs and nothing is sent) and stopping it. A server over a copy
 * finds the rows a fresh one would have made, and the job queue's own schema already in place; it still
 * runs its migrations and menu sync at start, which find nothing to do. Templates are made on
 * first use by whichever test process needs one (the others wait for it), live in the run's own
 * folder and databases (named after the run, see global-setup.ts), and are removed when the run ends.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { prepareServer } from '../../server/start.ts';
import type { SeedResult } from '../../server/seed/seed.ts';
import { configFromEnv, type ServerConfig } from '../../server/config.ts';

export type TemplateSeed = Pick<ServerConfig, 'adminPassword' | 'seedDemo' | 'seedFilingDemo'>;

/** What a run shares with its test processes (global-setup.ts provides it). */
export interface TestRun {
  /** Short id of the run: part of every template's folder and database name. */
  id: string;
  /** The run's folder for PGlite templates. */
  dir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRun: TestRun | undefined;
  }
}

/** Prefix of template database names; a run's templates are `${TEMPLATE_PREFIX}${run id}_…`. */
export const TEMPLATE_PREFIX = 'mf_tmpl_';

function currentRun(): TestRun | undefined {
  try {
    return inject('testRun');
  } catch {
    return undefined; // outside a vitest worker (a script): no templates, every server starts fresh
  }
}

function keyOf(seed: TemplateSeed): string {
  const demoPassword = seed.seedFilingDemo ? (process.env.DEMO_PASSWORD ?? '') : '';
  const text = JSON.stringify([
    seed.adminPassword,
    seed.seedDemo,
    seed.seedDemo && seed.seedFilingDemo,
    demoPassword,
  ]);
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** Starts a server once on the empty database (its first start) and stops it; returns what it seeded. */
async function firstStart(
  seed: TemplateSeed,
  where: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
): Promise<SeedResult> {
  const server = await prepareServer(
    { ...configFromEnv({}), port: 0, host: '127.0.0.1', ...where, ...seed },
    { filingWorkers: false },
  );
  await server.close();
  return server.seed;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A PGlite data directory for `seed`, made once per run: returns the template's folder and the seed's
 * result. Processes race to make it; each builds in its own folder and the first rename wins.
 */
async function pgliteTemplate(run: TestRun, seed: TemplateSeed): Promise<{ dir: string; seed: SeedResult }> {
  const dir = join(run.dir, `pglite-${keyOf(seed)}`);
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(join(dir, 'seed.json')))
      return { dir, seed: JSON.parse(readFileSync(join(dir, 'seed.json'), 'utf8')) as SeedResult };
    try {
      mkdirSync(lock); // whoever makes the lock builds; the others wait for seed.json
      break;
    } catch {
      await sleep(200);
    }
  }
  try {
    const building = `${dir}.building`;
    rmSync(building, { recursive: true, force: true });
    const result = await firstStart(seed, { dataDir: building });
    writeFileSync(join(building, 'seed.json'), JSON.stringify(result));
    renameSync(building, dir);
    return { dir, seed: result };
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A new folder for one test's files: inside the run's folder (removed with the run), else in TMPDIR. */
export function testDataDir(prefix: string): string {
  return mkdtempSync(join(currentRun()?.dir ?? tmpdir(), prefix));
}

/** Copies the PGlite template for `seed` into `dataDir`; undefined outside a run. */
export async function copyPgliteTemplate(
  dataDir: string,
  seed: TemplateSeed,
): Promise<SeedResult | undefined> {
  const run = currentRun();
  if (!run) return undefined;
  const t = await pgliteTemplate(run, seed);
  cpSync(t.dir, dataDir, { recursive: true, filter: (src) => !src.endsWith('seed.json') });
  return t.seed;
}

async function withAdmin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * The address of a test database on the server at `adminUrl`. Its sessions commit without waiting for
 * the disk (synchronous_commit off: a crash of the PostgreSQL server could lose the last commits, which a
 * test database never needs); everything the application sees is the same, and the tests commit a lot.
 */
export function testDatabaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  url.searchParams.set('options', '-c synchronous_commit=off');
  return url.toString();
}

/**
 * Creates database `name` on the PostgreSQL server as a copy of the run's template for `seed` (made on
 * first use under an advisory lock); returns the seed's result, or undefined outside a run (then `name`
 * is created empty).
 */
export async function createPostgresFromTemplate(
  adminUrl: string,
  name: string,
  seed: TemplateSeed,
): Promise<SeedResult | undefined> {
  const run = currentRun();
  if (!run) {
    await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
    return undefined;
  }
  const template = `${TEMPLATE_PREFIX}${run.id}_${keyOf(seed)}`;
  const seedFile = join(run.dir, `${template}.json`);
  await withAdmin(adminUrl, async (c) => {
    await c.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      if (!existsSync(seedFile)) await buildPostgresTemplate(adminUrl, c, template, seed, seedFile);
    } finally {
      await c.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
    await c.query(`create database ${name} template ${template}`);
  });
  return JSON.parse(readFileSync(seedFile, 'utf8')) as SeedResult;
}

async function buildPostgresTemplate(
  adminUrl: string,
  admin: pg.Client,
  template: string,
  seed: TemplateSeed,
  seedFile: string,
): Promise<void> {
  const building = `${template}_b${randomBytes(3).toString('hex')}`;
  await admin.query(`drop database if exists ${template} with (force)`);
  await admin.query(`create database ${building}`);
  const result = await firstStart(seed, {
    dataDir: join(seedFile, '..'),
    databaseUrl: testDatabaseUrl(adminUrl, building),
  });
  await admin.query(`alter database ${building} rename to ${template}`);
  writeFileSync(seedFile, JSON.stringify(result));
}
