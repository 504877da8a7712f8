/**
 * Menu favourites in the shell: which of the user's favourites the current menu still opens (an entry
 * the user lost access to is left out of the list until it comes back), and a drag's new order.
 */
import type { MenuRoute } from '../shell/menu-model.ts';

export interface Favourite {
  id: string;
  name: string;
}

export interface ShownFavourite extends Favourite {
  route: MenuRoute;
}

/** The favourites, in the user's order, each with the menu route that opens it. */
export function shownFavourites(
  favourites: readonly Favourite[],
  routes: readonly MenuRoute[],
): ShownFavourite[] {
  const byId = new Map(routes.map((r) => [String(r.entry.id), r]));
  return favourites.flatMap((f) => {
    const route = byId.get(f.id);
    return route && route.target.kind !== 'folder' ? [{ ...f, route }] : [];
  });
}

/** The ids after moving `from` to where `to` is (a drag's drop), or the same list when either is missing. */
export function movedIds(ids: readonly string[], from: string, to: string): string[] {
  const a = ids.indexOf(from);
  const b = ids.indexOf(to);
  if (a < 0 || b < 0 || a === b) return [...ids];
  const next = [...ids];
  next.splice(a, 1);
  next.splice(b, 0, from);
  return next;
}
