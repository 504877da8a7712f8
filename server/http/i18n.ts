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

export function translate(lang: Language, key: string, params: Record<string, unknown> = {}): string {
  return fixed.get(lang)!(key, params) as string;
}
