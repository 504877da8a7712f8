/**
 * operationOptions: a select whose options come from an operation. ui:options: operation, query,
 * body, paramQuery (query keys taken from the screen's params, e.g. `{ id: id }`), valueField
 * (default id), labelField (default name), multiple (or an array field) and commaList (several
 * values stored as 'a,b'). Data comes through the screen's DataSource, so stories
 * and tests run on fixtures.
 */
import { useMemo } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../environment/useOperation.ts';
import { useScreenContext } from '../../screen-context.tsx';
import {
  optionsFrom,
  queryWithParams,
  selectedValues,
  storedValue,
  type OperationOptionsConfig,
} from './option-rows.ts';

export default function OperationOptionsWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled, readonly, options, schema, placeholder } = props;
  const { t } = useTranslation();
  const config = options as unknown as Partial<OperationOptionsConfig> & {
    multiple?: boolean;
    commaList?: boolean;
  };
  const multiple = Boolean(config.multiple) || schema.type === 'array';
  const commaList = Boolean(config.commaList);
  const { params } = useScreenContext();
  const query = queryWithParams(config.query, config.paramQuery, params);
  const answer = useOperation(config.operation, { query, body: config.body });
  const choices = useMemo(
    () => optionsFrom(answer.data, config.valueField, config.labelField),
    [answer.data, config.valueField, config.labelField],
  );
  // A failure: the api client has told the user why; the select stays empty.
  const failed = answer.error !== undefined;

  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      loading={answer.loading}
      disabled={disabled || readonly}
      placeholder={placeholder || t('form.select')}
      notFoundContent={failed ? t('form.optionsFailed') : undefined}
      options={failed ? [] : choices}
      value={selectedValues(value, multiple, commaList) as string | string[] | undefined}
      onChange={(selected) => onChange(storedValue(selected, multiple, commaList))}
      onBlur={() => onBlur(id, value)}
    />
  );
}
