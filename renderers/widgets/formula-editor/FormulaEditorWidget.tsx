/**
 * formulaEditor: a string field edited with the formula editor. The fields the formula may name come
 * from ui:options: `fields` (a list of { key, type, label?, columns? } written in the screen), or
 * `fieldsFrom`, the name of a sibling field of the form that holds such a list (a data template's own
 * field definitions, say).
 */
import type { WidgetProps } from '@rjsf/utils';
import type { FormulaField } from '../../../schemas/formulas/index.ts';
import type { FormTemplateContext } from '../../form/templates.tsx';
import { FormulaEditor } from './FormulaEditor.tsx';

const NO_FIELDS: FormulaField[] = [];

function isField(value: unknown): value is FormulaField {
  const field = value as Partial<FormulaField> | null;
  return typeof field?.key === 'string' && typeof field.type === 'string';
}

/** The fields named by the widget's options, as far as they have the shape of fields. */
export function widgetFields(
  options: WidgetProps['options'],
  formData: Record<string, unknown> | undefined,
): FormulaField[] {
  const from = typeof options.fieldsFrom === 'string' ? formData?.[options.fieldsFrom] : options.fields;
  return Array.isArray(from) ? from.filter(isField) : NO_FIELDS;
}

export default function FormulaEditorWidget({
  id,
  value,
  onChange,
  options,
  disabled,
  readonly,
  registry,
}: WidgetProps) {
  const formData = (registry.formContext as FormTemplateContext | undefined)?.formData;
  return (
    <FormulaEditor
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(text) => onChange(text === '' ? undefined : text)}
      fields={widgetFields(options, formData)}
      disabled={disabled}
      readOnly={readonly}
    />
  );
}
