/**
 * Reading option sets and screen files from disk (build tools and tests; the browser gets screens
 * already resolved from tools/vite-yaml-plugin.ts). See option-sets.ts for what a set is.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { resolveOptionSets, type OptionSets, type SetOption } from './option-sets.ts';

// Not new URL(…, import.meta.url): under happy-dom URL is the DOM's, which refuses file: bases.
export const OPTIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'options');

/** The set files of `dir` (absolute paths, sorted). */
export function optionSetFiles(dir = OPTIONS_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => join(dir, name));
}

/** Every set by name (the file name without .yaml); each file is a list of {value, label, color?}. */
export function readOptionSets(dir = OPTIONS_DIR): Map<string, SetOption[]> {
  return new Map(
    optionSetFiles(dir).map((file) => [
      file.replace(/^.*[\\/]/, '').replace(/\.yaml$/, ''),
      parse(readFileSync(file, 'utf8')) as SetOption[],
    ]),
  );
}

let repositorySets: OptionSets | undefined;

/**
 * A screen file parsed, its option set references replaced (as the browser gets it). Without `sets`,
 * the repository's, read once per process.
 */
export function readScreenFile<T = unknown>(file: string, sets?: OptionSets): T {
  return resolveOptionSets(
    parse(readFileSync(file, 'utf8')) as T,
    sets ?? (repositorySets ??= readOptionSets()),
  );
}
