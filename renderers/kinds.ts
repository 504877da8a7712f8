/**
 * The registered screen kinds. Each loads on first use, so a page pulls in only the kinds it shows.
 * form, detail, tree, tabs, wizard and selector are added here as they are built.
 */
import { lazy } from 'react';
import { registerScreenKind, registeredScreenKinds } from './registry.ts';

if (!registeredScreenKinds().includes('list')) {
  registerScreenKind(
    'list',
    lazy(() => import('./list/ListScreen.tsx')),
  );
}
