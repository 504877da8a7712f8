/**
 * Backups (issue 28): the database and the file store into one folder, and back into an empty
 * instance, checked table by table and file by file.
 *
 * - PostgreSQL (DATABASE_URL): pg_dump in its custom format, taken in the snapshot the manifest's
 *   checksums were computed in (a repeatable-read transaction exports it and stays open while pg_dump
 *   uses it), so the two describe the same moment while the instance keeps serving. Restored with
 *   pg_restore into an empty database.
 * - Embedded PGlite (DATA_DIR): its own data-directory dump; the instance must be stopped first (one
 *   process owns an embedded database).
 * - Files: the local store's files (named by their SHA-256) are copied; an S3 store is left to the
 *   bucket's own versioning and replication, and the manifest says so.
 *
 * manifest.json lists every table of every schema with its row count and a checksum of its rows, and
 * every file. A restore refuses a target that is not empty, and checks the result against the manifest:
 * a table or file that differs fails it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createReadStream, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import type { ServerConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { PGliteDialect } from '../db/pglite-dialect.ts';
import type { Database } from '../db/tables.ts';

export interface TableSum {
  rows: number;
  md5: string;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** "schema.table" → its rows and their checksum. */
  tables: Record<string, TableSum>;
  fileStore: 'local' | 's3';
  /** The local store's files, by SHA-256 (their names). */
  files: string[];
}

const DUMP = { postgres: 'database.pgdump', pglite: 'database.tar.gz' } as const;
const SHA256 = /^[0-9a-f]{64}$/;

/** Every table of every schema but PostgreSQL's own, with its rows' count and checksum. */
export async function tableChecksums(db: Db): Promise<Record<string, TableSum>> {
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       and table_schema not like 'pg_%'
     order by 1, 2`.execute(db);
  const sums: Record<string, TableSum> = {};
  for (const { schema, name } of tables.rows) {
    const r = await sql<{ n: number; h: string | null }>`
      select count(*)::int as n, md5(string_agg(t::text, E'\n' order by t::text)) as h
        from ${sql.id(schema, name)} as t`.execute(db);
    sums[`${schema}.${name}`] = { rows: Number(r.rows[0]!.n), md5: r.rows[0]!.h ?? '' };
  }
  return sums;
}

/**
 * libpq's environment for a postgres:// address: a URL's query is form-encoded (options=-c+a%3Db), which
 * libpq does not read back, so the parts go as PG* variables (the password never on a command line).
 */
export function libpqEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname);
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const named: Record<string, string> = {
    options: 'PGOPTIONS',
    sslmode: 'PGSSLMODE',
    application_name: 'PGAPPNAME',
    connect_timeout: 'PGCONNECT_TIMEOUT',
  };
  for (const [key, value] of url.searchParams) if (named[key]) env[named[key]] = value;
  return env;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`${command} failed (${code}): ${stderr.trim().slice(0, 500)}`)),
    );
  });
}

const fileRoot = (config: ServerConfig) => resolve(config.fileStoreDir || join(config.dataDir, 'files'));

/** The local store's files as [sha256, path], tmp/ and anything not named by a hash aside. */
async function storedFiles(root: string): Promise<Array<[string, string]>> {
  if (!existsSync(root)) return [];
  const found: Array<[string, string]> = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !SHA256.test(entry.name)) continue;
    const dir = entry.parentPath;
    if (resolve(dir).startsWith(join(root, 'tmp'))) continue;
    found.push([entry.name, join(dir, entry.name)]);
  }
  return found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function sha256Of(path: string): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (b) => hash.update(b))
      .on('error', fail)
      .on('end', () => done(hash.digest('hex')));
  });
}

const storePath = (root: string, sha: string) => join(root, sha.slice(0, 2), sha.slice(2, 4), sha);

async function copyFiles(from: Array<[string, string]>, toRoot: string): Promise<void> {
  for (const [sha, path] of from) {
    const target = storePath(toRoot, sha);
    await mkdir(join(target, '..'), { recursive: true });
    await copyFile(path, target);
  }
}

/** Backs up the instance `config` describes into `outDir` (made; must not hold a backup yet). */
export async function backup(config: ServerConfig, outDir: string): Promise<BackupManifest> {
  const out = resolve(outDir);
  if (existsSync(join(out, 'manifest.json'))) throw new Error(`${out} already holds a backup`);
  await mkdir(out, { recursive: true });
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  let tables: Record<string, TableSum>;
  if (kind === 'postgres') {
    const { db, close } = await openDatabase({ databaseUrl: config.databaseUrl });
    try {
      tables = await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (tx) => {
          const snapshot = (await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(tx)).rows[0]!
            .id;
          // pg_dump reads the snapshot this transaction holds open, while the checksums are taken in it.
          const dumped = run(
            'pg_dump',
            ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, `--file=${join(out, DUMP.postgres)}`],
            libpqEnv(config.databaseUrl!),
          );
          // Awaited below, after the checksums: a failure meanwhile is not left unhandled.
          dumped.catch(() => {});
          const sums = await tableChecksums(tx);
          await dumped;
          return sums;
        });
    } finally {
      await close();
    }
  } else {
    if (!existsSync(join(resolve(config.dataDir), 'PG_VERSION')))
      throw new Error(`${resolve(config.dataDir)} holds no database (DATA_DIR)`);
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(resolve(config.dataDir));
    try {
      tables = await tableChecksums(pgliteDb(client));
      const dump = await client.dumpDataDir('gzip');
      await writeFile(join(out, DUMP.pglite), Buffer.from(await dump.arrayBuffer()));
    } finally {
      if (!client.closed) await client.close();
    }
  }
  const local = config.fileStorage !== 's3';
  const files = local ? await storedFiles(fileRoot(config)) : [];
  if (local) await copyFiles(files, join(out, 'files'));
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: kind,
    tables,
    fileStore: local ? 'local' : 's3',
    files: files.map(([sha]) => sha),
  };
  await writeFile(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** A Kysely over an open PGlite client, which its owner closes. */
function pgliteDb(client: PGlite): Db {
  return new Kysely<Database>({ dialect: new PGliteDialect(client) });
}

/** What differs between two sets of table checksums ("schema.table: why"). */
export function tableDifferences(
  expected: Record<string, TableSum>,
  found: Record<string, TableSum>,
): string[] {
  const problems: string[] = [];
  for (const [table, sum] of Object.entries(expected)) {
    const got = found[table];
    if (!got) problems.push(`${table}: missing`);
    else if (got.rows !== sum.rows) problems.push(`${table}: ${got.rows} rows, ${sum.rows} backed up`);
    else if (got.md5 !== sum.md5) problems.push(`${table}: rows differ`);
  }
  for (const table of Object.keys(found)) if (!expected[table]) problems.push(`${table}: not in the backup`);
  return problems;
}

/**
 * Restores `fromDir` into the empty instance `config` describes (an empty PostgreSQL database, or a
 * DATA_DIR without a database) and checks every table and file against the manifest.
 */
export async function restore(config: ServerConfig, fromDir: string): Promise<BackupManifest> {
  const from = resolve(fromDir);
  const manifest = JSON.parse(await readFile(join(from, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== manifest.database)
    throw new Error(`the backup is of a ${manifest.database} database; the target is ${kind}`);
  let found: Record<string, TableSum>;
  if (kind === 'postgres') {
    const { db, close } = await openDatabase({ databaseUrl: config.databaseUrl });
    try {
      if (Object.keys(await tableChecksums(db)).length > 0)
        throw new Error('the target database is not empty: restore into a new database');
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--exit-on-error',
          '--single-transaction',
          // pg_restore wants a database named; its connection details come from the environment.
          `--dbname=${libpqEnv(config.databaseUrl!).PGDATABASE ?? 'postgres'}`,
          join(from, DUMP.postgres),
        ],
        libpqEnv(config.databaseUrl!),
      );
      found = await tableChecksums(db);
    } finally {
      await close();
    }
  } else {
    const dataDir = resolve(config.dataDir);
    if (existsSync(join(dataDir, 'PG_VERSION')))
      throw new Error(`${dataDir} already holds a database: restore into a new DATA_DIR`);
    await mkdir(dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const dump = new Blob([await readFile(join(from, DUMP.pglite))]);
    const client = await PGlite.create(dataDir, { loadDataDir: dump });
    try {
      found = await tableChecksums(pgliteDb(client));
    } finally {
      await client.close();
    }
  }
  const problems = tableDifferences(manifest.tables, found);
  if (manifest.fileStore === 'local') {
    const root = fileRoot(config);
    const source = manifest.files.map((sha): [string, string] => [sha, storePath(join(from, 'files'), sha)]);
    await copyFiles(source, root);
    for (const sha of manifest.files)
      if ((await sha256Of(storePath(root, sha)).catch(() => 'missing')) !== sha)
        problems.push(`file ${sha}: differs from its name`);
  }
  if (problems.length > 0)
    throw new Error(`the restore does not match the backup:\n  ${problems.slice(0, 20).join('\n  ')}`);
  return manifest;
}
