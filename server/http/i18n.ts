/** Server-side translation from the same locales/ files the app uses. */
import i18next, { type TFunction } from 'i18next';
import { readLocale } from '../../schemas/locale-files.ts';

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

const instance = i18next.createInstance();
await instance.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: readLocale(l) }])),
  interpolation: { escapeValue: false },
  initAsync: false,
});

const fixed = new Map<Language, TFunction>(LANGUAGES.map((l) => [l, instance.getFixedT(l)]));

/** Picks the language from ?lang=, then Accept-Language, else zh-CN. */
export function pickLanguage(queryLang: unknown, acceptLanguage: string | undefined): Language {
  const wanted = [typeof queryLang === 'string' ? queryLang : '', ...(acceptLanguage ?? '').split(',')]
    .map((s) => s.split(';')[0].trim().toLowerCase())
    .filter(Boolean);
  for (const w of wanted) {
    if (w === 'zh-tw' || w === 'zh-hk' || w === 'zh-hant') return 'zh-TW';
    if (w.startsWith('zh')) return 'zh-CN';
    if (w.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

// Texts without parameters, looked up once per language: 'server.success' ends every answer, and an
// i18next lookup cost about 4 % of an employee.query under load. The resources never change at run time.
const plain = new Map<string, string>();

/** Whether a key has a text (in the default language; every language has the same keys). */
export function hasText(key: string): boolean {
  return instance.exists(key, { lng: DEFAULT_LANGUAGE });
}

export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  if (params && Object.keys(params).length) return fixed.get(lang)!(key, params) as string;
  const id = `${lang}\u0000${key}`;
  let text = plain.get(id);
  if (text === undefined) {
    text = fixed.get(lang)!(key) as string;
    if (plain.size < 10_000) plain.set(id, text); // keys come from code; the bound is a safety net
  }
  return text;
}
