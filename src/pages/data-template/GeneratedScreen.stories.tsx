/**
 * A data template's generated screens (issue 26): the 会议纪要 template's list, form and detail as
 * server/modules/data-templates/screens.ts generates them (version 0 of dt-meetingMinutes-*, texts inline
 * in the three languages: switch the language in the toolbar), drawn by the real screen renderer over
 * fixture rows. The form computes 总费用 as the values are typed and refuses a total over 100,000 with
 * the rule's message. The list also as a reader without the write grant sees it.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createFixtureDataSource } from '../../../renderers/fixtures/index.ts';
import { meetingMinutes } from '../../../renderers/fixtures/meeting-minutes.ts';
import { ScreenFixtures } from '../../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../../renderers/ScreenRenderer.tsx';
import type { ScreenDefinition } from '../../../renderers/screen-types.ts';
import { generateScreens, readOnlyView } from '../../../server/modules/data-templates/screens.ts';
import { isOperationId } from '../../api/call.ts';

const screens = generateScreens(meetingMinutes());
const APP_FACTS = { isOperation: isOperationId };
const ROWS = [
  { id: 'r1', title: '周例会', meetingDate: '2026-11-23', attendees: 12, costEach: 35.5, total: 426 },
  { id: 'r2', title: '审查组月度会', meetingDate: '2026-11-27', attendees: 30, costEach: 120, total: 3600 },
];
const DATA = createFixtureDataSource({
  overrides: {
    'dataTemplate.row.query': () => ({
      dataResult: ROWS,
      pageResult: { totalCount: ROWS.length, totalPages: 1, page: 1, limit: 20, totalExact: true },
    }),
    'dataTemplate.row.get': () => ROWS[0],
    'dataTemplate.row.save': (request) => ({ id: 'r3', ...(request.body as { values: object }).values }),
    'dataTemplate.row.remove': () => ({ removed: 1 }),
  },
});

function Generated({
  name,
  screen,
  params,
}: {
  name: string;
  screen: unknown;
  params?: Record<string, unknown>;
}) {
  return (
    <ScreenFixtures dataSource={DATA} environment={APP_FACTS} withDialogHost={false}>
      <ScreenRenderer name={name} screen={screen as ScreenDefinition} params={params} />
    </ScreenFixtures>
  );
}

const meta: Meta<typeof Generated> = {
  title: 'Data templates/会议纪要 (generated)',
  component: Generated,
};
export default meta;
type Story = StoryObj<typeof Generated>;

/** dt-meetingMinutes-list: search by title, add, remove, edit per row (a holder of the write grant). */
export const List: Story = { args: { name: 'dt-meetingMinutes-list', screen: screens.list } };

/** The same list for a reader without the write grant: no button that writes, no selection. */
export const ListReadOnly: Story = {
  args: { name: 'dt-meetingMinutes-list', screen: readOnlyView(screens.list) },
};

/** dt-meetingMinutes-form, a new row: type 参会人数 and 人均费用 and see 总费用; over 100,000 is refused. */
export const Form: Story = { args: { name: 'dt-meetingMinutes-form', screen: screens.form } };

/** dt-meetingMinutes-detail of one row. */
export const Detail: Story = {
  args: { name: 'dt-meetingMinutes-detail', screen: screens.detail, params: { id: 'r1' } },
};
