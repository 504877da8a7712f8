/**
 * The form widgets: rjsf's standard ones under their usual names (antd theme where it has one) and
 * ours — photoUpload, icon, colour, ynSwitch, operationOptions, searchSelect, smsCode. Imported by the form kind
 * only, so a list screen never loads rjsf; each of our widgets' code loads when a form first shows it.
 */
import type { ComponentType } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';
import { lazyWidget } from '../form/lazy-widget.tsx';
import { THEME_WIDGETS } from '../form/rjsf-form.ts';
import { registerWidget, widgetComponent, type WidgetComponent } from './registry.ts';
import './selector-widgets.ts';
import './formula-editor/register.ts';

/** rjsf's names (`ui:widget: password`) → the component rjsf itself would pick for them. */
const STANDARD: Record<string, string> = {
  text: 'TextWidget',
  password: 'PasswordWidget',
  email: 'EmailWidget',
  url: 'URLWidget',
  textarea: 'TextareaWidget',
  select: 'SelectWidget',
  radio: 'RadioWidget',
  checkbox: 'CheckboxWidget',
  checkboxes: 'CheckboxesWidget',
  updown: 'UpDownWidget',
  range: 'RangeWidget',
  hidden: 'HiddenWidget',
};

/** antd's date pickers are a tenth of a form's code: they load with the first date field. */
const DATE_WIDGETS: Record<string, () => Promise<{ default: ComponentType<WidgetProps> }>> = {
  date: () =>
    import('@rjsf/antd/lib/widgets/DateWidget/index.js') as Promise<{ default: ComponentType<WidgetProps> }>,
  datetime: () =>
    import('@rjsf/antd/lib/widgets/DateTimeWidget/index.js') as Promise<{
      default: ComponentType<WidgetProps>;
    }>,
};

export const FORM_WIDGETS: Record<string, () => Promise<{ default: ComponentType<WidgetProps> }>> = {
  photoUpload: () => import('./photo-upload/PhotoUploadWidget.tsx'),
  attachmentSelector: () => import('./attachment-selector/AttachmentSelectorWidget.tsx'),
  // Tiptap (and ProseMirror) only for the message compose screen.
  richText: () => import('./rich-text/RichTextWidget.tsx'),
  icon: () => import('./icon/IconWidget.tsx'),
  colour: () => import('./colour/ColourWidget.tsx'),
  ynSwitch: () => import('./yn-switch/YnSwitchWidget.tsx'),
  operationOptions: () => import('./operation-options/OperationOptionsWidget.tsx'),
  searchSelect: () => import('./search-select/SearchSelectWidget.tsx'),
  smsCode: () => import('../wizard/sms-code/SmsCodeWidget.tsx'),
};

const themed = { ...getDefaultRegistry().widgets, ...THEME_WIDGETS } as Record<string, WidgetComponent>;
for (const [name, component] of Object.entries(STANDARD)) {
  if (!widgetComponent(name) && themed[component]) registerWidget(name, themed[component]);
}
for (const [name, load] of Object.entries({ ...DATE_WIDGETS, ...FORM_WIDGETS })) {
  if (!widgetComponent(name)) registerWidget(name, lazyWidget(load));
}
