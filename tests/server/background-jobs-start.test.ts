/**
 * npm start's background jobs (start.ts, backgroundJobs): the job queue starts once the server listens,
 * not while it is still starting, and a server closed before it ever listened closes without waiting
 * on a queue that never started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv, type ServerConfig } from '../../server/config.ts';
import { JOB_SCHEMA } from '../../server/jobs/queue.ts';
import { prepareServer } from '../../server/start.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function config(): ServerConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'mf-bg-'));
  dirs.push(dataDir);
  return {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminPassword: 'Bg#2026start',
    seedFilingDemo: false,
  };
}

/** Whether pg-boss has made its schema (its first act on start). */
async function queueStarted(server: Awaited<ReturnType<typeof prepareServer>>): Promise<boolean> {
  const r = await sql<{ t: string | null }>`select to_regnamespace(${JOB_SCHEMA})::text as t`.execute(
    server.database.db,
  );
  return r.rows[0].t !== null;
}

describe('background jobs at start', () => {
  it('start the queue only once the server listens', async () => {
    const server = await prepareServer(config(), { backgroundJobs: true, filingPollSeconds: 1 });
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(await queueStarted(server)).toBe(false);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      await server.filing.jobs.boss();
      expect(await queueStarted(server)).toBe(true);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('close a server that never listened without waiting on the queue', async () => {
    const server = await prepareServer(config(), { backgroundJobs: true });
    await server.close();
    await expect(server.filing.jobs.boss()).rejects.toThrow(/stopped before it started/);
  }, 60_000);
});
