/**
 * The page's start for a signed-in user (issue 29): a separate, small entry script (index.html loads
 * it `async`, beside the app's: tools/vite-route-openings.ts earlyStartEntry), run as soon as it
 * arrives, before the app's own scripts have all come. Without a stored session, or on a page outside
 * the shell, it does nothing.
 */
import { startEarly } from './page-start.ts';

startEarly(window.location.pathname);
