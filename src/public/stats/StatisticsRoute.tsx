/**
 * The statistics page's route: its code is a chunk of its own (React.lazy), so the public entry carries
 * only this loader. On the server the render waits for the chunk as it waits for data — a load of its
 * own through usePublicLoad, so the next round renders the page whole (server-render.tsx); in the
 * browser a server-rendered page keeps its HTML while the chunk comes, then hydrates (Suspense).
 */
import { lazy, Suspense } from 'react';
import { Status } from '../Layout.tsx';
import { usePublicLoad } from '../page-data.ts';
// In the entry's stylesheet: the server-rendered page is styled before its code arrives.
import './stats.css';

const loadPage = () => import('./StatisticsPage.tsx');
const StatisticsPage = lazy(() => loadPage().then((m) => ({ default: m.StatisticsPage })));

export function StatisticsRoute() {
  usePublicLoad('statistics:code', async () => {
    await loadPage();
    return null;
  });
  return (
    <Suspense fallback={<Status loading />}>
      <StatisticsPage />
    </Suspense>
  );
}
