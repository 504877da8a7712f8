/**
 * Every story runs inside what the app gives a screen: i18n (all three languages, switched from the
 * toolbar), antd's ConfigProvider with the app's colour and the language's component texts, the
 * fixture renderer environment (renderers/fixtures: stories never call a server), a super-user session, the
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
import { ScreenFixtures } from '../renderers/fixtures/ScreenFixtures.tsx';
import { isOperationId } from '../src/api/call.ts';
import { initI18n } from '../src/i18n/i18n.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../src/i18n/languages.ts';
import '../src/app/global.css';

// Domain actions register from src/**/*-actions.ts at app start; stories get the same.
import.meta.glob('../src/**/*-actions.ts', { eager: true });

const PRIMARY_COLOUR = '#409EFF';
/** The fixture renderer environment knows the catalogue's operations as the app does. */
const APP_FACTS = { isOperation: isOperationId };
const ANTD: Record<Language, Locale> = { 'zh-CN': zhCNAntd, 'zh-TW': zhTWAntd, en: enUS };
const DAYJS: Record<Language, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', en: 'en' };
/** One language's namespace files (locales/<language>/*.yaml), merged. */
const merged = (files: Record<string, Record<string, unknown>>) =>
  Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
const RESOURCES = {
  'zh-CN': {
    translation: merged(import.meta.glob('../locales/zh-CN/*.yaml', { eager: true, import: 'default' })),
  },
  'zh-TW': {
    translation: merged(import.meta.glob('../locales/zh-TW/*.yaml', { eager: true, import: 'default' })),
  },
  en: { translation: merged(import.meta.glob('../locales/en/*.yaml', { eager: true, import: 'default' })) },
};

function languageOf(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

const withApp: Decorator = (Story, context) => {
  const language = languageOf(context.globals.locale);
  return (
    <ConfigProvider locale={ANTD[language]} theme={{ token: { colorPrimary: PRIMARY_COLOUR } }}>
      <ScreenFixtures environment={APP_FACTS}>
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
