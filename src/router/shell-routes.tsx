/**
 * The routes inside the shell (spec §2 'Main area'), as route objects: the shell renders them once
 * per open tab (each tab with its own location) to keep pages alive. Menu entries are matched by the
 * catch-all; the dashboard is the home.
 */
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';

const DashboardPage = lazy(() => import('../pages/DashboardPage.tsx'));
const ErrorLogPage = lazy(() => import('../error-log/ErrorLogPage.tsx'));
const RefreshPage = lazy(() => import('./RefreshPage.tsx'));
const RedirectPage = lazy(() => import('./RefreshPage.tsx').then((m) => ({ default: m.RedirectPage })));
const MenuRoutePage = lazy(() => import('../shell/pages/MenuRoutePage.tsx'));
const ScreenPage = lazy(() => import('../shell/pages/ScreenPage.tsx'));
const DataTemplatePage = lazy(() => import('../shell/pages/DataTemplatePage.tsx'));
const DataTemplateFormPage = lazy(() =>
  import('../shell/pages/DataTemplatePage.tsx').then((m) => ({ default: m.DataTemplateFormPage })),
);
const AgreementPage = lazy(() => import('../shell/pages/AgreementPage.tsx'));
const IframePage = lazy(() => import('../shell/pages/IframePage.tsx'));
const NotConfiguredPage = lazy(() => import('../shell/pages/NotConfiguredPage.tsx'));

export const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'log', element: <ErrorLogPage /> },
  { path: 'refresh', element: <RefreshPage /> },
  { path: 'redirect/*', element: <RedirectPage /> },
  // The clue list of the 'wyf' flavour: a screen when one is configured.
  { path: 'wyf', element: <ScreenPage name="clue-list" /> },
  { path: 'd/:id', element: <DataTemplatePage /> },
  { path: 'agreement', element: <AgreementPage /> },
  { path: 'platform/bpmn/form', element: <NotConfiguredPage whatKey="shellKit.page.bpmnForm" /> },
  { path: 'platform/dataTemplate/form', element: <DataTemplateFormPage /> },
  { path: 'demo/crud/list', element: <ScreenPage name="employee-list" /> },
  { path: 'demo/iframe-form/form', element: <IframePage /> },
  { path: 'demo/url/form', element: <IframePage /> },
  { path: '*', element: <MenuRoutePage /> },
];
