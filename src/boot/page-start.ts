/**
 * What a signed-in page at an address needs first (issue 29), started at once: the session's calls,
 * the first page of the route's list and the scripts of the shell and of the route's screen, in one
 * wave. Run by the page's start (early-start.ts); kept apart from route-opening.ts, which the shell
 * imports, because these scripts import the shell.
 */
import { ROUTE_OPENINGS, SCREEN_FILES, START_REQUESTS } from 'virtual:route-openings';
import { aliasOf, DEFAULT_SUBSYSTEM, send, sessionOperation, storedSession } from './route-opening.ts';

/**
 * A language's texts (the sign-in page's and the rest), antd's and dayjs's: the modules
 * src/i18n/locale-loaders.ts loads, named here so they are asked for in the first wave, not after
 * the loader itself arrives.
 */
function languageScripts(language: string): (() => Promise<unknown>)[] {
  if (language === 'en')
    return [
      () => import('../i18n/packs/en.ts'),
      () => import('../i18n/packs/en-app.ts'),
      () => import('antd/es/locale/en_US'),
    ];
  if (language === 'zh-TW')
    return [
      () => import('../i18n/packs/zh-TW.ts'),
      () => import('../i18n/packs/zh-TW-app.ts'),
      () => import('antd/es/locale/zh_TW'),
      () => import('dayjs/locale/zh-tw'),
    ];
  return [
    () => import('../i18n/packs/zh-CN.ts'),
    () => import('../i18n/packs/zh-CN-app.ts'),
    () => import('antd/es/locale/zh_CN'),
    () => import('dayjs/locale/zh-cn'),
  ];
}

/** The shell's own pages that are worth a head start. */
const SHELL_HOME = new Set(['/', '/dashboard']);

/** The scripts every page in the shell needs, and those of the route's screen: fetched together. */
export function fetchScripts(screen: { name: string; kind: string } | null, language: string): void {
  const quiet = (loading: Promise<unknown>) => void loading.catch(() => undefined);
  quiet(import('../router/RequireAuth.tsx'));
  quiet(import('../app/AntdScope.tsx'));
  quiet(import('../app/app-actions.ts'));
  quiet(import('../shell/ShellLayout.tsx'));
  quiet(import('../i18n/i18n.ts'));
  quiet(import('../api/generated/operations.ts'));
  for (const load of languageScripts(language)) quiet(load());
  if (!screen) {
    quiet(import('../pages/DashboardPage.tsx'));
    return;
  }
  quiet(import('../shell/pages/MenuRoutePage.tsx'));
  quiet(import('../../renderers/ScreenRenderer.tsx'));
  quiet(import('../../renderers/screen-loader.ts'));
  if (Object.hasOwn(SCREEN_FILES, screen.name)) quiet(SCREEN_FILES[screen.name]());
  if (screen.kind === 'list') quiet(import('../../renderers/list/ListScreen.tsx'));
}

/** At the page's start: everything the page at `pathname` will ask for; nothing without a stored session. */
export function startEarly(pathname: string, scripts: typeof fetchScripts = fetchScripts): void {
  const home = SHELL_HOME.has(pathname);
  const alias = home ? null : aliasOf(pathname);
  const opening = alias !== null && Object.hasOwn(ROUTE_OPENINGS, alias) ? ROUTE_OPENINGS[alias] : null;
  if (!home && !opening) return;
  const session = storedSession();
  if (!session) return;
  if (!session.hasContext) send(session, sessionOperation('user.context'));
  // Without a chosen subsystem the guard sends the user to choose one first: nothing more to start.
  if (!session.systemId) return;
  const menuQuery = session.systemId === DEFAULT_SUBSYSTEM ? {} : { systemId: session.systemId };
  send(session, sessionOperation('auth.resources.getMenuData', menuQuery));
  send(session, sessionOperation('auth.sub.system.findCurrentUserSubSystem'));
  for (const request of START_REQUESTS) send(session, request);
  if (opening?.request) send(session, opening.request);
  scripts(opening ? { name: opening.screen, kind: opening.kind } : null, session.language);
}
