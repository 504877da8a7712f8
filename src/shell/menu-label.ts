/** Menu names are translation keys ('menu.employeeList') or plain names from the server. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export function useMenuLabel(): (name: string, params?: Record<string, unknown>) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (name: string, params?: Record<string, unknown>) => (i18n.exists(name) ? t(name, params ?? {}) : name),
    // `t` changes with the language, so labels follow it.
    [t, i18n],
  );
}
