/**
 * Which built page a history-mode address gets: the light public entry (public.html: the merger
 * information query page, the public home and their detail pages, no back office in it) or the
 * back office's index.html for everything else (its sign-in pages, /loginWyf and /wyf* included).
 */
const PUBLIC_PAGE = /^\/(?:publicityIndex|homepage)(?:\/|$)/;

export function appPageFor(path: string): 'public.html' | 'index.html' {
  return PUBLIC_PAGE.test(path) ? 'public.html' : 'index.html';
}
