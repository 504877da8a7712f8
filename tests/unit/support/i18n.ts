/** Starts the app's i18n with the real locales/*.yaml (read from disk), for tests that check texts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SCHEMAS_DIR } from '../../../schemas/catalogue.ts';
import { initI18n, i18n } from '../../../src/i18n/i18n.ts';
import { LANGUAGES, type Language } from '../../../src/i18n/languages.ts';

// import.meta.url is not a file: URL under happy-dom, so go from the loader's own directory.
export const LOCALES_DIR = join(SCHEMAS_DIR, '..', 'locales');

export function readLocale(language: Language): Record<string, unknown> {
  return parse(readFileSync(join(LOCALES_DIR, `${language}.yaml`), 'utf8')) as Record<string, unknown>;
}

export async function setupTestI18n(language: Language = 'zh-CN'): Promise<typeof i18n> {
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { translation: readLocale(l) }]));
  await initI18n(language, resources);
  return i18n;
}
