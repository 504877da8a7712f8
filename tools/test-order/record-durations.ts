/**
 * `npm run test:durations`: writes tests/file-durations.json from this machine's record of the last run of
 * each test file (vitest's results cache), for the sequencer that runs the longest files first on a
 * clean clone (sequencer.ts). Run it after a whole `npm test` when files were added, split or grew.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DURATIONS_FILE } from './sequencer.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheRoot = join(root, 'node_modules', '.vite', 'vitest');
const newest = readdirSync(cacheRoot)
  .map((dir) => join(cacheRoot, dir, 'results.json'))
  .filter((file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  })
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!newest) throw new Error(`no vitest results under ${cacheRoot}: run npm test first`);

const { results } = JSON.parse(readFileSync(newest, 'utf8')) as {
  results: [string, { duration: number; failed: boolean }][];
};
const durations = Object.fromEntries(
  results
    // Files of this tree only: the record also remembers files since renamed or removed.
    .filter(([key, r]) => r.duration > 0 && existsSync(join(root, key.slice(key.indexOf(':') + 1))))
    .map(([key, r]) => [key, Math.round(r.duration / 100) / 10] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files' durations written to ${fileURLToPath(DURATIONS_FILE)}`);
