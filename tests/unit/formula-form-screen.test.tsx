/**
 * A form screen with formulas, rendered: a computed field follows the values and cannot be typed in,
 * a new record starts with its defaults, a field hidden by its formula is neither shown nor checked
 * (though the entity requires it), a failed rule shows on its field in the current language and stops
 * the save, and what is saved carries the computed values. A form without formulas is unchanged
 * (the other form tests).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { evaluateFormula } from '../../schemas/formulas/index.ts';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import type { FormScreenDefinition } from '../../renderers/form/form-types.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { setupTestI18n } from './support/i18n.ts';

let i18n: Awaited<ReturnType<typeof setupTestI18n>>;
beforeAll(async () => {
  i18n = await setupTestI18n('zh-CN');
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('zh-CN');
});

const DEFINITION: FormScreenDefinition = {
  kind: 'form',
  title: 'employeeForm.title',
  schema: {
    type: 'object',
    required: ['reason'],
    properties: {
      qty: { type: 'number' },
      price: { type: 'number' },
      total: { type: 'number' },
      startDate: { type: 'string' },
      reason: { type: 'string' },
    },
  },
  fields: [
    { name: 'qty', label: 'employeeForm.field.name' },
    { name: 'price', label: 'employeeForm.field.account' },
    { name: 'total', label: 'employeeForm.field.email' },
    { name: 'startDate', label: 'employeeForm.field.mobile' },
    { name: 'reason', label: 'employeeForm.field.address' },
  ],
  formulas: {
    computed: { total: 'ROUND(qty * price, 2)' },
    defaults: { qty: '1', startDate: 'TODAY()' },
    visible: { reason: 'total > 100' },
    rules: [
      {
        field: 'qty',
        check: 'qty <= 10',
        message: { 'zh-CN': '数量不能超过 10', 'zh-TW': '數量不能超過 10', en: 'At most 10' },
      },
    ],
  },
  submit: { operation: 'employee.create', afterSave: 'stay', success: false },
};

async function open() {
  const dataSource = createFixtureDataSource();
  const { ui, shown } = recordingUi(true);
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false, token: { motion: false } }}>
      <ScreenFixtures dataSource={dataSource} ui={ui}>
        <ScreenRenderer name="formula-test" screen={DEFINITION} frame="dialog" />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  const form = await screen.findByTestId('form-formula-test', {}, { timeout: 15_000 });
  const input = (name: string) => form.querySelector<HTMLInputElement>(`#root_${name}`);
  const type = async (name: string, value: string) => {
    await act(async () => {
      fireEvent.change(input(name)!, { target: { value } });
    });
  };
  const saves = () => dataSource.calls.filter((call) => call.operation === 'employee.create');
  const save = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存|Save/ }));
    });
  };
  return { form, input, type, save, saves, shown };
}

describe('a form screen with formulas', () => {
  it('computes, defaults, hides, refuses and saves as its formulas say', async () => {
    const { form, input, type, save, saves } = await open();
    const today = evaluateFormula('TODAY()', {}, { now: new Date() });

    // Defaults of a new record; the computed field is read-only.
    expect(input('qty')!.value).toBe('1');
    expect(input('startDate')!.value).toBe('value' in today ? today.value : '');
    expect(input('total')!.readOnly || input('total')!.disabled).toBe(true);
    expect(input('reason')).toBeNull();

    await type('price', '50.5');
    await waitFor(() => expect(input('total')!.value).toBe('50.5'));

    // Over 100: the reason shows (and, required, must be filled).
    await type('qty', '3');
    await waitFor(() => expect(input('total')!.value).toBe('151.5'));
    await waitFor(() => expect(input('reason')).not.toBeNull());

    // A failed rule shows on its field and nothing is saved.
    await type('qty', '11');
    await save();
    await waitFor(() => expect(form.textContent).toContain('数量不能超过 10'));
    expect(saves()).toHaveLength(0);

    // Switching the language shows the rule's own text in it.
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await save();
    await waitFor(() => expect(form.textContent).toContain('At most 10'));
    expect(saves()).toHaveLength(0);

    // Back under 100: the reason hides, its required error with it, and the save carries the computed total.
    await type('qty', '1');
    await waitFor(() => expect(input('reason')).toBeNull());
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].request.body).toMatchObject({ qty: 1, price: 50.5, total: 50.5 });
    expect(form.textContent).not.toContain('At most 10');
  });
});
