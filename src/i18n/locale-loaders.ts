/**
 * Per-language loaders: our translations (locales/<language>/*.yaml, one file per namespace, turned
 * into data at build time by the yaml-data plugin), and — apart, as the login page shows no antd
 * component and no date — antd's component texts and dayjs's date names. Each language is its own chunk.
 */
import type { Locale } from 'antd/es/locale';
import type { Language } from './languages.ts';

/** antd's texts and dayjs's date names of one language. */
export interface WidgetLocale {
  antd: Locale;
  /** dayjs locale name, registered by the import. */
  dayjs: string;
}

/** One language's translations (locales/<language>/*.yaml merged), each language its own chunk. */
const translations: Record<Language, () => Promise<Record<string, unknown>>> = {
  'zh-CN': async () => (await import('./packs/zh-CN.ts')).default,
  'zh-TW': async () => (await import('./packs/zh-TW.ts')).default,
  en: async () => (await import('./packs/en.ts')).default,
};

export function loadTranslation(language: Language): Promise<Record<string, unknown>> {
  return translations[language]();
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
