/** The product's list screens as the app shows them (schemas/screens), over fixture data. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenRenderer } from '../ScreenRenderer.tsx';

const meta: Meta<typeof ScreenRenderer> = {
  title: 'Product screens/lists',
  component: ScreenRenderer,
};
export default meta;
type Story = StoryObj<typeof ScreenRenderer>;

/** employee-list.yaml: add, remove, activate, disable, reset password, switch user; edit per row. */
export const EmployeeList: Story = { args: { name: 'employee-list' } };

/** tenant-list.yaml: approve or refuse (batch), remove, create or drop the data space. */
export const TenantList: Story = { args: { name: 'tenant-list' } };
