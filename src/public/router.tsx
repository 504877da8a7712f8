/**
 * A router of a few lines for the public page: the address (path and query) is the page's whole
 * state, so links are shareable and back/forward work; <Link> pushes without a reload.
 */
import {
  createContext,
  useContext,
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
} from 'react';

export interface Place {
  path: string;
  query: URLSearchParams;
}

function current(): Place {
  return { path: window.location.pathname, query: new URLSearchParams(window.location.search) };
}

const listeners = new Set<() => void>();

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  for (const listener of listeners) listener();
  if (!options.replace) window.scrollTo(0, 0);
}

/** The address's place; `initial` on the server, which has no window (server-render.tsx). */
export function usePlaceState(initial?: Place): Place {
  const [place, setPlace] = useState(() => initial ?? current());
  useEffect(() => {
    const update = () => setPlace(current());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return place;
}

export const PlaceContext = createContext<Place>({ path: '/', query: new URLSearchParams() });
export const usePlace = (): Place => useContext(PlaceContext);

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={follow} {...rest} />;
}
