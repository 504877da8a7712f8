/**
 * The configurable header tools (menu search, error log, base-address switcher, bell, fullscreen;
 * src/settings/header-tools.ts). Each loads with its first showing, so a user who has them off never
 * downloads them.
 */
import { lazy, Suspense } from 'react';
import type { HeaderToolChoice } from '../settings/header-tools.ts';

const SearchTool = lazy(() => import('./tools/SearchTool.tsx'));
const ErrorLogButton = lazy(() => import('../error-log/ErrorLogButton.tsx'));
const EnvironmentTool = lazy(() => import('./tools/EnvironmentTool.tsx'));
const MessageBell = lazy(() => import('../bell/MessageBell.tsx'));
const FullscreenTool = lazy(() => import('./tools/FullscreenTool.tsx'));
// Menu favourites are not a development tool: always shown, loaded with the header's first showing.
const FavouritesTool = lazy(() => import('../favourites/FavouritesTool.tsx'));

export function HeaderTools({
  tools,
  onSearch,
  onEnvironment,
}: {
  tools: HeaderToolChoice;
  onSearch: () => void;
  onEnvironment: () => void;
}) {
  return (
    <>
      <Suspense fallback={null}>
        <FavouritesTool />
      </Suspense>
      <Suspense fallback={null}>
        {tools.search && <SearchTool onClick={onSearch} />}
        {tools.errorLog && <ErrorLogButton />}
        {tools.environment && <EnvironmentTool onClick={onEnvironment} />}
        {tools.bell && <MessageBell />}
        {tools.fullscreen && <FullscreenTool />}
      </Suspense>
    </>
  );
}
