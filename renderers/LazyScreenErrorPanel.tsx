/**
 * The error panel, loaded only when a screen fails: antd's Result is a tenth of a list screen's code
 * and almost never needed.
 */
import { lazy, Suspense } from 'react';

const Panel = lazy(() => import('./ScreenErrorPanel.tsx').then((m) => ({ default: m.ScreenErrorPanel })));

export function LazyScreenErrorPanel({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <Panel error={error} />
    </Suspense>
  );
}
