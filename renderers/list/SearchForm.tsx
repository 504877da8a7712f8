/** The search form of a list: one input per field, search and reset. */
import { Button, Form, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SearchValues } from './list-request.ts';
import type { SearchField } from './list-types.ts';
import { searchWidget } from './search-widgets.tsx';

export interface SearchFormProps {
  fields: readonly SearchField[];
  onSearch(values: SearchValues): void;
  onReset(): void;
  loading?: boolean;
}

export function SearchForm({ fields, onSearch, onReset, loading }: SearchFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchValues>();
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={onSearch}
      style={{ marginBottom: 16, rowGap: 8 }}
      role="search"
    >
      {fields.map((field) => (
        <Form.Item key={field.field} name={field.field} label={t(field.label)}>
          {searchWidget(field, t)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
            {t('list.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t('list.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
