/** The diff view of two versions of a screen: a title changed, a column added, one removed, two moved. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { VersionDiff } from './VersionDiff.tsx';

const BEFORE = {
  kind: 'list',
  title: 'employee.list.title',
  operation: 'employee.query',
  columns: [
    { field: 'account', title: 'employee.field.account', width: 140 },
    { field: 'name', title: 'employee.field.name', width: 120 },
    { field: 'mobile', title: 'employee.field.mobile', width: 140 },
    { field: 'email', title: 'employee.field.email' },
  ],
};
const AFTER = {
  ...BEFORE,
  title: 'employee.list.titleAll',
  columns: [
    { field: 'name', title: 'employee.field.name', width: 160 },
    { field: 'account', title: 'employee.field.account', width: 140 },
    { field: 'mobile', title: 'employee.field.mobile', width: 140 },
    { field: 'orgName', title: 'employee.field.orgName' },
  ],
};

const meta: Meta<typeof VersionDiff> = {
  title: 'Pages/Screen configuration/Version diff',
  component: VersionDiff,
  args: { left: BEFORE, right: AFTER, leftLabel: '第 1 版', rightLabel: '第 2 版' },
};
export default meta;
type Story = StoryObj<typeof VersionDiff>;

export const ColumnsChanged: Story = {};

export const Same: Story = { args: { right: BEFORE } };
