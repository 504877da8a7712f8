/**
 * Hand-written pages a menu entry can open instead of a screen schema (`screen: page:<name>`).
 * Each loads on first use.
 */
import { lazy, type ComponentType } from 'react';

export const HAND_WRITTEN_PAGES: Record<string, ComponentType> = {
  log: lazy(() => import('../../error-log/ErrorLogPage.tsx')),
  dashboard: lazy(() => import('../../pages/DashboardPage.tsx')),
  agreement: lazy(() => import('./AgreementPage.tsx')),
  'review-dashboard': lazy(() => import('../../pages/review/ReviewDashboardPage.tsx')),
  'screen-config': lazy(() => import('../../pages/screen-config/ScreenConfigPage.tsx')),
  'data-template-designer': lazy(() => import('../../pages/data-template/DesignerPage.tsx')),
};
