/**
 * operationOptions: a select whose options come from an operation. ui:options: operation, query,
 * body, valueField (default id), labelField (default name), multiple (or an array field) and
 * commaList (several values stored as 'a,b'). Data comes through the screen's DataSource, so stories
 * and tests run on fixtures.
 */
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
import {
  optionsFrom,
  selectedValues,
  storedValue,
  type OperationOptionsConfig,
  type SelectOption,
} from './option-rows.ts';

export default function OperationOptionsWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled, readonly, options, schema, placeholder } = props;
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const config = options as unknown as Partial<OperationOptionsConfig> & {
    multiple?: boolean;
    commaList?: boolean;
  };
  const multiple = Boolean(config.multiple) || schema.type === 'array';
  const commaList = Boolean(config.commaList);
  const [state, setState] = useState<{ key: string; options: SelectOption[]; failed: boolean }>();
  // Compared by value: the uiSchema is rebuilt on renders, the request stays the same.
  const requestKey = JSON.stringify([
    config.operation,
    config.query,
    config.body,
    config.valueField,
    config.labelField,
  ]);

  useEffect(() => {
    if (!config.operation) return;
    let current = true;
    const [operation, query, body, valueField, labelField] = JSON.parse(requestKey) as [
      string,
      object | undefined,
      unknown,
      string | undefined,
      string | undefined,
    ];
    dataSource(operation, { query, body }).then(
      (answer) =>
        current &&
        setState({ key: requestKey, options: optionsFrom(answer, valueField, labelField), failed: false }),
      // The api client has told the user why; the select stays empty.
      () => current && setState({ key: requestKey, options: [], failed: true }),
    );
    return () => {
      current = false;
    };
  }, [dataSource, requestKey, config.operation]);

  const loading = state?.key !== requestKey;
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      loading={loading}
      disabled={disabled || readonly}
      placeholder={placeholder || t('form.select')}
      notFoundContent={state?.failed ? t('form.optionsFailed') : undefined}
      options={state?.options ?? []}
      value={selectedValues(value, multiple, commaList) as string | string[] | undefined}
      onChange={(selected) => onChange(storedValue(selected, multiple, commaList))}
      onBlur={() => onBlur(id, value)}
    />
  );
}
