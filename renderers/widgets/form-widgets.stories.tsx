/** Every form widget of form-widgets.ts in one form, with values to start from. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FIXTURE_PHOTO } from '../fixtures/forms.ts';
import { ScreenRenderer } from '../ScreenRenderer.tsx';
import type { FormScreenDefinition } from '../form/form-types.ts';

function widgetForm(withValues: boolean): FormScreenDefinition {
  return {
    kind: 'form',
    title: 'employeeForm.title',
    schema: {
      type: 'object',
      properties: {
        photo: { type: 'string' },
        icon: { type: 'string' },
        colour: { type: 'string' },
        flag: { type: 'string', enum: ['Y', 'N'], ...(withValues ? { default: 'Y' } : {}) },
        group: { type: 'string' },
        groups: { type: 'string' },
        mobile: { type: 'string', ...(withValues ? { default: '13800000001' } : {}) },
        code: { type: 'string' },
        ...(withValues
          ? {
              photoShown: { type: 'string', default: FIXTURE_PHOTO },
              iconShown: { type: 'string', default: 'TeamOutlined' },
            }
          : {}),
      },
    },
    layout: { columns: 2 },
    fields: [
      { name: 'photo', label: 'employeeForm.field.photo', widget: 'photoUpload' },
      ...(withValues
        ? [{ name: 'photoShown', label: 'employeeForm.field.photo', widget: 'photoUpload' }]
        : []),
      { name: 'icon', label: 'form.icon.choose', widget: 'icon' },
      ...(withValues ? [{ name: 'iconShown', label: 'form.icon.choose', widget: 'icon' }] : []),
      { name: 'colour', label: 'form.colour.presets', widget: 'colour' },
      { name: 'flag', label: 'employeeForm.field.isSuper', widget: 'ynSwitch' },
      {
        name: 'group',
        label: 'employeeForm.tab.groups',
        widget: 'operationOptions',
        widgetOptions: { operation: 'group.query', body: { requestPage: { pageNo: 1, limit: 50 } } },
      },
      {
        name: 'groups',
        label: 'employeeForm.tab.groups',
        widget: 'operationOptions',
        widgetOptions: {
          operation: 'group.query',
          body: { requestPage: { pageNo: 1, limit: 50 } },
          multiple: true,
          commaList: true,
        },
      },
      { name: 'mobile', label: 'mobile.field.oldPhone' },
      {
        name: 'code',
        label: 'mobile.field.code',
        widget: 'smsCode',
        widgetOptions: { extraData: 'oldPhone' },
      },
    ],
    submit: { operation: 'employee.create', afterSave: 'stay' },
  };
}

const meta: Meta<typeof ScreenRenderer> = {
  title: 'Widgets/form widgets',
  component: ScreenRenderer,
  args: { name: 'form-widgets', frame: 'dialog', screen: widgetForm(false) },
};
export default meta;
type Story = StoryObj<typeof ScreenRenderer>;

/** photoUpload, icon, colour, ynSwitch, operationOptions (one and several), smsCode — empty. */
export const Empty: Story = {};

/** The same with values: a photo to preview, change or delete; an icon; Y on the switch. */
export const WithValues: Story = { args: { screen: widgetForm(true) } };
