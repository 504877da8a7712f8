/** The login page's `redirect` query: only a path inside this app, never another site. */
export const HOME_PATH = '/dashboard';

export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login'))
    return HOME_PATH;
  return target;
}

export function loginPathFor(location: { pathname: string; search: string; hash?: string }): string {
  const back = `${location.pathname}${location.search}${location.hash ?? ''}`;
  return back === '/' ? '/login' : `/login?redirect=${encodeURIComponent(back)}`;
}
