/**
 * Switching the interface language: our texts, antd's component texts, dayjs's date names, the
 * page's lang attribute and title. The choice is persisted by languageAtom.
 */
import { atom } from 'jotai';
import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import { languageAtom } from '../session/atoms.ts';
import type { appStore } from '../session/store.ts';
import { initI18n, t } from './i18n.ts';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { loadLanguagePack } from './locale-loaders.ts';

/** antd's texts for the current language, read by the ConfigProvider. */
export const antdLocaleAtom = atom<Locale | undefined>(undefined);

export async function applyLanguage(store: typeof appStore, wanted: Language): Promise<void> {
  const language = isLanguage(wanted) ? wanted : DEFAULT_LANGUAGE;
  const pack = await loadLanguagePack(language);
  // initI18n also adds the bundle when i18n already runs in another language.
  await initI18n(language, { [language]: { translation: pack.translation } });
  dayjs.locale(pack.dayjs);
  document.documentElement.lang = language;
  document.title = t('app.title');
  store.set(antdLocaleAtom, pack.antd);
  store.set(languageAtom, language);
}
