/* global console, process */
/**
 * `npm run build:server`: the server compiled ahead of time into dist-server/main.js (esbuild), so
 * `npm start` runs plain JavaScript and transpiles nothing at start. Packages stay in node_modules
 * (PGlite finds its WebAssembly beside itself). Files that find data next to themselves through
 * import.meta (the catalogue's schemas/, locales/, the common-password list) get their own location
 * back: import.meta.url/dirname are rewritten relative to the bundle. Last, the PGlite data template a
 * fresh data directory starts from (server/db/pglite-template.ts).
 */
import { execFileSync } from 'node:child_process';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { parse } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = resolve(root, 'dist-server');

/** import.meta of a source file, as seen from the bundle in dist-server/. */
const keepImportMeta = {
  name: 'keep-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      if (args.path.includes(`${sep}node_modules${sep}`) || !text.includes('import.meta')) return undefined;
      const fromOut = relative(outdir, args.path).split(sep).join('/');
      const dirFromOut = relative(outdir, dirname(args.path)).split(sep).join('/');
      text = text
        .replaceAll('import.meta.url', `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`)
        .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${dirFromOut}`)})`);
      return { contents: text, loader: 'ts' };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: [resolve(root, 'server/main.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [keepImportMeta],
});

/** Every YAML file the server reads, parsed once here (schemas/yaml-snapshot.ts reads it back). */
async function yamlSnapshot() {
  const out = {};
  for (const top of ['schemas', 'locales']) {
    for (const entry of await readdir(resolve(root, top), { recursive: true })) {
      if (!/\.ya?ml$/.test(entry)) continue;
      const file = resolve(root, top, entry);
      const st = await stat(file);
      const key = relative(root, file).split(sep).join('/');
      out[key] = { size: st.size, mtimeMs: st.mtimeMs, data: parse(await readFile(file, 'utf8')) };
    }
  }
  await writeFile(resolve(outdir, 'yaml-snapshot.json'), JSON.stringify(out));
  return Object.keys(out).length;
}
const files = await yamlSnapshot();
// The PGlite data template of a fresh data directory (server/db/pglite-template.ts).
execFileSync(
  process.execPath,
  [
    '--import',
    'tsx',
    resolve(root, 'tools/build-pglite-template.ts'),
    resolve(outdir, 'pglite-template.tar.gz'),
  ],
  { stdio: 'inherit', cwd: root },
);
console.log(
  `dist-server/main.js, ${files} YAML files snapshotted and the PGlite template in ${Date.now() - started} ms`,
);
