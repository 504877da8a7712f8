/** The public page's texts in zh-CN: its namespaces merged into one tree (i18n.ts). */
import publicity from '../../../locales/zh-CN/publicity.yaml';
import publicCase from '../../../locales/zh-CN/publicCase.yaml';
import publicReview from '../../../locales/zh-CN/publicReview.yaml';
import publicFollow from '../../../locales/zh-CN/publicFollow.yaml';
import publicStats from '../../../locales/zh-CN/publicStats.yaml';

export default { ...publicity, ...publicCase, ...publicReview, ...publicFollow, ...publicStats } as Record<
  string,
  unknown
>;
