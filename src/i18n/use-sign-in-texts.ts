/**
 * The texts of the sign-in page's components: a `t` that changes, and a render, when the language does.
 * It reads texts.ts, not i18next or react-i18next, which the login page would load (some 18 KB gzip)
 * for this alone; the pages past sign-in use react-i18next, and both show the same texts.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { currentLanguage, onLanguageChange, t } from './texts.ts';

export type SignInT = (key: string, params?: Record<string, unknown>) => string;

export function useSignInTexts(): { t: SignInT; language: string } {
  const language = useSyncExternalStore(onLanguageChange, currentLanguage);
  // A new function per language, so what depends on `t` renders again.
  return useMemo(
    () => ({ t: (key: string, params?: Record<string, unknown>) => t(key, params), language }),
    [language],
  );
}
