/** The list kind: search, toolbar, row actions, paging and sorting over fixture data. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { STAFF_SESSION, ScreenFixtures } from '../fixtures/ScreenFixtures.tsx';
import { createFixtureDataSource, listPage, type FixtureMap } from '../fixtures/index.ts';
import { ScreenRenderer } from '../ScreenRenderer.tsx';
import type { ListScreenDefinition } from './list-types.ts';

/** A data source of its own per story (the preview gives the default one). */
function Fixtures({
  overrides,
  delayMs,
  children,
}: {
  overrides?: FixtureMap;
  delayMs?: number;
  children: React.ReactNode;
}) {
  const [dataSource] = useState(() => createFixtureDataSource({ overrides, delayMs }));
  return (
    <ScreenFixtures dataSource={dataSource} withDialogHost={false}>
      {children}
    </ScreenFixtures>
  );
}

const ALL_FORMATTERS: ListScreenDefinition = {
  kind: 'list',
  title: 'tenant.list.title',
  operation: 'saas.tenant.query',
  selection: 'single',
  search: {
    fields: [
      { field: 'name', label: 'tenant.field.name', type: 'STRING' },
      { field: 'size', label: 'tenant.field.scale', type: 'INT' },
      { field: 'ratio', label: 'tenant.field.scale', type: 'DOUBLE' },
      { field: 'public', label: 'message.field.isPublic', type: 'BOOLEAN' },
      {
        field: 'approveStatus',
        label: 'tenant.field.approveStatus',
        type: 'OPTION',
        multiple: true,
        options: [
          { value: 'WAIT', label: 'tenant.approveStatus.WAIT' },
          { value: 'PASSED', label: 'tenant.approveStatus.PASSED' },
        ],
      },
      { field: 'createTimeFrom', label: 'tenant.field.createTime', type: 'DATE' },
    ],
  },
  columns: [
    { field: 'name', title: 'tenant.field.name', formatter: 'truncate', width: 180, fixed: 'left' },
    {
      field: 'approveStatus',
      title: 'tenant.field.approveStatus',
      formatter: 'enum',
      options: [
        { value: 'WAIT', label: 'tenant.approveStatus.WAIT', color: 'gold' },
        { value: 'PASSED', label: 'tenant.approveStatus.PASSED', color: 'green' },
        { value: 'REFUSED', label: 'tenant.approveStatus.REFUSED', color: 'red' },
      ],
    },
    { field: 'createTime', title: 'tenant.field.createTime', formatter: 'date' },
    { field: 'createTime', title: 'tenant.field.createTime', formatter: 'datetime', sortable: true },
    { field: 'createTime', title: 'tenant.field.createTime', formatter: 'relative' },
    { field: 'bytes', title: 'tenant.field.scale', formatter: 'number' },
    { field: 'isPublic', title: 'message.field.isPublic', formatter: 'yesno' },
  ],
};

const meta: Meta<typeof ScreenRenderer> = {
  title: 'Screen kinds/list',
  component: ScreenRenderer,
  args: { name: 'employee-list' },
};
export default meta;
type Story = StoryObj<typeof ScreenRenderer>;

/** The employee list as an administrator sees it: every toolbar button, an edit link per row. */
export const EmployeeList: Story = {};

/** The same list for someone who is not an administrator: the buttons are hidden by `visible`. */
export const AsStaff: Story = {
  render: (args) => (
    <ScreenFixtures session={STAFF_SESSION} withDialogHost={false}>
      <ScreenRenderer {...args} />
    </ScreenFixtures>
  ),
};

/** Every search field type and every column formatter. */
export const AllFieldTypesAndFormatters: Story = {
  args: { name: 'formatters', screen: ALL_FORMATTERS },
  render: (args) => (
    <Fixtures
      overrides={{
        'saas.tenant.query': (request) =>
          listPage(
            Array.from({ length: 23 }, (_, i) => ({
              id: `t${i}`,
              name: `第${i + 1}个名字很长很长的测试租户有限公司`,
              approveStatus: ['WAIT', 'PASSED', 'REFUSED'][i % 3],
              createTime: new Date(Date.now() - i ** 4 * 60_000).toISOString(),
              bytes: 37 ** (i % 12),
              isPublic: i % 2 ? 'Y' : 'N',
            })),
            request,
          ),
      }}
    >
      <ScreenRenderer {...args} />
    </Fixtures>
  ),
};

/** 10,000 rows on one page: only the rows in view are drawn, so it opens and scrolls smoothly. */
export const TenThousandRows: Story = {
  args: {
    name: 'big',
    screen: {
      kind: 'list',
      title: 'employee.list.title',
      operation: 'employee.query',
      defaultPageSize: 10_000,
      pageSizes: [100, 1000, 10_000],
      selection: 'multiple',
      columns: [
        { field: 'account', title: 'employee.field.account', width: 160 },
        { field: 'name', title: 'employee.field.name', width: 160 },
        { field: 'createTime', title: 'employee.field.createTime', formatter: 'datetime', width: 200 },
      ],
    },
  },
  render: (args) => (
    <Fixtures
      overrides={{
        'employee.query': (request) =>
          listPage(
            Array.from({ length: 10_000 }, (_, i) => ({
              id: `e${i}`,
              account: `user${i}`,
              name: `员工${i}`,
              createTime: '2024-05-01 08:30:00',
            })),
            request,
          ),
      }}
    >
      <ScreenRenderer {...args} />
    </Fixtures>
  ),
};

/** The server answers after 1.5 s: the table shows its loading state. */
export const SlowServer: Story = {
  render: (args) => (
    <Fixtures delayMs={1500}>
      <ScreenRenderer {...args} />
    </Fixtures>
  ),
};

/** No rows at all. */
export const Empty: Story = {
  render: (args) => (
    <Fixtures overrides={{ 'employee.query': (request) => listPage([], request) }}>
      <ScreenRenderer {...args} />
    </Fixtures>
  ),
};

/** A broken screen (an action nobody registered): a readable panel instead of a crash. */
export const BrokenScreen: Story = {
  args: {
    name: 'broken',
    screen: {
      kind: 'list',
      operation: 'employee.query',
      columns: [{ field: 'name', title: 'employee.field.name' }],
      toolbar: [{ type: 'frobnicate', label: 'action.add' }],
    },
  },
};
