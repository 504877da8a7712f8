/**
 * The app's i18next instance. Translations come from locales/*.yaml; only the language in use is
 * loaded (see locale-loaders.ts), so the first page does not carry the other two.
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

export const i18n = i18next.createInstance();

/** Starts i18n with the translations already at hand (the tests pass all three). */
export async function initI18n(language: Language, resources: Resource): Promise<void> {
  if (i18n.isInitialized) {
    for (const [lng, namespaces] of Object.entries(resources)) {
      i18n.addResourceBundle(lng, 'translation', namespaces.translation, true, true);
    }
    await i18n.changeLanguage(language);
    return;
  }
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
}

/** A translation outside React (api client, notifications). */
export function t(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params ?? {}) as string;
}
