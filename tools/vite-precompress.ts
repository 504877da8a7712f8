/**
 * Built scripts and styles stored gzip-compressed beside themselves (`x.js.gz`): the server sends
 * those to a browser that accepts gzip (@fastify/static preCompressed, server/app.ts) instead of the
 * plain file — a list page's scripts are some 1.3 MB plain and a third of that compressed — without
 * compressing on every request. Level 9, once, at build time (about a second for the whole build).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Smaller files gain little, and a compressed copy may not even be smaller. */
const MIN_BYTES = 1024;

export function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const path = join(dir, name);
        const plain = readFileSync(path);
        if (plain.length < MIN_BYTES) continue;
        writeFileSync(`${path}.gz`, gzipSync(plain, { level: 9 }));
      }
    },
  };
}
