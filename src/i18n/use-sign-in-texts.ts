/**
 * The texts of the sign-in page's components: `t` as react-i18next's useTranslation gives it (the app's
 * i18next instance, its 'translation' texts in the current language, a new `t` and a render when the
 * language changes), without react-i18next's hook, which the login page would load (some 3 KB gzip)
 * for this alone. The pages past sign-in use react-i18next; both read the same instance.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { i18n } from './i18n.ts';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = () => i18n.language;

export function useSignInTexts(): { t: TFunction } {
  const language = useSyncExternalStore(subscribe, currentLanguage);
  return useMemo(() => ({ t: i18n.getFixedT(language) }), [language]);
}
