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
import { isLanguage, DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { loadTranslation, loadWidgetLocale } from './locale-loaders.ts';
import { addTexts, t } from './texts.ts';

/** antd's texts for the current language, read by the ConfigProvider. */
export const antdLocaleAtom = atom<Locale | undefined>(undefined);

/**
 * Set once a page past sign-in loads; from then on a language change loads all texts, antd's too, and
 * runs them through i18next (the sign-in page shows its few texts without it: texts.ts).
 */
let appInUse = false;

/** Loads i18next (once) beside the texts, not after them. */
const loadI18next = () => import('./i18n.ts');

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
  const [translation, { initI18n }] = await Promise.all([
    loadTranslation(language, true),
    loadI18next(),
    applyWidgetLocale(store, language),
  ]);
  await initI18n(language, { [language]: { translation } });
}

export async function applyLanguage(store: typeof appStore, wanted: Language): Promise<void> {
  const language = isLanguage(wanted) ? wanted : DEFAULT_LANGUAGE;
  const [translation, i18next] = await Promise.all([
    loadTranslation(language, appInUse),
    appInUse ? loadI18next() : undefined,
    appInUse ? applyWidgetLocale(store, language) : undefined,
  ]);
  // i18next also adds the texts when it already runs in another language.
  if (i18next) await i18next.initI18n(language, { [language]: { translation } });
  addTexts(language, translation, true);
  document.documentElement.lang = language;
  document.title = t('app.title');
  store.set(languageAtom, language);
}
