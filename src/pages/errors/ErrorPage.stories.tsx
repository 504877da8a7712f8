/** The error pages: 401, 403, 404, 500 and /nomenu, each with its text and the way home. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import ErrorPage from './ErrorPage.tsx';
import type { ErrorPageCode } from './error-codes.ts';

function Demo({ code }: { code: ErrorPageCode }) {
  return (
    <MemoryRouter initialEntries={[`/${code}`]}>
      <ErrorPage code={code} />
    </MemoryRouter>
  );
}

const meta: Meta<typeof Demo> = { title: 'Shell/Error pages', component: Demo, args: { code: '404' } };
export default meta;
type Story = StoryObj<typeof Demo>;

export const NotFound: Story = {};
export const Unauthorized: Story = { args: { code: '401' } };
export const Forbidden: Story = { args: { code: '403' } };
export const ServerError: Story = { args: { code: '500' } };
export const NoMenu: Story = { args: { code: 'nomenu' } };
