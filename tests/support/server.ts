/**
 * Starts the real server in-process on a free port over a fresh database: embedded PGlite in a new
 * temporary directory, or a new PostgreSQL database on the local server (dropped afterwards), so
 * runs never collide.
 */
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { configFromEnv, type ServerConfig } from '../../server/config.ts';
import { prepareServer, type StartedServer } from '../../server/start.ts';
import type { BuildOptions } from '../../server/app.ts';
import type { SeedResult } from '../../server/seed/seed.ts';
import {
  copyPgliteTemplate,
  createPostgresFromTemplate,
  testDatabaseUrl,
  testDataDir,
  type TemplateSeed,
} from './db-templates.ts';

export type DbKind = 'pglite' | 'postgres';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestServer {
  baseUrl: string;
  api: string;
  server: StartedServer;
  config: ServerConfig;
  adminPassword: string;
  close(): Promise<void>;
}

export const TEST_ADMIN_PASSWORD = 'Admin#2026pass';

/** Test databases are `${TEST_DB_PREFIX}<pid>_<random>`: global-setup.ts drops those of ended processes. */
export const TEST_DB_PREFIX = 'mf_test_';

/** A new test database on the local PostgreSQL: from a seeded template, or empty without `seed`. */
export async function freshPostgresDatabase(
  seed?: TemplateSeed,
): Promise<{ url: string; seed?: SeedResult; drop: () => Promise<void> }> {
  const name = `${TEST_DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  let seeded: SeedResult | undefined;
  if (seed) seeded = await createPostgresFromTemplate(POSTGRES_ADMIN_URL, name, seed);
  else {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  return {
    url: testDatabaseUrl(POSTGRES_ADMIN_URL, name),
    seed: seeded,
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** What startTestServer may take from a template: only a new database, never one a test names. */
function templateSeedOf(
  config: ServerConfig,
  overrides: Partial<ServerConfig>,
  fresh: boolean,
): TemplateSeed | undefined {
  if (fresh || overrides.databaseUrl || overrides.dataDir) return undefined;
  return {
    adminPassword: config.adminPassword,
    seedDemo: config.seedDemo,
    seedFilingDemo: config.seedFilingDemo,
  };
}

export interface TestServerOptions {
  /** Start from an empty database and run the whole first start (migrations and seed) instead of a template copy. */
  fresh?: boolean;
}

export async function startTestServer(
  kind: DbKind = 'pglite',
  overrides: Partial<ServerConfig> = {},
  build: BuildOptions = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? testDataDir('mf-test-');
  const config: ServerConfig = {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminPassword: TEST_ADMIN_PASSWORD,
    // The filing demo (~40 cases and the public dataset) only for tests that ask for it.
    seedFilingDemo: false,
    ...overrides,
  };
  const seed = templateSeedOf(config, overrides, options.fresh === true);
  let seeded: SeedResult | undefined;
  const pgdb = kind === 'postgres' && !overrides.databaseUrl ? await freshPostgresDatabase(seed) : null;
  if (pgdb) {
    config.databaseUrl = pgdb.url;
    seeded = pgdb.seed;
  } else if (kind === 'pglite' && seed) seeded = await copyPgliteTemplate(dataDir, seed);
  const server = await prepareServer(config, build);
  // A template copy's first start was the template's: hand the test what that seed made.
  if (seeded) server.seed = seeded;
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: address,
    api: `${address}${config.apiBase}`,
    server,
    config,
    adminPassword: config.adminPassword ?? TEST_ADMIN_PASSWORD,
    close: async () => {
      await server.close();
      await pgdb?.drop();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as admin and returns the access token. */
export async function loginAsAdmin(t: TestServer): Promise<string> {
  const res = await fetch(`${t.api}/authentication/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password_credentials',
      username: 'admin',
      password: t.adminPassword,
    }),
  });
  const body = (await res.json()) as { state: number; data: { access_token: string } };
  if (body.state !== 200) throw new Error(`admin login failed: ${JSON.stringify(body)}`);
  return body.data.access_token;
}

/** Calls an API path with the JSON envelope; returns HTTP status and envelope. */
export async function call(
  t: TestServer,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<{ status: number; body: { state: number; message: string; cause: unknown; data: any } }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${t.api}${path}`, { method, headers, body });
  return { status: res.status, body: (await res.json()) as never };
}
