/**
 * The wizard kind on the change-mobile dialog. With the fixtures, the current phone is 13800000001
 * and every SMS code is 123456; any captcha answer is accepted.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenRenderer } from '../ScreenRenderer.tsx';

const meta: Meta<typeof ScreenRenderer> = {
  title: 'Screen kinds/wizard',
  component: ScreenRenderer,
  args: { name: 'change-mobile', frame: 'dialog', close: () => undefined },
};
export default meta;
type Story = StoryObj<typeof ScreenRenderer>;

/** Verify identity, bind the new phone, success. Another phone than 13800000001 gives 原手机号不匹配. */
export const ChangeMobile: Story = {};
