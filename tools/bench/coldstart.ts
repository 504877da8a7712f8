/** Server cold start to the first served page, with a fresh and with an existing data directory. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startNode, stop, waitForHttp } from './proc.ts';

async function once(dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = startNode(['server/main.ts'], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: 'Bench#2026pass', LOG_LEVEL: 'warn' });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`);
    return performance.now() - t0;
  } finally {
    await stop(child);
  }
}

export async function coldStart(): Promise<void> {
  if (!existsSync('dist/index.html')) throw new Error('run `npm run build` first: the first page comes from dist/');
  const dir = mkdtempSync(join(tmpdir(), 'mf-cold-'));
  try {
    const fresh = await once(dir);
    const existing = await once(dir);
    console.log('\nCold start to first served page (node + tsx + DB open + migrations [+ seed]):');
    console.log(`  fresh data dir     ${fresh.toFixed(0)} ms (creates schemas, seeds admin, menu, demo tenant)`);
    console.log(`  existing data dir  ${existing.toFixed(0)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
