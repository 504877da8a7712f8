/**
 * rjsf's Form with the antd theme's templates and only the antd widgets forms use: importing the
 * whole theme would also bring the slider (range) and the alt-date selects. The date widgets load
 * with the first date field (form-widgets.ts), so the date picker is not part of every form.
 */
import { withTheme } from '@rjsf/core';
import { generateTemplates } from '@rjsf/antd/lib/templates/index.js';
import CheckboxWidget from '@rjsf/antd/lib/widgets/CheckboxWidget/index.js';
import CheckboxesWidget from '@rjsf/antd/lib/widgets/CheckboxesWidget/index.js';
import PasswordWidget from '@rjsf/antd/lib/widgets/PasswordWidget/index.js';
import RadioWidget from '@rjsf/antd/lib/widgets/RadioWidget/index.js';
import SelectWidget from '@rjsf/antd/lib/widgets/SelectWidget/index.js';
import TextareaWidget from '@rjsf/antd/lib/widgets/TextareaWidget/index.js';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { FieldTemplate, ObjectFieldTemplate, WidgetField } from './templates.tsx';

/** The antd theme's widgets by rjsf's component names (the rest are rjsf core's own). */
export const THEME_WIDGETS = {
  CheckboxWidget,
  CheckboxesWidget,
  PasswordWidget,
  RadioWidget,
  SelectWidget,
  TextareaWidget,
} as RegistryWidgetsType;

export const RjsfForm = withTheme({
  templates: { ...generateTemplates(), FieldTemplate, ObjectFieldTemplate },
  widgets: THEME_WIDGETS,
  fields: { widgetField: WidgetField },
});
