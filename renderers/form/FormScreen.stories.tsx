/**
 * The form kind on the product screens: the employee form (new, edit, read-only, as staff), the
 * change-password dialog in both modes, and the layout features (groups, in-form tabs, conditions).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenFixtures, STAFF_SESSION } from '../fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../ScreenRenderer.tsx';
import type { FormScreenDefinition } from './form-types.ts';

const close = () => undefined;

const meta: Meta<typeof ScreenRenderer> = {
  title: 'Screen kinds/form',
  component: ScreenRenderer,
  args: { name: 'employee-form', frame: 'dialog', close },
};
export default meta;
type Story = StoryObj<typeof ScreenRenderer>;

/** A new employee: password shown (with the server's policy), admin switch usable by a super user. Save with empty fields to see the messages of spec §5. */
export const EmployeeNew: Story = {};

/** An existing employee (params.id): loaded, account locked, no password field; save asks whether to continue. */
export const EmployeeEdit: Story = { args: { params: { id: 'e1' } } };

/** Opened read-only: every field greyed, no save. */
export const EmployeeReadOnly: Story = { args: { params: { id: 'e1', readonly: true } } };

/** As a member of staff: the admin switch cannot be changed. */
export const EmployeeAsStaff: Story = {
  render: (args) => (
    <ScreenFixtures session={STAFF_SESSION}>
      <ScreenRenderer {...args} />
    </ScreenFixtures>
  ),
};

/** The change-password dialog: original, new and repeat; a mismatch says the two passwords differ. */
export const ChangePassword: Story = { args: { name: 'change-password' } };

/** Reset mode (params.userIds): no original password; restore default appears. */
export const ResetPassword: Story = {
  args: { name: 'change-password', params: { userIds: ['u-e1', 'u-e2'] } },
};

/** Extended attributes: one field per attribute definition, typed by its data type. */
export const Attributes: Story = { args: { name: 'employee-attrs', params: { id: 'e1' } } };

const layoutDemo: FormScreenDefinition = {
  kind: 'form',
  title: 'employeeForm.title',
  entity: 'employee',
  layout: {
    columns: 2,
    tabs: [
      { title: 'employeeForm.tab.basic', fields: ['account', 'name', 'gender', 'status'] },
      { title: 'employeeForm.field.email', fields: ['email', 'mobile', 'qq', 'wcAccount'] },
    ],
  },
  fields: [
    { name: 'account', label: 'employeeForm.field.account' },
    { name: 'name', label: 'employeeForm.field.name' },
    {
      name: 'gender',
      label: 'employeeForm.field.gender',
      widget: 'radio',
      options: [
        { value: 'male', label: 'employee.gender.male' },
        { value: 'female', label: 'employee.gender.female' },
      ],
    },
    // Shown only for women: a condition on another field's value.
    { name: 'status', label: 'employeeForm.field.status', visible: "form.gender == 'female'" },
    { name: 'email', label: 'employeeForm.field.email' },
    { name: 'mobile', label: 'employeeForm.field.mobile' },
    { name: 'qq', label: 'employeeForm.field.qq' },
    { name: 'wcAccount', label: 'employeeForm.field.wcAccount', tooltip: 'employeeForm.tip.wcAccount' },
  ],
  submit: { operation: 'employee.create', afterSave: 'stay' },
};

/** Tabs inside one form (a tab with an error gets a red dot) and a field shown by condition. */
export const LayoutTabsAndConditions: Story = { args: { name: 'layout-demo', screen: layoutDemo } };

/** The same fields in titled groups, on a page (card with the title). */
export const LayoutGroups: Story = {
  args: {
    name: 'layout-groups',
    frame: 'page',
    screen: {
      ...layoutDemo,
      layout: { columns: 2, groups: layoutDemo.layout!.tabs },
    } as FormScreenDefinition,
  },
};
