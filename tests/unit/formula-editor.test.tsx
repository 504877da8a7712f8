/**
 * The formula editor (renderers/widgets/formula-editor): the check as one types with the problem's
 * characters, fields and functions inserted at the cursor, the result on sample values (a sub-table's
 * column as comma-separated rows), and the registered formulaEditor widget inside a form screen.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FormulaField } from '../../schemas/formulas/index.ts';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import type { FormScreenDefinition } from '../../renderers/form/form-types.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { insertAt, sampleSlots, sampleValues } from '../../renderers/widgets/formula-editor/editor-model.ts';
import { FormulaEditor } from '../../renderers/widgets/formula-editor/FormulaEditor.tsx';
import { widgetFields } from '../../renderers/widgets/formula-editor/FormulaEditorWidget.tsx';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(cleanup);

const FIELDS: FormulaField[] = [
  { key: 'taxRate', type: 'number', label: '税率' },
  { key: 'startDate', type: 'date', label: '开始日期' },
  { key: 'urgent', type: 'boolean' },
  {
    key: 'items',
    type: 'table',
    label: '明细',
    columns: [
      { key: 'qty', type: 'integer', label: '数量' },
      { key: 'price', type: 'number' },
    ],
  },
];
const NOW = new Date('2024-06-01T02:00:00Z');

function Holder({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FormulaEditor value={value} onChange={setValue} fields={FIELDS} now={NOW} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function open(initial = '') {
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false, token: { motion: false } }}>
      <Holder initial={initial} />
    </ConfigProvider>,
  );
  const area = screen.getByPlaceholderText(/输入公式/) as HTMLTextAreaElement;
  const type = (text: string) => act(() => fireEvent.change(area, { target: { value: text } }));
  return { area, type, value: () => screen.getByTestId('value').textContent };
}

describe('the editor model', () => {
  it('inserts in place of the selection and says where the cursor goes', () => {
    expect(insertAt('a + b', 4, 5, 'SUM()', 1)).toEqual({ value: 'a + SUM()', cursor: 8 });
    expect(insertAt('ab', 9, 9, 'x')).toEqual({ value: 'abx', cursor: 3 });
  });

  it('makes form values of the samples, a column as rows', () => {
    const slots = sampleSlots(
      'SUM(items.qty * items.price) * (1 + taxRate) + nothere + YEAR(startDate)',
      FIELDS,
    );
    expect(slots.map((slot) => slot.id)).toEqual(['items.qty', 'items.price', 'taxRate', 'startDate']);
    expect(
      sampleValues(slots, {
        'items.qty': '2, 3',
        'items.price': '10.5，20, 7',
        taxRate: '0.13',
        startDate: '',
      }),
    ).toEqual({
      items: [{ qty: 2, price: 10.5 }, { qty: 3, price: 20 }, { price: 7 }],
      taxRate: 0.13,
      startDate: null,
    });
  });

  it('takes the widget fields from its options or from a sibling field', () => {
    expect(widgetFields({ fields: [FIELDS[0], { nope: 1 }] }, {})).toEqual([FIELDS[0]]);
    expect(widgetFields({ fieldsFrom: 'defs' }, { defs: FIELDS })).toEqual(FIELDS);
    expect(widgetFields({}, undefined)).toEqual([]);
  });
});

describe('FormulaEditor', () => {
  it('checks as one types, naming the characters of each problem', async () => {
    const { type } = open();
    await type('ROUND(taxRate * 100, 1)');
    expect(screen.getByTestId('formula-check').textContent).toContain('公式正确');
    expect(screen.getByTestId('formula-check').textContent).toContain('结果类型：数值');

    await type('税率 + taxRatee');
    let check = screen.getByTestId('formula-check');
    expect(check.textContent).toContain('第 1–1 个字符');
    expect(check.textContent).toContain('不能识别的字符“税”');

    await type('startDate * 2 + taxRatee');
    check = screen.getByTestId('formula-check');
    expect(check.textContent).toContain('第 1–9 个字符');
    expect(check.textContent).toContain('此处应为数值，却是日期');
    expect(check.textContent).toContain('第 17–24 个字符');
    expect(check.textContent).toContain('表单中没有字段“taxRatee”');
    expect([...check.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'startDate',
      'taxRatee',
    ]);
  });

  it('inserts fields and functions at the cursor', async () => {
    const { area, value } = open('1 + ');
    area.setSelectionRange(4, 4);
    await act(() => fireEvent.click(screen.getByRole('tab', { name: '函数' })));
    await act(() => fireEvent.click(screen.getByTestId('formula-function-SUM')));
    expect(value()).toBe('1 + SUM()');
    await waitFor(() => expect(area.selectionStart).toBe(8));
    await act(() => fireEvent.click(screen.getByRole('tab', { name: '字段' })));
    await act(() => fireEvent.click(screen.getByTestId('formula-field-items.qty')));
    expect(value()).toBe('1 + SUM(items.qty)');
    expect(screen.getByTestId('formula-field-items.qty').textContent).toBe('数量 items.qty');
  });

  it('shows the result on the sample values, and the error when there is one', async () => {
    const { type } = open('ROUND(SUM(items.qty * items.price) * (1 + taxRate), 2)');
    const result = () => screen.getByTestId('formula-result').textContent;
    expect(result()).toBe('0');
    await act(() =>
      fireEvent.change(screen.getByTestId('formula-sample-items.qty'), { target: { value: '2, 3' } }),
    );
    await act(() =>
      fireEvent.change(screen.getByTestId('formula-sample-items.price'), { target: { value: '10.5, 20' } }),
    );
    await act(() =>
      fireEvent.change(screen.getByTestId('formula-sample-taxRate'), { target: { value: '0.13' } }),
    );
    expect(result()).toBe('91.53');
    await type('ADDDAYS(TODAY(), 1) & IF(urgent, "!", "")');
    expect(result()).toBe('2024-06-02');
    await act(() => fireEvent.click(screen.getByRole('switch', { name: 'urgent' })));
    expect(result()).toBe('2024-06-02!');
    await type('1 / (taxRate - taxRate)');
    expect(result()).toBe('除数为零');
  });
});

describe('the formulaEditor widget', () => {
  it('edits a form field, with the fields of its options', async () => {
    const dataSource = createFixtureDataSource();
    const { ui } = recordingUi(true);
    const definition: FormScreenDefinition = {
      kind: 'form',
      title: 'employeeForm.title',
      schema: { type: 'object', properties: { formula: { type: 'string' } } },
      fields: [
        {
          name: 'formula',
          label: 'employeeForm.field.name',
          widget: 'formulaEditor',
          widgetOptions: { fields: FIELDS },
        },
      ],
      submit: { operation: 'employee.create', afterSave: 'stay', success: false },
    };
    render(
      <ConfigProvider locale={zhCN} theme={{ hashed: false, token: { motion: false } }}>
        <ScreenFixtures dataSource={dataSource} ui={ui}>
          <ScreenRenderer name="formula-widget" screen={definition} frame="dialog" />
        </ScreenFixtures>
      </ConfigProvider>,
    );
    const editor = await screen.findByTestId('formula-editor', {}, { timeout: 15_000 });
    expect(within(editor).getByTestId('formula-field-taxRate')).toBeTruthy();
    await act(() =>
      fireEvent.change(within(editor).getByRole('textbox'), { target: { value: 'taxRate * 2' } }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() =>
      expect(dataSource.calls.some((call) => call.operation === 'employee.create')).toBe(true),
    );
    expect(dataSource.calls.find((call) => call.operation === 'employee.create')!.request.body).toEqual({
      formula: 'taxRate * 2',
    });
  });
});
