/**
 * A data template's generated screens (server/modules/data-templates/screens.ts) drawn by the real
 * renderer: the 会议纪要 list asks dataTemplate.row.query with the template as its filter and shows the
 * rows; its form computes 总费用 from its formulas, shows the rule's own message and saves nothing
 * while it fails, and saves the values with the template named in the query.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import type { ScreenDefinition } from '../../renderers/screen-types.ts';
import { generateScreens } from '../../server/modules/data-templates/screens.ts';
import { meetingMinutes } from '../../renderers/fixtures/meeting-minutes.ts';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(() => cleanup());

const screens = generateScreens(meetingMinutes());
const ROW = { id: 'r1', title: '周会', meetingDate: '2026-11-30', attendees: 12, costEach: 35.5, total: 426 };

function draw(name: string, definition: unknown, params?: Record<string, unknown>) {
  const dataSource = createFixtureDataSource({
    overrides: {
      'dataTemplate.row.query': () => ({
        dataResult: [ROW],
        pageResult: { totalCount: 1, totalPages: 1, page: 1, limit: 20, totalExact: true },
      }),
      'dataTemplate.row.save': () => ROW,
    },
  });
  const { ui } = recordingUi(true);
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false, token: { motion: false } }}>
      <ScreenFixtures dataSource={dataSource} ui={ui}>
        <ScreenRenderer name={name} screen={definition as ScreenDefinition} params={params} frame="dialog" />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  return dataSource;
}

describe('a data template’s generated screens', () => {
  it('lists the template’s rows, asking for them with the template as the filter', async () => {
    const source = draw('dt-meetingMinutes-list', screens.list);
    expect(await screen.findByText('周会', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByText('总费用').length).toBeGreaterThan(0);
    const query = source.calls.find((c) => c.operation === 'dataTemplate.row.query')!;
    expect((query.request.body as { parameters: unknown[] }).parameters).toContainEqual({
      key: 'template',
      value: 'meetingMinutes',
    });
  });

  it('computes the total, refuses the rule’s failure with its message, then saves the values', async () => {
    const source = draw('dt-meetingMinutes-form', screens.form);
    const form = await screen.findByTestId('form-dt-meetingMinutes-form', {}, { timeout: 15_000 });
    const input = (name: string) => form.querySelector<HTMLInputElement>(`#root_${name}`)!;
    const type = async (name: string, value: string) => {
      await act(async () => {
        fireEvent.change(input(name), { target: { value } });
      });
    };
    const save = async () => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
      });
    };
    const saves = () => source.calls.filter((c) => c.operation === 'dataTemplate.row.save');
    await type('title', '年会');
    await type('attendees', '500');
    await type('costEach', '300');
    await waitFor(() => expect(input('total').value).toBe('150000'));
    await save();
    await waitFor(() => expect(form.textContent).toContain('总费用不能超过十万元'));
    expect(saves()).toHaveLength(0);

    await type('costEach', '100');
    await waitFor(() => expect(input('total').value).toBe('50000'));
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.request.query).toEqual({ template: 'meetingMinutes' });
    expect(saves()[0]!.request.body).toMatchObject({
      values: { title: '年会', attendees: 500, costEach: 100, total: 50000 },
    });
  });
});
