/**
 * Parsed YAML without parsing it at every server start: `npm run build:server` writes every YAML file of
 * schemas/ and locales/ as JSON into dist-server/yaml-snapshot.json (tools/build-server.mjs), and
 * readYaml takes a file from there while its size and modification time are still those recorded —
 * an edited file is parsed again. JSON.parse of the snapshot is a fraction of the YAML parser's time.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type * as Yaml from 'yaml';

// The parser is loaded only when a file is not in the snapshot (or changed since): not at a normal start.
const parse = (text: string): unknown => (createRequire(import.meta.url)('yaml') as typeof Yaml).parse(text);

export interface SnapshotEntry {
  size: number;
  mtimeMs: number;
  data: unknown;
}

let snapshot: Record<string, SnapshotEntry> | null | undefined;

function load(root: string): Record<string, SnapshotEntry> | null {
  try {
    return JSON.parse(readFileSync(join(root, 'dist-server', 'yaml-snapshot.json'), 'utf8')) as Record<
      string,
      SnapshotEntry
    >;
  } catch {
    return null;
  }
}

/** A YAML file's content (a fresh copy: callers may change what they get). */
export function readYamlFile<T>(file: string, root: string): T {
  snapshot ??= load(root);
  const hit = snapshot?.[relative(root, file).split('\\').join('/')];
  if (hit) {
    const st = statSync(file, { throwIfNoEntry: false });
    if (st && st.size === hit.size && st.mtimeMs === hit.mtimeMs) return structuredClone(hit.data) as T;
  }
  return parse(readFileSync(file, 'utf8')) as T;
}
