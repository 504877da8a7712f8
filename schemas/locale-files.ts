/**
 * Reads the translations from disk (server, tools, tests): `locales/<language>/<namespace>.yaml`, one
 * file per top-level namespace, merged into one tree. The browser gets the same files through Vite
 * (src/i18n/locale-loaders.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readYamlFile } from './yaml-snapshot.ts';
import { SCHEMAS_DIR } from './catalogue.ts';

export const LOCALES_DIR = join(SCHEMAS_DIR, '..', 'locales');
export const LOCALE_LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;

/** The namespace files of one language, by file name (e.g. `employee.yaml`). */
export function localeFiles(language: string, dir = LOCALES_DIR): string[] {
  return readdirSync(join(dir, language))
    .filter((name) => name.endsWith('.yaml'))
    .sort();
}

/** Every namespace of one language (or only the given files), merged. */
export function readLocale(
  language: string,
  dir = LOCALES_DIR,
  files = localeFiles(language, dir),
): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const file of files) {
    Object.assign(
      tree,
      readYamlFile<Record<string, unknown>>(join(dir, language, file), join(SCHEMAS_DIR, '..')),
    );
  }
  return tree;
}
