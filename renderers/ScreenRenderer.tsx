/**
 * Draws any screen: loads schemas/screens/<name>.yaml (or takes a definition already at hand), finds
 * the renderer of its kind, and shows a readable panel for an unknown screen or kind.
 */
import { createElement, Suspense, useEffect, useState } from 'react';
import { Spin } from 'antd';
import './kinds.ts';
import { screenKindComponent } from './registry.ts';
import { ScreenError } from './screen-error.ts';
import { loadScreen } from './screen-loader.ts';
import type { ScreenDefinition } from './screen-types.ts';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';
import { ScreenErrorPanel } from './ScreenErrorPanel.tsx';

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

export function ScreenRenderer({ name, screen }: { name: string; screen?: ScreenDefinition }) {
  const loaded = useScreenDefinition(name, screen);
  if (!loaded) return loading;
  if ('error' in loaded) return <ScreenErrorPanel error={loaded.error} />;
  const Kind = screenKindComponent(loaded.screen.kind);
  if (!Kind)
    return <ScreenErrorPanel error={new ScreenError('unknownKind', { name, kind: loaded.screen.kind })} />;
  return (
    <ScreenErrorBoundary>
      {/* The component comes from the module-level registry, so it is the same on every render. */}
      <Suspense fallback={loading}>{createElement(Kind, { name, screen: loaded.screen })}</Suspense>
    </ScreenErrorBoundary>
  );
}

export default ScreenRenderer;
