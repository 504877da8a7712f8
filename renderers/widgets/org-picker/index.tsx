/**
 * `ui:widget: orgPicker` on a string field (the organisation id). ui:options: `screen` (another
 * picker screen), `lookup` (operation naming ids; default org.transfer).
 */
import type { WidgetProps } from '@rjsf/utils';
import { OrgPicker } from './OrgPicker.tsx';

export default function OrgPickerWidget({
  id,
  value,
  onChange,
  readonly,
  disabled,
  options,
  schema,
}: WidgetProps) {
  return (
    <OrgPicker
      id={id}
      value={value}
      // rjsf treats undefined as "no value"; the id or the organisation otherwise, by the field's type.
      onChange={onChange}
      readOnly={readonly || disabled}
      valueType={schema.type === 'object' ? 'object' : 'id'}
      screen={typeof options.screen === 'string' ? options.screen : undefined}
      lookup={typeof options.lookup === 'string' ? options.lookup : undefined}
    />
  );
}
