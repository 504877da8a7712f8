/**
 * The screen host: draws any screen, and owns its frame, loading, error and not-permitted states. It
 * loads schemas/screens/<name>.yaml (or takes a definition already at hand), finds the renderer of its
 * kind, checks what would break it at run time (screen-runtime-check.ts) and shows a readable panel
 * instead of crashing when something is wrong. A screen whose permission (screen-permission.ts) the
 * session lacks is not drawn at all (no call made); one whose load the server refuses for want of a
 * permission (useScreenLoadFailure) gives way to the same state. Screens nest through this host.
 */
import { createElement, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import './kinds.ts';
import { screenKindComponent } from './registry.ts';
import { ScreenContext, type ScreenContextValue } from './screen-context.tsx';
import { ScreenError } from './screen-error.ts';
import { ScreenHostContext, ScreenRefusedContext, type ScreenHostProps } from './screen-host-context.tsx';
import { ScreenNotPermitted } from './ScreenNotPermitted.tsx';
import { screenPermission } from './screen-permission.ts';
import { loadScreen } from './screen-loader.ts';
import { screenOverrideNotice } from './screen-overrides.ts';
import { useRendererEnvironment } from './environment/RendererEnvironment.tsx';
import { useLoad } from './environment/use-load.ts';
import { runtimeScreenProblem } from './screen-runtime-check.ts';
import type { ScreenDefinition } from './screen-types.ts';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';
import { ScreenPanel } from './ScreenPanel.tsx';
import { withInlineTexts } from '../schemas/inline-texts.ts';
import { preloadScreenIcons } from './actions/action-icons.tsx';
import { LazyScreenErrorPanel as ScreenErrorPanel } from './LazyScreenErrorPanel.tsx';

type Loaded = { name: string; screen: ScreenDefinition } | { name: string; error: unknown };

function useScreenDefinition(name: string, given?: ScreenDefinition): Loaded | undefined {
  // The icons its buttons name load alongside the screen's renderer, not after it has drawn.
  const file = useLoad(given ? null : name, () =>
    loadScreen(name).then((screen) => {
      void preloadScreenIcons(screen);
      return screen;
    }),
  );
  // Texts written inline in every language (inline-texts.ts) reach the renderers in the reader's one.
  const { i18n } = useTranslation();
  const raw = given ?? file.data;
  const screen = useMemo(() => raw && withInlineTexts(raw, i18n.language), [raw, i18n.language]);
  if (screen) return { name, screen };
  return file.error === undefined ? undefined : { name, error: file.error };
}

const loading = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

const NO_PARAMS: Record<string, unknown> = {};

export type ScreenRendererProps = ScreenHostProps;

export function ScreenRenderer({
  name,
  screen,
  params = NO_PARAMS,
  frame = 'page',
  close,
}: ScreenRendererProps) {
  const loaded = useScreenDefinition(name, screen);
  const environment = useRendererEnvironment();
  const context = useMemo<ScreenContextValue>(
    () => ({ name, params, frame, close }),
    [name, params, frame, close],
  );
  const problem = useMemo(
    () => (loaded && 'screen' in loaded ? runtimeScreenProblem(name, loaded.screen, environment) : null),
    [name, loaded, environment],
  );
  // The server refused this screen's load (the session changed since the permissions were read).
  const [refusedName, setRefusedName] = useState<string>();
  const refused = useCallback(() => setRefusedName(name), [name]);
  // A published version that could not be drawn (screen-overrides.ts) is said above the one drawn instead.
  const notice = !screen && loaded && 'screen' in loaded ? screenOverrideNotice(name) : undefined;
  // One frame for every kind on a page; in a dialog or inside another screen, that frame has the title.
  const framed = (body: ReactNode, title?: string) =>
    frame === 'page' ? (
      <ScreenPanel title={title} notice={notice && environment.translate('screenConfig.fallback')}>
        {body}
      </ScreenPanel>
    ) : (
      body
    );

  // Loading and a broken screen show bare, as a page without a screen to frame.
  if (!loaded) return loading;
  if ('error' in loaded) return <ScreenErrorPanel error={loaded.error} />;
  const title =
    typeof loaded.screen.title === 'string' ? environment.translate(loaded.screen.title) : undefined;
  const Kind = screenKindComponent(loaded.screen.kind);
  if (!Kind)
    return <ScreenErrorPanel error={new ScreenError('unknownKind', { name, kind: loaded.screen.kind })} />;
  if (problem) return <ScreenErrorPanel error={problem} />;
  if (refusedName === name || !environment.can(screenPermission(loaded.screen, environment.permissionOf)))
    return framed(<ScreenNotPermitted />, title);
  return framed(
    <ScreenHostContext.Provider value={ScreenRenderer}>
      <ScreenContext.Provider value={context}>
        <ScreenRefusedContext.Provider value={refused}>
          <ScreenErrorBoundary>
            {/* The component comes from the module-level registry, so it is the same on every render. */}
            <Suspense fallback={loading}>
              {createElement(Kind, { name, screen: loaded.screen, params, frame, close })}
            </Suspense>
          </ScreenErrorBoundary>
        </ScreenRefusedContext.Provider>
      </ScreenContext.Provider>
    </ScreenHostContext.Provider>,
    title,
  );
}

export default ScreenRenderer;
