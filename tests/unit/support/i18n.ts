/** Starts the app's i18n with the real locales/<language>/*.yaml (read from disk), for tests that check texts. */
import { readLocale as readLocaleFiles } from '../../../schemas/locale-files.ts';
import { initI18n, i18n } from '../../../src/i18n/i18n.ts';
import { LANGUAGES, type Language } from '../../../src/i18n/languages.ts';

export { LOCALES_DIR } from '../../../schemas/locale-files.ts';

export function readLocale(language: Language): Record<string, unknown> {
  return readLocaleFiles(language);
}

export async function setupTestI18n(language: Language = 'zh-CN'): Promise<typeof i18n> {
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { translation: readLocale(l) }]));
  await initI18n(language, resources);
  return i18n;
}
