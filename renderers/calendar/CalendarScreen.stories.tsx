/** The calendar kind: review-calendar.yaml over the fixture holidays (click a day to add or remove it). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenRenderer } from '../ScreenRenderer.tsx';
import { WithFixtures } from '../selectors/story-support.tsx';

const meta: Meta<typeof ScreenRenderer> = {
  title: 'Screen kinds/calendar',
  component: ScreenRenderer,
  args: { name: 'review-calendar', params: { year: 2026 } },
};
export default meta;

type Story = StoryObj<typeof ScreenRenderer>;

/** 2026 with New Year, part of the Spring Festival and two working weekends; switch years above. */
export const HolidayCalendar: Story = {
  render: (args) => (
    <WithFixtures>
      <ScreenRenderer {...args} />
    </WithFixtures>
  ),
};

/** A year nobody has entered yet: only weekends are marked. */
export const EmptyYear: Story = {
  render: (args) => (
    <WithFixtures overrides={{ 'filing.calendar.query': () => ({ days: [] }) }}>
      <ScreenRenderer {...args} />
    </WithFixtures>
  ),
};

/** The year answers after a second: the previous year's marks stay until the new ones arrive. */
export const SlowServer: Story = {
  render: (args) => (
    <WithFixtures delayMs={1000}>
      <ScreenRenderer {...args} />
    </WithFixtures>
  ),
};
