/**
 * Every story runs inside what the app gives a screen: i18n (all three languages, switched from the
 * toolbar), antd's ConfigProvider with the app's colour and the language's component texts, the
 * fixture data source (renderers/fixtures: stories never call a server), a super-user session, the
 * dialog host, and the domain actions the app registers at start.
 */
import type { Decorator, Preview } from '@storybook/react-vite';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCNAntd from 'antd/es/locale/zh_CN';
import zhTWAntd from 'antd/es/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import en from '../locales/en.yaml';
import zhCN from '../locales/zh-CN.yaml';
import zhTW from '../locales/zh-TW.yaml';
import { ScreenFixtures } from '../renderers/fixtures/ScreenFixtures.tsx';
import { initI18n } from '../src/i18n/i18n.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../src/i18n/languages.ts';
import '../src/app/global.css';

// Domain actions register from src/**/*-actions.ts at app start; stories get the same.
import.meta.glob('../src/**/*-actions.ts', { eager: true });

const PRIMARY_COLOUR = '#409EFF';
const ANTD: Record<Language, Locale> = { 'zh-CN': zhCNAntd, 'zh-TW': zhTWAntd, en: enUS };
const DAYJS: Record<Language, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', en: 'en' };
const RESOURCES = {
  'zh-CN': { translation: zhCN },
  'zh-TW': { translation: zhTW },
  en: { translation: en },
};

function languageOf(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

const withApp: Decorator = (Story, context) => {
  const language = languageOf(context.globals.locale);
  return (
    <ConfigProvider locale={ANTD[language]} theme={{ token: { colorPrimary: PRIMARY_COLOUR } }}>
      <ScreenFixtures>
        <div style={{ padding: 16 }}>
          <Story />
        </div>
      </ScreenFixtures>
    </ConfigProvider>
  );
};

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'zh-CN', title: '简体中文' },
          { value: 'zh-TW', title: '繁體中文' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: DEFAULT_LANGUAGE },
  // Texts and date names are in place before the story first renders.
  loaders: [
    async ({ globals }) => {
      const language = languageOf(globals.locale);
      await initI18n(language, RESOURCES);
      dayjs.locale(DAYJS[language]);
      return {};
    },
  ],
  decorators: [withApp],
  parameters: { layout: 'fullscreen', controls: { expanded: true } },
};

export default preview;
