/**
 * The namespaces of locales/zh-CN/ the sign-in page shows (with the api client's and the session's
 * messages), merged into one tree: the first chunk of texts. Not auth: the server's own messages
 * (locked account, wrong captcha…), which reach the login page translated in its answers; not
 * acting: acting as another user is the shell's. Everything else the browser shows is in
 * zh-CN-app.ts, loaded with the first page past sign-in. tests/unit/locale-packs.test.ts checks that
 * the sign-in code names no other namespace, and that the three languages split alike.
 */
const files = import.meta.glob<Record<string, unknown>>(
  '../../../locales/zh-CN/{app,common,http,login,sessionMsg,signin,validation}.yaml',
  { eager: true, import: 'default' },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
