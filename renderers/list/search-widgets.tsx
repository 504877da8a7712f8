/** One input per search field type (spec §2). A new type is one entry here and one in the request conversion. */
import type { ReactNode } from 'react';
// The input alone: antd's `Input` export carries TextArea, Search and Password along.
import Input from 'antd/es/input/Input';
import type { TFunction } from 'i18next';
import { LazyDatePicker } from './LazyDatePicker.tsx';
import Select from './LazySelect.tsx';
import { LazyInputNumber } from './LazyInputNumber.tsx';
import { toDayjsFormat } from './list-request.ts';
import type { SearchField, SearchFieldType } from './list-types.ts';
import { useOptionSource } from './useOptionSource.ts';

type Widget = (field: SearchField, t: TFunction) => ReactNode;

const WIDTH = { width: 180 };

/** Form.Item hands value and onChange down to its child; this passes them on to the Select. */
function SourcedSelect({ field, t, ...rest }: { field: SearchField; t: TFunction }) {
  const loaded = useOptionSource(field.optionSource);
  return (
    <Select
      {...rest}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loaded === undefined}
      mode={field.multiple ? 'multiple' : undefined}
      placeholder={t(field.label)}
      style={WIDTH}
      options={loaded ?? []}
    />
  );
}

const widgets: Record<SearchFieldType, Widget> = {
  STRING: (field, t) => <Input allowClear placeholder={t(field.label)} style={WIDTH} />,
  INT: (field, t) => <LazyInputNumber precision={0} placeholder={t(field.label)} style={WIDTH} />,
  DOUBLE: (field, t) => <LazyInputNumber placeholder={t(field.label)} style={WIDTH} />,
  BOOLEAN: (field, t) => (
    <Select
      allowClear
      placeholder={t(field.label)}
      style={WIDTH}
      options={[
        { value: 'Y', label: t('common.yes') },
        { value: 'N', label: t('common.no') },
      ]}
    />
  ),
  OPTION: (field, t) =>
    field.optionSource && !field.options ? (
      <SourcedSelect field={field} t={t} />
    ) : (
      <Select
        allowClear
        mode={field.multiple ? 'multiple' : undefined}
        placeholder={t(field.label)}
        style={WIDTH}
        options={(field.options ?? []).map((o) => ({ value: o.value as string | number, label: t(o.label) }))}
      />
    ),
  DATE: (field, t) => (
    <LazyDatePicker
      format={toDayjsFormat(field.format ?? 'yyyy-MM-dd')}
      placeholder={t(field.label)}
      style={WIDTH}
    />
  ),
};

export function searchWidget(field: SearchField, t: TFunction): ReactNode {
  return (widgets[field.type] ?? widgets.STRING)(field, t);
}
