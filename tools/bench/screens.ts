/**
 * `npm run bench screens`: the screen renderers' speed and weight.
 * - A list screen given 10,000 rows on one page (fixture data, tools/bench/screen-page), in Debian's
 *   Chromium: time to the first painted rows (from navigation start, and from the data in hand), and
 *   animation-frame times while wheel-scrolling the table; once virtualised (the default above 100
 *   rows per page) and once with every row in the DOM, for contrast. Target: first paint ≤ 200 ms.
 * - The gzip size of each screen kind's chunks beyond the shell (a production build with a manifest:
 *   what opening the first screen of that kind adds to a signed-in page). Target ≤ 50 KB each. Also
 *   whether rjsf, ajv or the YAML parser reach a list screen (they must not).
 * Prints figures; asserts nothing.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { yamlData } from '../vite-yaml-plugin.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const ROWS = 10_000;
const CONTRAST_ROWS = 2_000;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

function serveDir(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      ok({ server, url: `http://127.0.0.1:${port}` });
    }),
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Paint {
  paintedAt: number;
  dataAt: number;
  frameTimes: number[];
  rowsInDom: number;
  moved: boolean;
}

async function listPaint(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'mf-bench-screen-'));
  try {
    await build({
      root: join(ROOT, 'tools', 'bench', 'screen-page'),
      base: './',
      configFile: false,
      logLevel: 'warn',
      plugins: [react(), yamlData()],
      build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
    });
    const { server, url } = await serveDir(out);
    const browser = await launchBrowser();
    try {
      const run = async (rows: number, virtual: boolean, selection: string): Promise<Paint> => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.goto(`${url}/?rows=${rows}&virtual=${virtual ? 1 : 0}&selection=${selection}`);
        await page.waitForFunction(() => window.bench?.paintedAt !== undefined, null, { timeout: 300_000 });
        const times = await page.evaluate(() => ({
          paintedAt: window.bench.paintedAt!,
          dataAt: window.bench.dataAt!,
        }));
        const rowsInDom = await page.evaluate(() => document.querySelectorAll('.ant-table-row').length);
        // Real wheel events over the table body, 60 px each, while the page records its frames.
        const box = (await page
          .locator('.ant-table-tbody-virtual-holder, .ant-table-body')
          .first()
          .boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        const before = await page.evaluate(() => window.bench.firstRow!());
        await page.evaluate(() => {
          window.bench.stopFrames = window.bench.recordFrames!();
        });
        for (let i = 0; i < 120; i++) await page.mouse.wheel(0, 60);
        await page.waitForTimeout(300);
        const frameTimes = await page.evaluate(() => window.bench.stopFrames!());
        const after = await page.evaluate(() => window.bench.firstRow!());
        await page.close();
        return { ...times, rowsInDom, frameTimes, moved: before !== after };
      };
      console.log('\nA list screen with every row on one page (Chromium, fixture data, production build):');
      // Every row in the DOM is for contrast only, and smaller: 10,000 rows that way take about a minute.
      for (const [rows, virtual, selection] of [
        [ROWS, true, 'multiple'],
        [ROWS, true, 'none'],
        [CONTRAST_ROWS, false, 'multiple'],
      ] as const) {
        const r = await run(rows, virtual, selection);
        const slow = r.frameTimes.filter((t) => t > 20).length;
        const label = `${virtual ? 'virtualised' : 'every row in the DOM'}, ${rows} rows${selection === 'none' ? ', no checkboxes' : ''}`;
        console.log(
          `  ${label.padEnd(42)} first rows painted ${ms(r.paintedAt)} after navigation start,` +
            ` ${ms(r.paintedAt - r.dataAt)} after the data${virtual ? '  (target ≤ 200 ms)' : ''}`,
        );
        console.log(
          `  ${' '.repeat(42)} ${r.rowsInDom} rows in the DOM; wheel-scrolling 120 × 60 px: ${r.frameTimes.length} frames,` +
            ` median ${ms(percentile(r.frameTimes, 50))}, p95 ${ms(percentile(r.frameTimes, 95))},` +
            ` ${slow} over 20 ms${r.moved ? '' : ' (the rows did not move!)'}`,
        );
      }
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Every chunk a module loads at once: itself and its static imports, transitively. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = keys.filter((k) => manifest[k]);
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/** The screen kinds as renderers/kinds.ts registers them: kind → module. */
function kindModules(): Record<string, string> {
  const source = readFileSync(join(ROOT, 'renderers', 'kinds.ts'), 'utf8');
  const found: Record<string, string> = {};
  for (const match of source.matchAll(
    /registerScreenKind\(\s*'([^']+)',\s*lazy\(\(\) => import\('\.\/([^']+)'\)\)/g,
  )) {
    found[match[1]] = `renderers/${match[2]}`;
  }
  return found;
}

/** Markers that only these libraries' code contains. */
const MARKERS: Record<string, RegExp> = {
  ajv: /strict mode: unknown keyword|\$async|ajv/,
  rjsf: /ui:submitButtonOptions|rjsf/,
  'yaml parser': /YAMLParseError|Implicit keys of flow sequence/,
};

async function kindWeights(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'mf-bench-kinds-'));
  try {
    await build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: out, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    // The signed-in shell: the entry, the antd scope, the layout, the menu page and the renderer.
    const shellKeys = [
      'index.html',
      'src/app/AntdScope.tsx',
      'src/shell/ShellLayout.tsx',
      'src/shell/MenuScreenPage.tsx',
      'src/shell/pages/ScreenPage.tsx',
      'renderers/ScreenRenderer.tsx',
    ];
    const shell = closure(manifest, shellKeys);
    const size = new Map<string, { raw: number; gzip: number; text: string }>();
    const sizeOf = (key: string) => {
      let known = size.get(key);
      if (!known) {
        const bytes = readFileSync(join(out, manifest[key].file));
        known = {
          raw: bytes.length,
          gzip: gzipSync(bytes, { level: 9 }).length,
          text: bytes.toString('utf8'),
        };
        size.set(key, known);
      }
      return known;
    };
    const shellGzip = [...shell].reduce((sum, key) => sum + sizeOf(key).gzip, 0);
    console.log(
      `\nScreen kinds: gzip JS each adds beyond the shell (${kb(shellGzip)} for ${shell.size} chunks; target ≤ 50 KB each):`,
    );
    for (const [kind, module] of Object.entries(kindModules())) {
      if (!manifest[module]) {
        console.log(`  ${kind.padEnd(9)} (not in the build: ${module})`);
        continue;
      }
      const own = [...closure(manifest, [module])].filter((key) => !shell.has(key));
      const gzip = own.reduce((sum, key) => sum + sizeOf(key).gzip, 0);
      const text = own.map((key) => sizeOf(key).text).join('\n');
      const carried = Object.entries(MARKERS)
        .filter(([, marker]) => marker.test(text))
        .map(([name]) => name);
      console.log(
        `  ${kind.padEnd(9)} ${kb(gzip).padStart(9)} in ${own.length} chunks${carried.length ? `  (carries ${carried.join(', ')})` : ''}`,
      );
    }
    const listText = [...closure(manifest, ['renderers/list/ListScreen.tsx', ...shellKeys])]
      .map((key) => sizeOf(key).text)
      .join('\n');
    const inList = Object.entries(MARKERS)
      .filter(([, marker]) => marker.test(listText))
      .map(([name]) => name);
    console.log(
      `  a list screen with the shell loads: ${inList.length ? inList.join(', ') : 'no rjsf, no ajv, no YAML parser'}`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export async function screenBench(): Promise<void> {
  await kindWeights();
  await listPaint();
}
