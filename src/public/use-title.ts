import { useDocumentTitle } from './head.ts';
import { useI18n } from './i18n.ts';

/** The document title: the page's name, then the site's. */
export function useTitle(title: string): void {
  const { t } = useI18n();
  useDocumentTitle(`${title} - ${t('siteName')}`);
}
