/**
 * Form widgets by name, as a screen's `ui:widget` names them. rjsf's antd theme supplies the standard
 * ones; ours (organisation picker, user-group selector, photo upload…) register here, each loading
 * on first use so a list screen never pulls in form code.
 */
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';

export type WidgetComponent = ComponentType<WidgetProps>;

const widgets = new Map<string, WidgetComponent>();

/** Names reserved for capabilities that are not built yet: a schema may not use them. */
export const RESERVED_WIDGETS = ['attachmentSelector', 'filePreview'] as const;

export function registerWidget(name: string, component: WidgetComponent): void {
  if (widgets.has(name)) throw new Error(`Widget "${name}" is registered twice`);
  widgets.set(name, component);
}

export function widgetComponent(name: string): WidgetComponent | undefined {
  return widgets.get(name);
}

/** For rjsf's `widgets` prop. */
export function allWidgets(): Record<string, WidgetComponent> {
  return Object.fromEntries(widgets);
}

export function registeredWidgets(): string[] {
  return [...widgets.keys()].sort();
}
