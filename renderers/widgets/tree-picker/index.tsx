/**
 * `ui:widget: treePicker` on a string (one id) or an array of strings (several). ui:options:
 * `operation` (required: the tree operation), `parentParam`, `params`, `choosable` (expression over
 * `record`), `lookup` (operation naming ids, e.g. org.transfer), `placeholder` (translation key).
 */
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { TreePicker } from './TreePicker.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export default function TreePickerWidget({
  id,
  value,
  onChange,
  readonly,
  disabled,
  options,
  schema,
}: WidgetProps) {
  const { t } = useTranslation();
  const operation = text(options.operation);
  if (!operation) return <span role="alert">{t('tree.pickerMisconfigured')}</span>;
  const placeholder = text(options.placeholder);
  return (
    <TreePicker
      id={id}
      value={value}
      onChange={onChange}
      operation={operation}
      parentParam={text(options.parentParam)}
      params={
        options.params && typeof options.params === 'object'
          ? (options.params as Record<string, unknown>)
          : undefined
      }
      multiple={schema.type === 'array'}
      choosable={text(options.choosable)}
      lookup={text(options.lookup)}
      readOnly={readonly || disabled}
      placeholder={placeholder ? t(placeholder) : undefined}
    />
  );
}
