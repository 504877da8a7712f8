/**
 * Version 0 of every screen: its file in schemas/screens, as the build ships it. Read from the server's
 * YAML snapshot (schemas/yaml-snapshot.ts) when built, once per process.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readYaml, SCHEMAS_DIR } from '../../../schemas/catalogue.ts';
import { readOptionSets } from '../../../schemas/option-set-files.ts';
import { resolveOptionSets, type OptionSets } from '../../../schemas/option-sets.ts';

const SCREENS_DIR = join(SCHEMAS_DIR, 'screens');

let names: readonly string[] | undefined;
const files = new Map<string, Record<string, unknown>>();
let sets: OptionSets | undefined;

/** The screens there are: one per file, sorted. Only these can have versions. */
export function screenFileNames(): readonly string[] {
  names ??= readdirSync(SCREENS_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.slice(0, -'.yaml'.length))
    .sort();
  return names;
}

export function isScreenName(name: string): boolean {
  return screenFileNames().includes(name);
}

/** The file's definition as written (option set references kept); a fresh copy. */
export function screenFile(name: string): Record<string, unknown> {
  let data = files.get(name);
  if (!data) {
    data = readYaml<Record<string, unknown>>(join(SCREENS_DIR, `${name}.yaml`));
    files.set(name, data);
  }
  return structuredClone(data);
}

/**
 * A definition as the renderers take it: option set references replaced by their options, as the build
 * does for the files (tools/vite-yaml-plugin.ts). A reference the sets no longer satisfy is left as it
 * is; the browser's check then refuses the screen and falls back to an earlier one.
 */
export function asRendered(content: unknown): unknown {
  sets ??= readOptionSets();
  try {
    return resolveOptionSets(content, sets);
  } catch {
    return content;
  }
}
