// @vitest-environment node
/**
 * The import rules of `npm run check` (.dependency-cruiser.cjs) fail on a violation: a throwaway
 * project with a renderer importing src/ and a type-only import loop, cruised with the real config.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function project(files: Record<string, string>): string {
  const base = mkdtempSync(join(dir, 'p-'));
  const all = { 'tsconfig.json': '{"compilerOptions":{"allowImportingTsExtensions":true}}', ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  return base;
}

/** depcruise's error report, and whether it failed. */
function cruise(base: string): { failed: boolean; report: string } {
  try {
    const out = execFileSync(
      process.execPath,
      [
        depcruise,
        'src',
        'renderers',
        '--config',
        join(root, '.dependency-cruiser.cjs'),
        '--output-type',
        'err',
      ],
      { cwd: base, encoding: 'utf8', stdio: 'pipe' },
    );
    return { failed: false, report: out };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { failed: true, report: `${stdout}${stderr}` };
  }
}

describe('import rules', () => {
  it('pass a project that keeps them', () => {
    const base = project({
      'renderers/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'renderers/b.ts': 'export const b = 1;\n',
      'src/app.ts': "import { a } from '../renderers/a.ts';\nexport const app = a;\n",
    });
    expect(cruise(base)).toEqual({ failed: false, report: expect.any(String) });
  });

  it('refuse a renderer that imports src/', () => {
    const base = project({
      'renderers/a.ts': "import { app } from '../src/app.ts';\nexport const a = app;\n",
      'src/app.ts': 'export const app = 1;\n',
    });
    const { failed, report } = cruise(base);
    expect(failed).toBe(true);
    expect(report).toContain('renderers-not-to-src: renderers/a.ts → src/app.ts');
  });

  it('refuse an import loop, also one made of type-only imports', () => {
    const base = project({
      'src/x.ts': "import type { Y } from './y.ts';\nexport interface X { y?: Y }\n",
      'src/y.ts': "import type { X } from './x.ts';\nexport interface Y { x?: X }\n",
      'renderers/a.ts': 'export const a = 1;\n',
    });
    const { failed, report } = cruise(base);
    expect(failed).toBe(true);
    expect(report).toContain('no-circular');
  });
});
