/**
 * The app's i18next instance, for the pages past sign-in (react-i18next's useTranslation, plurals,
 * nesting). Translations come from locales/*.yaml; only the language in use is loaded (see
 * locale-loaders.ts). Once started it also answers texts.ts's `t`, which the sign-in page and the api
 * client use, and keeps its current language in step.
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';
import { installEngine, setLanguage } from './texts.ts';

export const i18n = i18next.createInstance();

let started: Promise<unknown> | undefined;

/** Starts i18n with the translations at hand (the tests pass all three), or adds them and switches. */
export async function initI18n(language: Language, resources: Resource): Promise<void> {
  if (started) {
    await started;
    for (const [lng, namespaces] of Object.entries(resources)) {
      i18n.addResourceBundle(lng, 'translation', namespaces.translation, true, true);
    }
    await i18n.changeLanguage(language);
    return;
  }
  i18n.on('languageChanged', (lng) => isLanguage(lng) && setLanguage(lng));
  started = i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  await started;
  installEngine({ t: (key, params) => i18n.t(key, params ?? {}) as string });
  setLanguage(language);
}

/** A translation outside React (api client, notifications). */
export function t(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params ?? {}) as string;
}
