/**
 * Action buttons with their conditions and the selection rules: pick rows below and press the
 * buttons; the fixture data source answers the calls, messages show what the user would see.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox, Divider, Space, Typography } from 'antd';
import { useState } from 'react';
import { EMPLOYEES } from '../fixtures/employees.ts';
import { ActionButtons } from './ActionButtons.tsx';
import type { ActionDefinition } from './registry.ts';

const TOOLBAR: ActionDefinition[] = [
  {
    type: 'dialog',
    label: 'action.view',
    icon: 'EyeOutlined',
    primary: true,
    selection: 'single',
    screen: 'message-detail',
    params: { id: "'m1'" },
  },
  {
    type: 'drawer',
    label: 'message.detail.title',
    icon: 'EyeOutlined',
    screen: 'message-detail',
    params: { id: "'m3'", embedded: true },
  },
  {
    type: 'api',
    label: 'action.remove',
    icon: 'DeleteOutlined',
    danger: true,
    selection: 'multiple',
    confirm: 'action.confirmRemove',
    operation: 'employee.remove',
    query: { ids: 'selection.id' },
    success: 'action.removeSuccess',
  },
  {
    type: 'api',
    label: 'action.activate',
    icon: 'CheckOutlined',
    selection: 'multiple',
    disabled: "'actived' in selection.status",
    operation: 'employee.active',
    query: { ids: 'selection.id' },
  },
  {
    type: 'session.switchUser',
    label: 'action.switchUser',
    icon: 'UserSwitchOutlined',
    selection: 'single',
    visible: 'session.isSuper',
  },
  {
    type: 'download',
    label: 'action.download',
    icon: 'DownloadOutlined',
    operation: 'fldFile.download',
    query: { attachmentId: "'a1'" },
    fileName: "'自查清单'",
    ext: "'txt'",
  },
  { type: 'refresh', label: 'action.refresh', icon: 'ReloadOutlined' },
  { type: 'no.such.action', label: 'action.close' },
];

function Demo({ actions }: { actions: ActionDefinition[] }) {
  const rows = EMPLOYEES.slice(0, 4);
  const [selected, setSelected] = useState<string[]>([]);
  const [refreshed, setRefreshed] = useState(0);
  const selection = rows.filter((row) => selected.includes(String(row.id)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ActionButtons actions={actions} input={{ selection, refresh: () => setRefreshed((n) => n + 1) }} />
      <Checkbox.Group
        value={selected}
        onChange={(values) => setSelected(values as string[])}
        options={rows.map((row) => ({ value: String(row.id), label: `${row.name} (${row.status})` }))}
      />
      <Typography.Text type="secondary">refreshed {refreshed}×</Typography.Text>
      <Divider>row</Divider>
      {rows.map((row) => (
        <Space key={String(row.id)}>
          <span style={{ width: 80, display: 'inline-block' }}>{String(row.name)}</span>
          <ActionButtons
            variant="row"
            actions={[
              {
                type: 'api',
                label: 'action.activate',
                disabled: "record.status == 'actived'",
                operation: 'employee.active',
                query: { ids: 'record.id' },
              },
              {
                type: 'api',
                label: 'action.disable',
                visible: "record.status in ['actived', 'locked']",
                operation: 'employee.disable',
                query: { ids: 'record.id' },
              },
            ]}
            input={{ record: row }}
          />
        </Space>
      ))}
      <Divider>footer</Divider>
      <ActionButtons
        variant="footer"
        actions={[
          { type: 'close', label: 'action.close' },
          { type: 'refresh', label: 'action.refresh', primary: true },
        ]}
      />
    </Space>
  );
}

const meta: Meta<typeof Demo> = { title: 'Actions/buttons', component: Demo, args: { actions: TOOLBAR } };
export default meta;

/** Each built-in, a domain action, and an unknown one ('invalid operation'). */
export const Toolbar: StoryObj<typeof Demo> = {};
