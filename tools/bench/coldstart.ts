/**
 * Server cold start to the first served page, as `npm start` runs it (the compiled dist-server/main.js),
 * with a fresh and with an existing data directory. For comparison, the same with tsx transpiling
 * server/main.ts at start (`npm run serve`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from './ensure-build.ts';
import { figure } from './goals.ts';
import { freePort, startNode, stop, waitForHttp } from './proc.ts';

async function once(dataDir: string, compiled: boolean): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = startNode(
    [compiled ? 'dist-server/main.js' : 'server/main.ts'],
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'Bench#2026pass',
      LOG_LEVEL: 'warn',
    },
    { tsx: !compiled },
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`);
    return performance.now() - t0;
  } finally {
    await stop(child);
  }
}

async function pair(compiled: boolean): Promise<{ fresh: number; existing: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'mf-cold-'));
  try {
    const fresh = await once(dir, compiled);
    // The best of three: one start is at the mercy of whatever else the machine does.
    const existing = Math.min(
      await once(dir, compiled),
      await once(dir, compiled),
      await once(dir, compiled),
    );
    return { fresh, existing };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function coldStart(): Promise<void> {
  await ensureBuild(); // the first page comes from dist/, the server from dist-server/
  const compiled = await pair(true);
  console.log(
    '\nCold start to the first served page (npm start: compiled server, DB open, migrations [+ seed]):',
  );
  figure('cold start, existing data (best of 3)', compiled.existing, 'ms', 1000, 'max');
  figure('cold start, fresh data dir (schemas + seed)', compiled.fresh, 'ms', 3000, 'max');
  if (process.argv.includes('--tsx')) {
    const tsx = await pair(false);
    console.log(
      `  for comparison, tsx server/main.ts: existing ${tsx.existing.toFixed(0)} ms, fresh ${tsx.fresh.toFixed(0)} ms`,
    );
  }
}
