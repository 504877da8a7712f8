/**
 * Registers the picker and assignment widgets: orgPicker, userGroupSelector, treePicker,
 * postAssignment, roleAssignment, resourceGrant (what a role grants of a menu), alertSettings (message alerts per type), peopleSearch (people by name, searched on the server). Importing this module costs only the registrations; each widget's
 * code (and the trees and tables it draws) loads when a form first shows it, with the form's
 * placeholder in its place meanwhile. Form screens import it (through form-widgets.ts).
 */
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { lazyWidget } from '../form/lazy-widget.tsx';
import { registerWidget, widgetComponent } from './registry.ts';

export const SELECTOR_WIDGETS: Record<string, () => Promise<{ default: ComponentType<WidgetProps> }>> = {
  orgPicker: () => import('./org-picker/index.tsx'),
  userGroupSelector: () => import('./user-group-selector/index.tsx'),
  treePicker: () => import('./tree-picker/index.tsx'),
  postAssignment: () => import('./post-assignment/index.tsx'),
  roleAssignment: () => import('./role-assignment/index.tsx'),
  resourceGrant: () => import('./resource-grant/index.tsx'),
  alertSettings: () => import('./alert-settings/index.tsx'),
  peopleSearch: () => import('./people-search/index.tsx'),
};

for (const [name, load] of Object.entries(SELECTOR_WIDGETS)) {
  if (!widgetComponent(name)) registerWidget(name, lazyWidget(load));
}
