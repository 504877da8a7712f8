/** The tabs kind on the full-screen employee dialog: six tabs, one save. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenRenderer } from '../ScreenRenderer.tsx';

const meta: Meta<typeof ScreenRenderer> = {
  title: 'Screen kinds/tabs',
  component: ScreenRenderer,
  args: { name: 'employee-dialog', frame: 'dialog', close: () => undefined },
};
export default meta;
type Story = StoryObj<typeof ScreenRenderer>;

/** A new employee. Save on another tab with basic info empty: back to the basic tab with the save error. */
export const NewEmployee: Story = {};

/** An existing employee: every tab filled from employee.load; activate, disable and reset password. */
export const EditEmployee: Story = { args: { params: { id: 'e1' } } };

/** Read-only: no save. */
export const ReadOnly: Story = { args: { params: { id: 'e1', readonly: true } } };
