/**
 * Navigation for code outside React (the api client's session handling, the lock timer, logout). The
 * router's navigate is registered by <NavigationBridge />, which the route guard and every public
 * page render; before that, a full page load does the same job.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

let current: Navigate | null = null;

export function navigateTo(to: string, options: NavigateOptions = {}): void {
  if (current) current(to, options);
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** Where the browser is now, as a path inside the app (path, query and hash). */
export function currentAppPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Starts the app afresh at `path`: nothing of the previous user's pages or caches survives. */
export function reloadApp(path: string): void {
  window.location.assign(path);
}

/** Makes `navigate` the one navigateTo uses; call the result to stop. */
export function registerNavigator(navigate: Navigate): () => void {
  current = navigate;
  return () => {
    if (current === navigate) current = null;
  };
}

export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((to, options) => void navigate(to, options)), [navigate]);
  return null;
}
