/** The environment dialog: a configured environment or a custom address (OK disabled while empty). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { apiAddressAtom } from '../api/api-address.ts';
import EnvironmentDialog from './EnvironmentDialog.tsx';

function Demo({ baseUrl, singleApp }: { baseUrl: string; singleApp: boolean }) {
  const [store] = useState(() => {
    const s = createStore();
    s.set(apiAddressAtom, { baseUrl, singleApp });
    return s;
  });
  return (
    <Provider store={store}>
      <EnvironmentDialog open onClose={() => undefined} onSwitched={() => undefined} />
    </Provider>
  );
}

const meta: Meta<typeof Demo> = {
  title: 'Shell/Environment dialog',
  component: Demo,
  args: { baseUrl: '/api', singleApp: true },
};
export default meta;
type Story = StoryObj<typeof Demo>;

export const ThisServer: Story = {};
/** A custom address in use: the custom choice is preselected with it. */
export const CustomAddress: Story = { args: { baseUrl: 'https://test.example.cn/api', singleApp: false } };
