/**
 * The sections that serve the production app need dist/ (and the compiled server, dist-server/). On a
 * fresh clone they are missing, and after an edit stale: build them then (the same steps as
 * `npm run build`), so figures never come from an old build and `npm run bench` needs no step before it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

/** What the browser bundle is made of (vite.config.ts, its plugins, and what the entry imports). */
const SOURCES = [
  'index.html',
  'vite.config.ts',
  'tools/vite-yaml-plugin.ts',
  'tools/vite-antd-shims.ts',
  'tools/vite-form-validators.ts',
  'tools/form-validators',
  'package-lock.json',
  'src',
  'renderers',
  'schemas',
  'locales',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** What the compiled server is made of. */
const SERVER_SOURCES = ['server', 'schemas', 'locales', 'package-lock.json', 'tools/build-server.mjs'];

function staleReason(output: string, sources: string[]): string | null {
  if (!existsSync(output)) return `${output} is missing`;
  const built = statSync(output).mtimeMs;
  const changed = sources.find((source) => newestMtime(source) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** Why dist/ must be (re)built, or null when it is up to date. */
export function staleBuildReason(): string | null {
  return staleReason(join('dist', 'index.html'), SOURCES);
}

/** Why dist-server/ must be (re)built, or null when it is up to date. */
export function staleServerBuildReason(): string | null {
  return staleReason(join('dist-server', 'main.js'), SERVER_SOURCES);
}

let ensured: Promise<void> | null = null;

/** Builds dist/ and dist-server/ once per run when missing or older than their sources. */
export function ensureBuild(): Promise<void> {
  ensured ??= (async () => {
    const reason = staleBuildReason();
    if (reason) {
      console.log(`\n${reason}: running vite build…`);
      const t0 = performance.now();
      await build({ logLevel: 'warn' });
      console.log(`  built dist/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const serverReason = staleServerBuildReason();
    if (serverReason) {
      console.log(`\n${serverReason}: running npm run build:server…`);
      const t0 = performance.now();
      execFileSync(process.execPath, ['tools/build-server.mjs'], { stdio: 'inherit' });
      console.log(`  built dist-server/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  })();
  return ensured;
}
