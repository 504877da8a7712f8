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
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
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
  entryPoints: { main: resolve(root, 'server/main.ts'), backup: resolve(root, 'server/ops/backup-main.ts') },
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
/**
 * What the template is made of: the migrations and the PGlite version. `npm start` builds every time,
 * so the template is remade only when one of these changed. (A template older than a new migration
 * would still be safe: every start applies the migrations it lacks.)
 */
async function templateKey() {
  const hash = createHash('sha256');
  // Every area's migrations (and the holidays the calendar migration writes), wherever they live.
  const server = (await readdir(resolve(root, 'server'), { recursive: true })).map((f) => `server/${f}`);
  const sources = [
    ...server.filter((f) => /^server\/db\/|migrations(\/|\.ts$)|holidays-cn\.ts$/.test(f)),
    'node_modules/@electric-sql/pglite/package.json',
  ].filter((f) => /\.(ts|json)$/.test(f) && !f.endsWith('.test.ts'));
  for (const file of sources.sort()) hash.update(file).update(await readFile(resolve(root, file)));
  return hash.digest('hex');
}

// The PGlite data template of a fresh data directory (server/db/pglite-template.ts).
const template = resolve(outdir, 'pglite-template');
const keyFile = `${template}.key`;
const key = await templateKey();
const made = (await readFile(keyFile, 'utf8').catch(() => '')) !== key || !existsSync(template);
if (made) {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', resolve(root, 'tools/build-pglite-template.ts'), template],
    {
      stdio: 'inherit',
      cwd: root,
    },
  );
  await writeFile(keyFile, key);
}
console.log(
  `dist-server/main.js, ${files} YAML files snapshotted${made ? ', the PGlite template made' : ''} in ${Date.now() - started} ms`,
);
