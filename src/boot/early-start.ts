/**
 * The page's start for a signed-in user (issue 29): a separate, small entry script (index.html loads
 * it `async`, beside the app's: tools/vite-route-openings.ts earlyStartEntry), run as soon as it
 * arrives, before the app's own scripts have all come. Without a stored session (the sign-in page's
 * visitor) it loads nothing more: the route table and the senders come only for a signed-in page.
 */
import { STORAGE_KEYS } from '../session/storage-keys.ts';

if (localStorage.getItem(STORAGE_KEYS.accessToken))
  void import('./page-start.ts')
    .then((start) => start.startEarly(window.location.pathname))
    .catch(() => undefined);
