/** /{alias or name}: the screen of the menu entry with that route, drawn by the generic renderer. */
import { lazy } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useParams } from 'react-router-dom';
import { menusAtom } from '../session/atoms.ts';
import { findMenuEntryByRoute } from './menu-model.ts';

// The renderers (and the YAML parser they use) load only when a screen is opened.
const ScreenRenderer = lazy(() => import('../../renderers/ScreenRenderer.tsx'));

export default function MenuScreenPage() {
  const { routeName = '' } = useParams();
  const menus = useAtomValue(menusAtom) ?? [];
  const entry = findMenuEntryByRoute(menus, routeName);
  if (!entry?.screen) return <Navigate to="/404" replace />;
  // A new key per screen: a fresh controller state when moving between menu entries.
  return <ScreenRenderer key={entry.screen} name={entry.screen} />;
}
