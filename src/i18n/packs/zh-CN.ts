/**
 * Every namespace file of locales/zh-CN/ the browser shows, merged into one tree: one chunk per language.
 * Left out: namespaces only the server translates (its envelope messages arrive already translated),
 * which /login would otherwise download for nothing. A namespace the app starts to show must leave this list.
 */
const files = import.meta.glob<Record<string, unknown>>(
  ['../../../locales/zh-CN/*.yaml', '!../../../locales/zh-CN/{server,filing,resource}.yaml'],
  { eager: true, import: 'default' },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
