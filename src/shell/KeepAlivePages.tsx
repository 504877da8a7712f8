/**
 * The kept-alive page cache (spec §2 'Tab pages'): every open tab visited in this page load stays
 * mounted (hidden while another tab shows), so its search form, paging and scroll survive switching
 * tabs. Each tab renders the shell's routes with its own location. A tab's page starts afresh when it
 * is refreshed (double-click, /refresh) and every page does when the language changes.
 * Locations that are not tabs (/refresh, /redirect/…) render directly.
 */
import { memo, Suspense, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useRoutes, type Location } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading.tsx';
import { PageErrorBoundary } from '../app/PageErrorBoundary.tsx';
import { shellRoutes } from '../router/shell-routes.tsx';
import { keepAliveGenerationAtom, tabRefreshAtom, tabsAtom } from './tabs/tabs-store.ts';

function locationOf(fullPath: string): Location {
  const url = new URL(fullPath, 'http://app');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: fullPath };
}

function RoutesAt({ location }: { location: Location }) {
  return useRoutes(shellRoutes, location);
}

const TabPane = memo(function TabPane({
  path,
  active,
  location,
}: {
  path: string;
  active: boolean;
  location: Location;
}) {
  return (
    <div className="mf-page" hidden={!active} data-tab-page={path}>
      <PageErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <RoutesAt location={location} />
        </Suspense>
      </PageErrorBoundary>
    </div>
  );
});

export function KeepAlivePages({ activePath }: { activePath: string | null }) {
  const location = useLocation();
  const tabs = useAtomValue(tabsAtom);
  const refresh = useAtomValue(tabRefreshAtom);
  const generation = useAtomValue(keepAliveGenerationAtom);
  // Tabs restored from storage mount when first shown, not all at once.
  const [visited, setVisited] = useState<{ generation: number; paths: Set<string> }>(() => ({
    generation,
    paths: new Set(activePath ? [activePath] : []),
  }));
  if (visited.generation !== generation)
    setVisited({ generation, paths: new Set(activePath ? [activePath] : []) });
  else if (activePath && !visited.paths.has(activePath))
    setVisited({ generation, paths: new Set(visited.paths).add(activePath) });

  // The current page is a pane from its first render, before its tab is added, so it never remounts.
  const hidden = useMemo(
    () =>
      tabs
        .filter((tab) => tab.path !== activePath && visited.paths.has(tab.path))
        .map((tab) => [tab.path, tab.fullPath] as const),
    [tabs, visited, activePath],
  );
  const hiddenKey = hidden.map(([path, fullPath]) => `${path} ${fullPath}`).join('\n');
  // Locations of hidden panes stay the same objects while their addresses do not change.
  const hiddenLocations = useMemo(
    () => new Map(hidden.map(([path, fullPath]) => [path, locationOf(fullPath)])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- hiddenKey names the content of `hidden`
    [hiddenKey],
  );
  // A stable order (by path): dragging tabs must not move panes (moving an iframe reloads it).
  const panes = [...hiddenLocations.keys(), ...(activePath ? [activePath] : [])].sort();

  return (
    <>
      {panes.map((path) => (
        <TabPane
          key={`${path}#${generation}#${refresh[path] ?? 0}`}
          path={path}
          active={path === activePath}
          location={path === activePath ? location : hiddenLocations.get(path)!}
        />
      ))}
      {!activePath && (
        <div className="mf-page">
          <PageErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <RoutesAt location={location} />
            </Suspense>
          </PageErrorBoundary>
        </div>
      )}
    </>
  );
}
