/**
 * Layout and conditions of the form kind: a grid of columns with spans, titled groups, tabs inside
 * the form (a tab holding an error is marked), a field shown only while another field has a value,
 * and a tooltip beside a label.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import type { FormScreenDefinition } from '../../renderers/form/form-types.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(cleanup);

const FIELDS: FormScreenDefinition['fields'] = [
  { name: 'account', label: 'employeeForm.field.account' },
  { name: 'name', label: 'employeeForm.field.name', span: 2 },
  {
    name: 'gender',
    label: 'employeeForm.field.gender',
    widget: 'radio',
    options: [
      { value: 'male', label: 'employee.gender.male' },
      { value: 'female', label: 'employee.gender.female' },
    ],
  },
  { name: 'qq', label: 'employeeForm.field.qq', visible: "form.gender == 'female'" },
  { name: 'email', label: 'employeeForm.field.email', tooltip: 'employeeForm.tip.wcAccount' },
];

function definition(layout: FormScreenDefinition['layout']): FormScreenDefinition {
  return {
    kind: 'form',
    title: 'employeeForm.title',
    entity: 'employee',
    fields: FIELDS,
    layout,
    submit: { operation: 'employee.create', afterSave: 'stay' },
  };
}

async function open(layout: FormScreenDefinition['layout']) {
  const { ui, shown } = recordingUi();
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures ui={ui}>
        <ScreenRenderer name="layout" screen={definition(layout)} frame="dialog" />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  const form = await screen.findByTestId('form-layout', {}, { timeout: 15_000 });
  return { form, shown };
}

describe('form layout', () => {
  it('lays fields on the grid with their spans and shows a field while another has a value', async () => {
    const { form } = await open({ columns: 2 });
    const cellOf = (name: string) =>
      form.querySelector(`#root_${name}`)!.closest('.ant-col-md-12, .ant-col-md-24');
    expect(cellOf('account')?.className).toContain('ant-col-md-12');
    expect(cellOf('name')?.className).toContain('ant-col-md-24');
    expect(
      form.querySelector('#root_email')!.closest('.ant-form-item')!.querySelector('.ant-form-item-tooltip'),
    ).toBeTruthy();

    // gender defaults to male: no QQ field; female brings it.
    expect(form.querySelector('#root_qq')).toBeNull();
    await act(async () => {
      fireEvent.click(within(form).getByLabelText('女'));
    });
    await waitFor(() => expect(form.querySelector('#root_qq')).toBeTruthy());
    await act(async () => {
      fireEvent.click(within(form).getByLabelText('男'));
    });
    await waitFor(() => expect(form.querySelector('#root_qq')).toBeNull());
  }, 30_000);

  it('puts fields in titled groups', async () => {
    const { form } = await open({
      columns: 2,
      groups: [
        { title: 'employeeForm.tab.basic', fields: ['account', 'name'] },
        { title: 'employeeForm.field.email', fields: ['email'] },
      ],
    });
    const dividers = [...form.querySelectorAll('.ant-divider')].map((d) => d.textContent);
    expect(dividers).toEqual(['基本信息', '邮箱']);
    // Fields in no group come first.
    const order = [...form.querySelectorAll('input[id^="root_"]')].map((i) => i.id);
    expect(order.indexOf('root_gender')).toBeLessThan(order.indexOf('root_account'));
  }, 30_000);

  it('puts fields in tabs and marks the tab holding an error', async () => {
    const { form, shown } = await open({
      tabs: [
        { title: 'employeeForm.tab.basic', fields: ['account', 'name', 'gender'] },
        { title: 'employeeForm.field.email', fields: ['email', 'qq'] },
      ],
    });
    const tabs = within(form).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['基本信息', '邮箱']);
    fireEvent.change(form.querySelector('#root_account')!, { target: { value: 'zhangsan' } });
    fireEvent.change(form.querySelector('#root_name')!, { target: { value: '张三' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    // The e-mail is required and sits on the second tab: that tab gets the dot, the first does not.
    expect(shown).toContainEqual({ kind: 'warning', text: '表单填写有误，请检查标红的内容' });
    const dots = tabs.map((t) => Boolean(t.querySelector('.ant-badge-dot')));
    expect(dots).toEqual([false, true]);
  }, 30_000);
});
