/** The public page's texts in zh-TW: its namespaces merged into one tree (i18n.ts). */
import publicity from '../../../locales/zh-TW/publicity.yaml';
import publicCase from '../../../locales/zh-TW/publicCase.yaml';
import publicReview from '../../../locales/zh-TW/publicReview.yaml';
import publicFollow from '../../../locales/zh-TW/publicFollow.yaml';
import publicStats from '../../../locales/zh-TW/publicStats.yaml';

export default { ...publicity, ...publicCase, ...publicReview, ...publicFollow, ...publicStats } as Record<
  string,
  unknown
>;
