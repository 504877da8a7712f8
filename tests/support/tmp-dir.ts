/**
 * Where tests keep their temporary files (TMPDIR of the test processes, see vitest.config.ts): a folder
 * in /dev/shm when the machine has a writable one, so database copies and PGlite's writes stay in memory;
 * otherwise the system's temporary folder.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function testTmpDir(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    const dir = join('/dev/shm', 'mf-tests');
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return tmpdir();
  }
}
