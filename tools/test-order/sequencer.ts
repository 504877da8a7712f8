/**
 * Runs the longest test files first, so a stage's two workers finish together rather than one starting a
 * long file when the other is nearly done. Vitest orders files by its own record of their durations,
 * which a clean clone (CI) does not have: there it runs the largest files first, and a small file that
 * runs long (the authorization matrix's halves import their body from a .suite.ts) would start last.
 * `tests/file-durations.json` holds the durations of a recent run (`npm run test:durations` writes it
 * from this machine's record); the machine's own record wins where it knows a file, and a file neither
 * knows runs first.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = new URL('../../tests/file-durations.json', import.meta.url);

function recorded(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  private readonly known = recorded();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key);
      return cached ? cached.duration / 1000 : (this.known[key] ?? Infinity);
    };
    return [...files].sort(
      (a, b) =>
        // Projects run one after another, as vitest's own order has them.
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (a.project.name === b.project.name ? 0 : a.project.name < b.project.name ? -1 : 1) ||
        seconds(b) - seconds(a) ||
        0,
    );
  }
}
