/**
 * The formula editor over an expense form's fields: an empty formula, a computed total over a
 * sub-table, a formula with problems (marked where they are), dates, and the editor as the
 * `formulaEditor` widget of a form screen.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { FormulaField } from '../../../schemas/formulas/index.ts';
import type { FormScreenDefinition } from '../../form/form-types.ts';
import { ScreenRenderer } from '../../ScreenRenderer.tsx';
import { ValueHolder } from '../../selectors/story-support.tsx';
import { FormulaEditor } from './FormulaEditor.tsx';

const meta: Meta<typeof FormulaEditor> = { title: 'Widgets/formulaEditor', component: FormulaEditor };
export default meta;

type Story = StoryObj<typeof FormulaEditor>;

/** A configurator's field definitions: labels are theirs, already in their words. */
const FIELDS: FormulaField[] = [
  { key: 'title', type: 'string', label: '事由' },
  { key: 'startDate', type: 'date', label: '开始日期' },
  { key: 'endDate', type: 'date', label: '结束日期' },
  { key: 'taxRate', type: 'number', label: '税率' },
  { key: 'urgent', type: 'boolean', label: '加急' },
  { key: 'kind', type: 'option', label: '类别' },
  {
    key: 'items',
    type: 'table',
    label: '明细',
    columns: [
      { key: 'qty', type: 'integer', label: '数量' },
      { key: 'price', type: 'number', label: '单价' },
    ],
  },
];

/** The editor on a fixed clock, so TODAY() shows the same in every run. */
const NOW = new Date('2024-06-01T02:00:00Z');

const holder = (initial: string) => (
  <div style={{ maxWidth: 960 }}>
    <ValueHolder<string> initial={initial}>
      {(value, onChange) => <FormulaEditor value={value} onChange={onChange} fields={FIELDS} now={NOW} />}
    </ValueHolder>
  </div>
);

export const Empty: Story = { render: () => holder('') };

/** Type 2, 3 for items.qty, 10.5, 20 for items.price and 0.13 for taxRate: 91.53. */
export const SubTableTotal: Story = {
  render: () => holder('ROUND(SUM(items.qty * items.price) * (1 + taxRate), 2)'),
};

/** An unknown field, a date in arithmetic, a function that does not exist: each marked where it is. */
export const WithProblems: Story = { render: () => holder('SUM(items.amount) + startDate + FOO(1)') };

export const Dates: Story = {
  render: () =>
    holder(
      "IF(urgent, ADDDAYS(TODAY(), 3), ADDMONTHS(startDate, 1)) & ' / ' & DATEDIF(startDate, endDate, 'D')",
    ),
};

/** The registered widget in a form screen: its fields come from ui:options. */
const SCREEN: FormScreenDefinition = {
  kind: 'form',
  title: 'employeeForm.title',
  schema: { type: 'object', properties: { total: { type: 'string' } } },
  fields: [
    {
      name: 'total',
      label: 'employeeForm.field.name',
      widget: 'formulaEditor',
      widgetOptions: { fields: FIELDS },
    },
  ],
};

export const InAFormScreen: Story = {
  render: () => <ScreenRenderer name="formula-editor-story" screen={SCREEN} frame="dialog" />,
};
