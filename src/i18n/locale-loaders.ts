/**
 * Per-language loaders: our translations (locales/*.yaml, turned into data at build time by the
 * yaml-data plugin), antd's component texts and dayjs's date names. Each language is its own chunk.
 */
import type { Locale } from 'antd/es/locale';
import type { Language } from './languages.ts';

export interface LanguagePack {
  translation: Record<string, unknown>;
  antd: Locale;
  /** dayjs locale name, registered by the import. */
  dayjs: string;
}

const loaders: Record<Language, () => Promise<LanguagePack>> = {
  'zh-CN': async () => {
    const [translation, antd] = await Promise.all([
      import('../../locales/zh-CN.yaml'),
      import('antd/es/locale/zh_CN'),
      import('dayjs/locale/zh-cn'),
    ]);
    return { translation: translation.default, antd: antd.default, dayjs: 'zh-cn' };
  },
  'zh-TW': async () => {
    const [translation, antd] = await Promise.all([
      import('../../locales/zh-TW.yaml'),
      import('antd/es/locale/zh_TW'),
      import('dayjs/locale/zh-tw'),
    ]);
    return { translation: translation.default, antd: antd.default, dayjs: 'zh-tw' };
  },
  en: async () => {
    const [translation, antd] = await Promise.all([
      import('../../locales/en.yaml'),
      import('antd/es/locale/en_US'),
    ]);
    return { translation: translation.default, antd: antd.default, dayjs: 'en' };
  },
};

export function loadLanguagePack(language: Language): Promise<LanguagePack> {
  return loaders[language]();
}
