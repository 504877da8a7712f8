/** The error log table (time, message, url, component), as the dialog and the log page show it. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ErrorLogTable } from './ErrorLogTable.tsx';
import type { ErrorLogEntry } from './error-log-store.ts';

const entry = (
  i: number,
  type: ErrorLogEntry['type'],
  message: string,
  component?: string,
): ErrorLogEntry => ({
  id: String(i),
  message,
  type,
  time: `2026-03-15 10:0${i}:00`,
  component,
  meta: { user: 'admin', uuid: 'b-1', url: 'http://localhost/system/employeeList?access_token=***' },
});

const meta: Meta<typeof ErrorLogTable> = {
  title: 'Shell/Error log table',
  component: ErrorLogTable,
  args: {
    entries: [
      entry(1, 'error', "Cannot read properties of undefined (reading 'name')"),
      entry(2, 'promise', '网络繁忙或服务器出现问题，请稍后重试'),
      entry(3, 'react', 'Minified React error #31', 'EmployeeList'),
      entry(4, 'resource', 'script failed to load: http://localhost/assets/ListScreen-x.js'),
    ],
  },
};
export default meta;
type Story = StoryObj<typeof ErrorLogTable>;

export const FourErrors: Story = {};
