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
if (!registeredScreenKinds().includes('detail'))
  registerScreenKind(
    'detail',
    lazy(() => import('./detail/DetailScreen.tsx')),
  );
if (!registeredScreenKinds().includes('tree'))
  registerScreenKind(
    'tree',
    lazy(() => import('./tree/TreeScreen.tsx')),
  );
if (!registeredScreenKinds().includes('selector'))
  registerScreenKind(
    'selector',
    lazy(() => import('./selectors/SelectorScreen.tsx')),
  );
if (!registeredScreenKinds().includes('form'))
  registerScreenKind(
    'form',
    lazy(() => import('./form/FormScreen.tsx')),
  );
if (!registeredScreenKinds().includes('tabs'))
  registerScreenKind(
    'tabs',
    lazy(() => import('./tabs/TabsScreen.tsx')),
  );
if (!registeredScreenKinds().includes('wizard'))
  registerScreenKind(
    'wizard',
    lazy(() => import('./wizard/WizardScreen.tsx')),
  );
if (!registeredScreenKinds().includes('calendar'))
  registerScreenKind(
    'calendar',
    lazy(() => import('./calendar/CalendarScreen.tsx')),
  );
