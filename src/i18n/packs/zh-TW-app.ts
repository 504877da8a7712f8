/**
 * The rest of locales/zh-TW/ the browser shows (the sign-in page's namespaces are in zh-TW.ts), loaded
 * with the first page past sign-in. Left out: namespaces only the server translates (its envelope
 * messages arrive already translated). A namespace the app starts to show must leave this list.
 */
const files = import.meta.glob<Record<string, unknown>>(
  [
    '../../../locales/zh-TW/*.yaml',
    '!../../../locales/zh-TW/{server,filing,resource,publicity,publicCase,publicReview,publicFollow,publicStats,field}.yaml',
    '!../../../locales/zh-TW/{app,common,http,login,sessionMsg,signin,validation}.yaml',
  ],
  { eager: true, import: 'default' },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
