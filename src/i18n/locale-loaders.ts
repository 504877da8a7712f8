/**
 * Per-language loaders: our translations (locales/<language>/*.yaml, one file per namespace, turned
 * into data at build time by the yaml-data plugin), antd's component texts and dayjs's date names.
 * Each language is its own chunk.
 */
import type { Locale } from 'antd/es/locale';
import type { Language } from './languages.ts';

export interface LanguagePack {
  translation: Record<string, unknown>;
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

function loadTranslation(language: Language): Promise<Record<string, unknown>> {
  return translations[language]();
}

const loaders: Record<Language, () => Promise<LanguagePack>> = {
  'zh-CN': async () => {
    const [translation, antd] = await Promise.all([
      loadTranslation('zh-CN'),
      import('antd/es/locale/zh_CN'),
      import('dayjs/locale/zh-cn'),
    ]);
    return { translation, antd: antd.default, dayjs: 'zh-cn' };
  },
  'zh-TW': async () => {
    const [translation, antd] = await Promise.all([
      loadTranslation('zh-TW'),
      import('antd/es/locale/zh_TW'),
      import('dayjs/locale/zh-tw'),
    ]);
    return { translation, antd: antd.default, dayjs: 'zh-tw' };
  },
  en: async () => {
    const [translation, antd] = await Promise.all([loadTranslation('en'), import('antd/es/locale/en_US')]);
    return { translation, antd: antd.default, dayjs: 'en' };
  },
};

export function loadLanguagePack(language: Language): Promise<LanguagePack> {
  return loaders[language]();
}
