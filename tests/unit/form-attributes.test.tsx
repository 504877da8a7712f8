/**
 * The extended-attribute form (schemas/screens/employee-attrs.yaml): one typed field per definition
 * with the party's values, and a notice when there are none. (A non-integer INT refused at save:
 * tabs-screen-save.test.tsx.)
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureDataSource, type FixtureMap } from '../../renderers/fixtures/index.ts';
import { ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(cleanup);

async function open(params: Record<string, unknown>, overrides?: FixtureMap) {
  const dataSource = createFixtureDataSource({ overrides });
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={dataSource}>
        <ScreenRenderer name="employee-attrs" params={params} frame="embedded" />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  const form = await screen.findByTestId('form-employee-attrs', {}, { timeout: 15_000 });
  return { form, dataSource };
}

describe('extended attributes form', () => {
  it('draws each definition by its data type with the employee’s values', async () => {
    const { form, dataSource } = await open({ id: 'e1' });
    expect(dataSource.calls[0]).toEqual({
      operation: 'attr.findByPartyTypeUserId4Edit',
      request: { query: { partyType: 'employee', userId: 'e1' } },
    });
    const labels = [...form.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['工号', '工龄（年）', '考核分', '党员', '入职日期', '专业领域']),
    );
    await waitFor(() =>
      expect(form.querySelector<HTMLInputElement>('#root_employeeNo')?.value).toBe('GS-0001'),
    );
    // INT and DOUBLE are number boxes; BOOLEAN a switch (on: Y); OPTION with isMulti a multiple select.
    expect(form.querySelector('#root_seniority')?.getAttribute('role')).toBe('spinbutton');
    expect(form.querySelector('#root_rating')?.getAttribute('role')).toBe('spinbutton');
    expect((await within(form).findByRole('switch')).getAttribute('aria-checked')).toBe('true');
    expect(within(form).getByText('反垄断')).toBeTruthy();
    expect(within(form).getByText('公司法')).toBeTruthy();
  }, 30_000);

  it('shows a notice when the party type has no attributes', async () => {
    const { form } = await open({}, { 'attr.findByPartyTypeUserId4Edit': () => [] });
    expect(within(form).getByText('暂无扩展属性')).toBeTruthy();
  }, 30_000);
});
