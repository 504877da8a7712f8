/** The search form of a list: one input per field type (spec §2), what Search hands on shown below. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { buildListRequest, type SearchValues } from './list-request.ts';
import type { SearchField } from './list-types.ts';
import { SearchForm } from './SearchForm.tsx';

const FIELDS: SearchField[] = [
  { field: 'name', label: 'employee.field.name', type: 'STRING' },
  { field: 'age', label: 'tenant.field.scale', type: 'INT' },
  { field: 'ratio', label: 'tenant.field.scale', type: 'DOUBLE' },
  { field: 'isSuper', label: 'message.field.isPublic', type: 'BOOLEAN' },
  {
    field: 'status',
    label: 'employee.field.status',
    type: 'OPTION',
    multiple: true,
    options: [
      { value: 'actived', label: 'employee.status.actived' },
      { value: 'locked', label: 'employee.status.locked' },
    ],
  },
  {
    field: 'tenantId',
    label: 'tenant.field.name',
    type: 'OPTION',
    optionSource: { operation: 'saas.tenant.query', valueField: 'id', labelField: 'name' },
  },
  { field: 'createTime', label: 'employee.field.createTime', type: 'DATE' },
  { field: 'month', label: 'employee.field.createTime', type: 'DATE', format: 'yyyy-MM' },
];

function Demo({ fields }: { fields: SearchField[] }) {
  const [values, setValues] = useState<SearchValues | null>(null);
  return (
    <>
      <SearchForm fields={fields} onSearch={setValues} onReset={() => setValues({})} />
      <pre data-testid="story-value" style={{ background: '#fafafa', padding: 8, fontSize: 12 }}>
        {values
          ? JSON.stringify(buildListRequest(fields, { values, page: 1, pageSize: 20, sorts: [] }), null, 2)
          : ''}
      </pre>
    </>
  );
}

const meta: Meta<typeof Demo> = { title: 'Widgets/search form', component: Demo, args: { fields: FIELDS } };
export default meta;

/** STRING, INT, DOUBLE, BOOLEAN (Y/N), OPTION (single, multiple, from an operation), DATE (two formats). */
export const EveryFieldType: StoryObj<typeof Demo> = {};
