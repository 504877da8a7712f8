/**
 * Switching the interface language: our texts, the page's lang attribute and title, and — once a
 * page with antd has loaded (applyWidgetLanguage) — antd's component texts and dayjs's date names.
 * The choice is persisted by languageAtom.
 */
import { atom } from 'jotai';
import type { Locale } from 'antd/es/locale';
import { languageAtom } from '../session/atoms.ts';
import type { appStore } from '../session/store.ts';
import { initI18n, t } from './i18n.ts';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { loadTranslation, loadWidgetLocale } from './locale-loaders.ts';

/** antd's texts for the current language, read by the ConfigProvider. */
export const antdLocaleAtom = atom<Locale | undefined>(undefined);

/** Set once a page with antd components loads; from then on a language change also switches them. */
let widgetsInUse = false;

async function applyWidgetLocale(store: typeof appStore, language: Language): Promise<void> {
  const [locale, { default: dayjs }] = await Promise.all([loadWidgetLocale(language), import('dayjs')]);
  dayjs.locale(locale.dayjs);
  store.set(antdLocaleAtom, locale.antd);
}

/** antd's texts and dayjs's date names of the current language; AntdScope waits for this as it loads. */
export async function applyWidgetLanguage(store: typeof appStore): Promise<void> {
  widgetsInUse = true;
  const language = store.get(languageAtom);
  await applyWidgetLocale(store, isLanguage(language) ? language : DEFAULT_LANGUAGE);
}

export async function applyLanguage(store: typeof appStore, wanted: Language): Promise<void> {
  const language = isLanguage(wanted) ? wanted : DEFAULT_LANGUAGE;
  const [translation] = await Promise.all([
    loadTranslation(language),
    widgetsInUse ? applyWidgetLocale(store, language) : undefined,
  ]);
  // initI18n also adds the bundle when i18n already runs in another language.
  await initI18n(language, { [language]: { translation } });
  document.documentElement.lang = language;
  document.title = t('app.title');
  store.set(languageAtom, language);
}
