/**
 * `ui:widget: searchSelect`: one record chosen by typing part of it, searched on the server — for lists
 * too long (or too private) to load whole, such as the enterprises a filer may invite. The operation is
 * called with the typed text as one query parameter and answers a list (or a page's `dataResult`);
 * nothing is asked before `minChars` characters, and a pause in typing is one call. The field keeps the
 * chosen row's value. ui:options: `operation` (required), `searchKey` (default keyword), `minChars`
 * (default 2), `valueField` (default id), `labelField` (default name), `detailField` (shown after the
 * label in brackets, e.g. the 统一社会信用代码).
 */
import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
import { useLoad } from '../../environment/use-load.ts';
import { searchOptionsOf, type SearchSelectConfig, type SearchOption } from './search-options.ts';

export default function SearchSelectWidget({
  id,
  value,
  onChange,
  onBlur,
  readonly,
  disabled,
  options,
  placeholder,
}: WidgetProps) {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const config = options as unknown as SearchSelectConfig;
  const searchKey = config.searchKey ?? 'keyword';
  const minChars = config.minChars ?? 2;

  const [text, setText] = useState('');
  // What was typed, once typing paused: a name typed quickly is one call.
  const [words, setWords] = useState('');
  useEffect(() => {
    const typed = text.trim();
    const timer = setTimeout(() => setWords(typed), typed ? 300 : 0);
    return () => clearTimeout(timer);
  }, [text]);
  const enough = [...words].length >= minChars;

  const search = useLoad(enough ? JSON.stringify([config.operation, searchKey, words]) : null, (signal) =>
    dataSource(config.operation, { query: { [searchKey]: words }, signal }).then((answer) =>
      searchOptionsOf(answer, config),
    ),
  );
  // The chosen row stays named after the results change.
  const [chosen, setChosen] = useState<SearchOption>();
  const found = useMemo(() => (enough ? (search.data ?? []) : []), [enough, search.data]);
  const choices = useMemo(() => {
    const shown = new Map<string, SearchOption>();
    const current = typeof value === 'string' && value ? value : undefined;
    if (current) shown.set(current, chosen?.value === current ? chosen : { value: current, label: current });
    for (const o of found) shown.set(o.value, o);
    return [...shown.values()];
  }, [value, chosen, found]);

  const typedEnough = [...text.trim()].length >= minChars;
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      showSearch
      allowClear
      filterOption={false}
      searchValue={text}
      onSearch={setText}
      disabled={disabled || readonly}
      placeholder={placeholder || t('form.searchSelect.placeholder', { count: minChars })}
      loading={search.loading}
      notFoundContent={
        search.loading ? (
          <Spin size="small" />
        ) : !typedEnough ? (
          t('form.searchSelect.typeMore', { count: minChars })
        ) : search.error !== undefined ? (
          t('form.optionsFailed')
        ) : (
          t('form.searchSelect.none')
        )
      }
      options={choices}
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(picked: string | undefined) => {
        setChosen(found.find((o) => o.value === picked));
        onChange(picked || undefined);
      }}
      onBlur={() => onBlur(id, value)}
      data-testid="search-select"
    />
  );
}
