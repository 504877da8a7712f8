/**
 * The namespaces of locales/zh-TW/ the sign-in page shows (with the api client's and the session's
 * messages), merged into one tree: the first chunk of texts. Everything else the browser shows is in
 * zh-TW-app.ts, loaded with the first page past sign-in. tests/unit/locale-packs.test.ts checks that the
 * sign-in code names no other namespace, and that the three languages split alike.
 */
const files = import.meta.glob<Record<string, unknown>>(
  '../../../locales/zh-TW/{app,common,http,login,sessionMsg,signin,validation}.yaml',
  { eager: true, import: 'default' },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
