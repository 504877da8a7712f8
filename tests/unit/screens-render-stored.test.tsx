/**
 * Stored screen versions (issue 26) are held to what the screen files are held to: each passes the
 * check a publish runs (server/modules/screen-config/check.ts, the build's per-screen check) and renders
 * with fixtures to its snapshotted outline. The versions: a configurator's employee list with a QQ column
 * and its title written inline, and the 会议纪要 data template's generated list, form and detail (version
 * 0 of dt-meetingMinutes-*), the list also as a reader without the write grant sees it.
 */
import { describe, expect, it } from 'vitest';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import type { ScreenDefinition } from '../../renderers/screen-types.ts';
import { asRendered, screenFile } from '../../server/modules/screen-config/files.ts';
import { screenProblems } from '../../server/modules/screen-config/check.ts';
import { generateScreens, readOnlyView } from '../../server/modules/data-templates/screens.ts';
import { meetingMinutes, text } from '../../renderers/fixtures/meeting-minutes.ts';
import { expectRenderedOutline, screenTestSetup } from './support/screen-render.tsx';

screenTestSetup();

const employeeList = screenFile('employee-list') as { columns: unknown[] };
const generated = generateScreens(meetingMinutes());
const STORED: Array<[string, Record<string, unknown>]> = [
  [
    'employee-list',
    {
      ...employeeList,
      title: text('员工名册', '員工名冊', 'Staff register'),
      columns: [...employeeList.columns, { field: 'qq', title: 'employeeForm.field.qq', width: 100 }],
    },
  ],
  ['dt-meetingMinutes-list', generated.list],
  ['dt-meetingMinutes-form', generated.form],
  ['dt-meetingMinutes-detail', generated.detail],
];

const ROW = { id: 'r1', title: '周会', meetingDate: '2026-11-30', attendees: 12, costEach: 35.5, total: 426 };
const withRows = () =>
  createFixtureDataSource({
    overrides: {
      'dataTemplate.row.query': () => ({
        dataResult: [ROW],
        pageResult: { totalCount: 1, totalPages: 1, page: 1, limit: 20, totalExact: true },
      }),
      'dataTemplate.row.get': () => ROW,
    },
  });

describe('stored screen versions', () => {
  it.each(STORED)('%s passes the publish check', (name, content) => {
    expect(screenProblems(name, content)).toEqual([]);
  });

  it.each(STORED)(
    '%s renders with fixtures; its outline as snapshotted',
    async (name, content) => {
      const definition = asRendered(content) as ScreenDefinition;
      await expectRenderedOutline(name, definition, { given: true, dataSource: withRows() });
    },
    30_000,
  );

  it('the generated list without the write grant: no button that writes', async () => {
    const list = readOnlyView(generated.list);
    expect(list.selection).toBe('none');
    expect(list.toolbar).toEqual([]);
    expect(list.rowActions).toEqual([]);
    await expectRenderedOutline('dt-meetingMinutes-list', list as ScreenDefinition, {
      given: true,
      dataSource: withRows(),
    });
  }, 30_000);

  it('an inline text missing a language is refused by the check', () => {
    const problems = screenProblems('dt-meetingMinutes-list', {
      ...generated.list,
      title: { 'zh-CN': '会议纪要', en: 'Meeting minutes' },
    });
    expect(problems.map((p) => p.path)).toContain('/title');
  });
});
