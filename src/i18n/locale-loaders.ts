/**
 * Per-language loaders: our translations (locales/<language>/*.yaml, one file per namespace, turned
 * into data at build time by the yaml-data plugin) in two chunks — the sign-in page's namespaces, then
 * the rest with the first page past sign-in — and, apart, as the login page shows no antd component
 * and no date, antd's component texts and dayjs's date names. Each language has its own chunks.
 */
import type { Locale } from 'antd/es/locale';
import type { Language } from './languages.ts';

/** antd's texts and dayjs's date names of one language. */
export interface WidgetLocale {
  antd: Locale;
  /** dayjs locale name, registered by the import. */
  dayjs: string;
}

type Texts = Record<string, unknown>;

/** The sign-in page's namespaces of one language (packs/<language>.ts). */
const signInTexts: Record<Language, () => Promise<Texts>> = {
  'zh-CN': async () => (await import('./packs/zh-CN.ts')).default,
  'zh-TW': async () => (await import('./packs/zh-TW.ts')).default,
  en: async () => (await import('./packs/en.ts')).default,
};

/** Every other namespace the browser shows (packs/<language>-app.ts). */
const appTexts: Record<Language, () => Promise<Texts>> = {
  'zh-CN': async () => (await import('./packs/zh-CN-app.ts')).default,
  'zh-TW': async () => (await import('./packs/zh-TW-app.ts')).default,
  en: async () => (await import('./packs/en-app.ts')).default,
};

export function loadTranslation(language: Language, withApp: boolean): Promise<Texts> {
  if (!withApp) return signInTexts[language]();
  return Promise.all([signInTexts[language](), appTexts[language]()]).then(([a, b]) => ({ ...a, ...b }));
}

const widgetLocales: Record<Language, () => Promise<WidgetLocale>> = {
  'zh-CN': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return { antd: antd.default, dayjs: 'zh-cn' };
  },
  'zh-TW': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]);
    return { antd: antd.default, dayjs: 'zh-tw' };
  },
  en: async () => ({ antd: (await import('antd/es/locale/en_US')).default, dayjs: 'en' }),
};

export function loadWidgetLocale(language: Language): Promise<WidgetLocale> {
  return widgetLocales[language]();
}
