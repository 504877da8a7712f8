/**
 * The search form of a list: one input per field, search and reset. A plain form (not antd's Form,
 * about 25 KB gzip the list would load for nothing else): the values are kept here, each widget gets
 * id, value and onChange as Form.Item gave them, and Enter in an input submits as before.
 */
import { cloneElement, isValidElement, useState, type ReactElement } from 'react';
import { Button, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SearchValues } from './list-request.ts';
import type { SearchField } from './list-types.ts';
import { searchWidget } from './search-widgets.tsx';
import './search-form.css';

export interface SearchFormProps {
  fields: readonly SearchField[];
  onSearch(values: SearchValues): void;
  onReset(): void;
  loading?: boolean;
}

/** What a widget's onChange hands over: an input's change event, or the value itself. */
function valueOf(changed: unknown): unknown {
  if (changed && typeof changed === 'object' && 'target' in changed) {
    const target = (changed as { target: unknown }).target;
    if (target && typeof target === 'object' && 'value' in target)
      return (target as { value: unknown }).value;
  }
  return changed;
}

export function SearchForm({ fields, onSearch, onReset, loading }: SearchFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SearchValues>({});
  return (
    <form
      className="mf-list-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        // As antd's form handed them on: every field, unset ones undefined.
        onSearch(
          Object.fromEntries(fields.map((field) => [field.field, values[field.field]])) as SearchValues,
        );
      }}
    >
      {fields.map((field) => {
        const widget = searchWidget(field, t);
        const label = t(field.label);
        return (
          <div key={field.field} className="mf-list-search-item">
            <label htmlFor={field.field} title={label} className="mf-list-search-label">
              {label}
            </label>
            {isValidElement(widget)
              ? cloneElement(widget as ReactElement<Record<string, unknown>>, {
                  id: field.field,
                  value: values[field.field],
                  onChange: (changed: unknown) =>
                    setValues((current) => ({ ...current, [field.field]: valueOf(changed) })),
                })
              : widget}
          </div>
        );
      })}
      <div className="mf-list-search-item">
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
            {t('list.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              setValues({});
              onReset();
            }}
          >
            {t('list.reset')}
          </Button>
        </Space>
      </div>
    </form>
  );
}
