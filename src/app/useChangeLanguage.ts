import { useCallback } from 'react';
import { useStore } from 'jotai';
import { applyLanguage } from '../i18n/apply-language.ts';
import type { Language } from '../i18n/languages.ts';
import type { appStore } from '../session/store.ts';

/** Switches the interface language (texts, antd, dayjs) and remembers the choice. */
export function useChangeLanguage(): (language: Language) => Promise<void> {
  const store = useStore() as typeof appStore;
  return useCallback((language: Language) => applyLanguage(store, language), [store]);
}
