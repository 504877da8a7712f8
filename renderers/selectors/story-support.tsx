/**
 * For the stories of the trees, selectors and assignment widgets only: the fixture data source (with
 * per-story overrides) and a holder that keeps a widget's value and shows it, as a form would.
 */
import { useState, type ReactNode } from 'react';
import { RendererEnvironmentProvider } from '../environment/RendererEnvironment.tsx';
import { createFixtureDataSource, type FixtureMap } from '../fixtures/index.ts';

export function WithFixtures({
  overrides,
  delayMs,
  children,
}: {
  overrides?: FixtureMap;
  delayMs?: number;
  children: ReactNode;
}) {
  const [environment] = useState(() => ({ call: createFixtureDataSource({ overrides, delayMs }) }));
  return <RendererEnvironmentProvider value={environment}>{children}</RendererEnvironmentProvider>;
}

export function ValueHolder<T>({
  initial,
  children,
}: {
  initial: T;
  children: (value: T, onChange: (next: T) => void) => ReactNode;
}) {
  const [value, setValue] = useState<T>(initial);
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {children(value, setValue)}
      <pre data-testid="story-value" style={{ background: '#fafafa', padding: 8, margin: 0, fontSize: 12 }}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
