/**
 * The schema editor (issue 26) over an in-memory store of versions: the employee list as YAML beside
 * its live preview (fixture data), its versions to compare and restore, a draft to save and publish. The
 * super user of the stories may edit both the platform's versions and the tenant's override.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import employeeList from '../../../schemas/screens/employee-list.yaml';
import { memoryScreenConfigApi, type MemoryScreen } from './memory-screen-config-api.ts';
import ScreenConfigPage from './ScreenConfigPage.tsx';
import { ScreenConfigApiContext } from './screen-config-api.ts';
import { ScreenEditor } from './ScreenEditor.tsx';

type Content = Record<string, unknown>;
const FILE = employeeList as Content;
const columns = (FILE.columns as Content[]) ?? [];
/** Version 1 drops a column; the draft (version 2) adds a title-less one the check refuses. */
const V1: Content = { ...FILE, columns: columns.filter((column) => column.field !== 'email') };
const DRAFT: Content = { ...V1, columns: [...(V1.columns as Content[]), { field: 'createTime' }] };

const SCREENS: MemoryScreen[] = [
  {
    name: 'employee-list',
    file: FILE,
    platform: [
      {
        version: 1,
        state: 'PUBLISHED',
        author: '系统管理员',
        createdAt: '2026-05-01T08:00:00Z',
        note: '去掉邮箱列',
      },
      {
        version: 2,
        state: 'DRAFT',
        author: '系统管理员',
        createdAt: '2026-05-03T10:30:00Z',
        note: '加创建时间',
      },
    ],
    contents: { 'platform:1': V1, 'platform:2': DRAFT },
  },
];

function WithApi({ children }: { children: React.ReactNode }) {
  const api = useMemo(() => memoryScreenConfigApi(SCREENS), []);
  return <ScreenConfigApiContext.Provider value={api}>{children}</ScreenConfigApiContext.Provider>;
}

const meta: Meta<typeof ScreenEditor> = {
  title: 'Pages/Screen configuration/Editor',
  component: ScreenEditor,
  args: {
    name: 'employee-list',
    scopes: ['platform', 'tenant'],
    initialScope: 'platform',
    onBack: () => undefined,
  },
  decorators: [
    (Story) => (
      <WithApi>
        <Story />
      </WithApi>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof ScreenEditor>;

/** Opens on the platform's draft: check or publish it to see the check's problem on its line. */
export const PlatformDraft: Story = {};

/** The tenant has no override yet: the editor shows the platform's version, saving starts one. */
export const TenantWithoutOverride: Story = { args: { initialScope: 'tenant', scopes: ['tenant'] } };

/** The whole page: the list of screens first. */
export const Page: StoryObj = { render: () => <ScreenConfigPage /> };
