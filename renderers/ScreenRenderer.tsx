/**
 * Draws any screen: loads schemas/screens/<name>.yaml (or takes a definition already at hand), finds
 * the renderer of its kind, checks what would break it at run time (screen-runtime-check.ts), and
 * shows a readable panel instead of crashing when something is wrong.
 */
import { createElement, Suspense, useEffect, useMemo, useState } from 'react';
import { Spin } from 'antd';
import './kinds.ts';
import { screenKindComponent } from './registry.ts';
import { ScreenContext, type ScreenContextValue, type ScreenFrame } from './screen-context.tsx';
import { ScreenError } from './screen-error.ts';
import { loadScreen } from './screen-loader.ts';
import { runtimeScreenProblem } from './screen-runtime-check.ts';
import type { ScreenDefinition } from './screen-types.ts';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';
import { LazyScreenErrorPanel as ScreenErrorPanel } from './LazyScreenErrorPanel.tsx';

type Loaded = { name: string; screen: ScreenDefinition } | { name: string; error: unknown };

function useScreenDefinition(name: string, given?: ScreenDefinition): Loaded | undefined {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    if (given) return;
    let current = true;
    loadScreen(name).then(
      (screen) => current && setLoaded({ name, screen }),
      (error: unknown) => current && setLoaded({ name, error }),
    );
    return () => {
      current = false;
    };
  }, [name, given]);
  if (given) return { name, screen: given };
  return loaded?.name === name ? loaded : undefined;
}

const loading = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

const NO_PARAMS: Record<string, unknown> = {};

export interface ScreenRendererProps {
  /** File name under schemas/screens, without .yaml. */
  name: string;
  /** A definition at hand (tests, stories, a parent screen); else the file is loaded. */
  screen?: ScreenDefinition;
  params?: Record<string, unknown>;
  frame?: ScreenFrame;
  close?: (result?: unknown) => void;
}

export function ScreenRenderer({
  name,
  screen,
  params = NO_PARAMS,
  frame = 'page',
  close,
}: ScreenRendererProps) {
  const loaded = useScreenDefinition(name, screen);
  const context = useMemo<ScreenContextValue>(
    () => ({ name, params, frame, close }),
    [name, params, frame, close],
  );
  const problem = useMemo(
    () => (loaded && 'screen' in loaded ? runtimeScreenProblem(name, loaded.screen) : null),
    [name, loaded],
  );
  if (!loaded) return loading;
  if ('error' in loaded) return <ScreenErrorPanel error={loaded.error} />;
  const Kind = screenKindComponent(loaded.screen.kind);
  if (!Kind)
    return <ScreenErrorPanel error={new ScreenError('unknownKind', { name, kind: loaded.screen.kind })} />;
  if (problem) return <ScreenErrorPanel error={problem} />;
  return (
    <ScreenContext.Provider value={context}>
      <ScreenErrorBoundary>
        {/* The component comes from the module-level registry, so it is the same on every render. */}
        <Suspense fallback={loading}>
          {createElement(Kind, { name, screen: loaded.screen, params, frame, close })}
        </Suspense>
      </ScreenErrorBoundary>
    </ScreenContext.Provider>
  );
}

export default ScreenRenderer;
