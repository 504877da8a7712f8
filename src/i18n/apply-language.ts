/**
 * Switching the interface language: our texts, the page's lang attribute and title. The sign-in page
 * loads only its own namespaces; once a page past it loads (applyAppLanguage), the rest of the texts,
 * antd's component texts and dayjs's date names too, and from then on with every language change.
 * The choice is persisted by languageAtom.
 */
import { atom } from 'jotai';
import type { Locale } from 'antd/es/locale';
import { languageAtom } from '../session/atoms.ts';
import type { appStore } from '../session/store.ts';
import { i18n, initI18n, t } from './i18n.ts';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { loadAppTranslation, loadTranslation, loadWidgetLocale } from './locale-loaders.ts';

/** antd's texts for the current language, read by the ConfigProvider. */
export const antdLocaleAtom = atom<Locale | undefined>(undefined);

/** Set once a page past sign-in loads; from then on a language change loads all texts and antd's too. */
let appInUse = false;

async function applyWidgetLocale(store: typeof appStore, language: Language): Promise<void> {
  const [locale, { default: dayjs }] = await Promise.all([loadWidgetLocale(language), import('dayjs')]);
  dayjs.locale(locale.dayjs);
  store.set(antdLocaleAtom, locale.antd);
}

/**
 * The current language's texts beyond the sign-in page's, antd's texts and dayjs's date names; the
 * first page past sign-in waits for this as it loads (before it renders: components do not re-render
 * when texts are added).
 */
export async function applyAppLanguage(store: typeof appStore): Promise<void> {
  const wanted = store.get(languageAtom);
  const language = isLanguage(wanted) ? wanted : DEFAULT_LANGUAGE;
  if (appInUse) return;
  appInUse = true;
  const [texts] = await Promise.all([loadAppTranslation(language), applyWidgetLocale(store, language)]);
  i18n.addResourceBundle(language, 'translation', texts, true, true);
}

export async function applyLanguage(store: typeof appStore, wanted: Language): Promise<void> {
  const language = isLanguage(wanted) ? wanted : DEFAULT_LANGUAGE;
  const [translation] = await Promise.all([
    loadTranslation(language, appInUse),
    appInUse ? applyWidgetLocale(store, language) : undefined,
  ]);
  // initI18n also adds the bundle when i18n already runs in another language.
  await initI18n(language, { [language]: { translation } });
  document.documentElement.lang = language;
  document.title = t('app.title');
  store.set(languageAtom, language);
}
