/** The public page's texts in en: its namespaces merged into one tree (i18n.ts). */
import publicity from '../../../locales/en/publicity.yaml';
import publicCase from '../../../locales/en/publicCase.yaml';
import publicReview from '../../../locales/en/publicReview.yaml';
import publicFollow from '../../../locales/en/publicFollow.yaml';
import publicStats from '../../../locales/en/publicStats.yaml';

export default { ...publicity, ...publicCase, ...publicReview, ...publicFollow, ...publicStats } as Record<
  string,
  unknown
>;
