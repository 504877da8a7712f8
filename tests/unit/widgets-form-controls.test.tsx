/**
 * Our form widgets inside a real form screen (registered by name, loaded on first use): ynSwitch,
 * colour, icon, operationOptions and photoUpload, each read back through a save.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import widgetNames from '../../renderers/widgets/widget-names.json';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { FIXTURE_PHOTO } from '../../renderers/fixtures/forms.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import type { FieldDefinition } from '../../renderers/form/form-types.ts';
import { FORM_WIDGETS } from '../../renderers/widgets/form-widgets.ts';
import { registeredWidgets } from '../../renderers/widgets/registry.ts';
import { searchIcons } from '../../renderers/widgets/icon/icon-search.ts';
import { photoProblem, formatSize } from '../../renderers/widgets/photo-upload/photo-rules.ts';
import {
  optionsFrom,
  queryWithParams,
  selectedValues,
  storedValue,
} from '../../renderers/widgets/operation-options/option-rows.ts';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(cleanup);

/** A form screen with the given fields; save sends the values to employee.update. */
async function formWith(properties: Record<string, object>, fields: FieldDefinition[], data?: object) {
  const dataSource = createFixtureDataSource({
    overrides: data ? { 'employee.get': () => data } : {},
  });
  const { ui, shown } = recordingUi(true);
  const definition = {
    kind: 'form',
    title: 'employeeForm.title',
    schema: { type: 'object', properties },
    fields,
    ...(data ? { load: { operation: 'employee.get', query: { employeeId: 'params.id' } } } : {}),
    submit: {
      operation: 'employee.create',
      updateOperation: 'employee.update',
      afterSave: 'stay',
      success: false,
    },
  };
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false, token: { motion: false } }}>
      <ScreenFixtures dataSource={dataSource} ui={ui}>
        <ScreenRenderer
          name="widget-test"
          screen={definition}
          params={data ? { id: 'x' } : undefined}
          frame="dialog"
        />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  const form = await screen.findByTestId('form-widget-test', {}, { timeout: 15_000 });
  const save = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() => expect(dataSource.calls.some((c) => c.operation.startsWith('employee.'))).toBe(true));
    const call = dataSource.calls
      .filter((c) => c.operation === 'employee.create' || c.operation === 'employee.update')
      .at(-1)!;
    return call.request.body as Record<string, unknown>;
  };
  return { form, dataSource, shown, save };
}

describe('form widget registry', () => {
  it('registers every agreed name, lazily, and lists it for the schema check', () => {
    expect(Object.keys(FORM_WIDGETS).sort()).toEqual(
      [
        'attachmentSelector',
        'colour',
        'icon',
        'operationOptions',
        'photoUpload',
        'richText',
        'searchSelect',
        'smsCode',
        'ynSwitch',
      ].sort(),
    );
    for (const name of [
      ...Object.keys(FORM_WIDGETS),
      'text',
      'password',
      'textarea',
      'select',
      'radio',
      'date',
    ]) {
      expect(registeredWidgets()).toContain(name);
      expect(widgetNames).toContain(name);
    }
  });
});

describe('ynSwitch', () => {
  it('stores Y or N', async () => {
    const { form, save } = await formWith({ flag: { type: 'string', enum: ['Y', 'N'] } }, [
      { name: 'flag', label: 'employeeForm.field.isSuper', widget: 'ynSwitch' },
    ]);
    const toggle = await within(form).findByRole('switch', {}, { timeout: 15_000 });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect((await save()).flag).toBe('Y');
    fireEvent.click(toggle);
    expect((await save()).flag).toBe('N');
  }, 30_000);
});

describe('colour', () => {
  it('shows the default colour until one is picked, and offers the predefined ones', async () => {
    const { form, save } = await formWith({ colour: { type: 'string' } }, [
      { name: 'colour', label: 'form.colour.presets', widget: 'colour' },
    ]);
    await waitFor(() => expect(form.textContent).toContain('#409EFF'), { timeout: 15_000 });
    expect((await save()).colour).toBeUndefined();
    const trigger = form.querySelector('.ant-color-picker-trigger')!;
    await act(async () => {
      fireEvent.click(trigger);
    });
    await waitFor(() => expect(document.body.textContent).toContain('预定义颜色'), { timeout: 15_000 });
    const presets = document.querySelectorAll('.ant-color-picker-presets-color');
    expect(presets.length).toBe(8);
    await act(async () => {
      fireEvent.click(presets[1]);
    });
    await waitFor(() => expect(form.textContent).toContain('#1890FF'), { timeout: 15_000 });
    expect((await save()).colour).toBe('#1890FF');
  }, 30_000);
});

describe('icon', () => {
  it('finds icons by name within one theme', () => {
    const names = ['UserOutlined', 'UserFilled', 'UserAddOutlined', 'HomeOutlined'];
    expect(searchIcons(names, 'user', 'Outlined')).toEqual({
      shown: ['UserOutlined', 'UserAddOutlined'],
      total: 2,
    });
    expect(searchIcons(names, '', 'Filled', 1)).toEqual({ shown: ['UserFilled'], total: 1 });
  });

  it('picks an icon by name from the full set', async () => {
    const { form, save } = await formWith({ icon: { type: 'string' } }, [
      { name: 'icon', label: 'form.icon.choose', widget: 'icon' },
    ]);
    const choose = await within(form).findByRole('button', { name: /选择图标/ }, { timeout: 15_000 });
    await act(async () => {
      fireEvent.click(choose);
    });
    const picker = await screen.findByTestId('icon-picker', {}, { timeout: 15_000 });
    fireEvent.change(within(picker).getByPlaceholderText('搜索图标名称'), { target: { value: 'useradd' } });
    await act(async () => {
      fireEvent.click(within(picker).getByRole('option', { name: 'UserAddOutlined' }));
    });
    expect((await save()).icon).toBe('UserAddOutlined');
    expect((form.querySelector('#root_icon') as HTMLInputElement).value).toBe('UserAddOutlined');
  }, 30_000);
});

describe('operationOptions', () => {
  it('turns rows into options, one or several (as a list or a comma text)', () => {
    const rows = {
      dataResult: [
        { id: 'g1', name: '甲' },
        { id: 'g1', name: '重复' },
        { id: 2, title: '乙' },
        { name: '无 id' },
      ],
    };
    expect(optionsFrom(rows)).toEqual([
      { value: 'g1', label: '甲' },
      { value: 2, label: '2' },
    ]);
    expect(optionsFrom(rows, 'id', 'title')[1]).toEqual({ value: 2, label: '乙' });
    expect(selectedValues('a,b', true, true)).toEqual(['a', 'b']);
    expect(storedValue(['a', 'b'], true, true)).toBe('a,b');
    expect(storedValue([], true, true)).toBeUndefined();
    expect(storedValue(['a'], true, false)).toEqual(['a']);
  });

  it("fills query keys from the screen's params (paramQuery), leaving out params without a value", () => {
    expect(queryWithParams(undefined, undefined, { id: 't1' })).toBeUndefined();
    expect(queryWithParams({ kind: 'x' }, { id: 'id' }, { id: 't1' })).toEqual({ kind: 'x', id: 't1' });
    expect(queryWithParams(undefined, { id: 'tenantId' }, { tenantId: 7 })).toEqual({ id: '7' });
    expect(queryWithParams(undefined, { id: 'id' }, {})).toBeUndefined();
    expect(queryWithParams({ kind: 'x' }, { id: 'id' }, { id: '' })).toEqual({ kind: 'x' });
  });

  it('offers the rows an operation returns', async () => {
    const { form, dataSource, save } = await formWith({ groupId: { type: 'string' } }, [
      {
        name: 'groupId',
        label: 'employeeForm.tab.groups',
        widget: 'operationOptions',
        widgetOptions: {
          operation: 'group.query',
          body: { requestPage: { pageNo: 1, limit: 50 } },
          valueField: 'id',
          labelField: 'name',
        },
      },
    ]);
    await waitFor(() => expect(dataSource.calls.some((c) => c.operation === 'group.query')).toBe(true), {
      timeout: 15_000,
    });
    const combo = await within(form).findByRole('combobox');
    await act(async () => {
      fireEvent.mouseDown(combo);
    });
    const option = await screen.findByTitle('法务小组', {}, { timeout: 15_000 });
    await act(async () => {
      fireEvent.click(option);
    });
    expect((await save()).groupId).toBe('g2');
  }, 30_000);
});

describe('photoUpload', () => {
  it('accepts one jpeg, gif, png or jpg image of at most 25 MB with a sane name', () => {
    expect(photoProblem({ name: 'me.PNG', size: 1000, type: 'image/png' })).toBeUndefined();
    expect(photoProblem({ name: 'me.bmp', size: 1000, type: 'image/bmp' })?.key).toBe('form.photo.badType');
    expect(photoProblem({ name: 'me.png', size: 10, type: 'application/pdf' })?.key).toBe(
      'form.photo.badType',
    );
    expect(photoProblem({ name: 'me.jpg', size: 26 * 1024 * 1024 })).toEqual({
      key: 'form.photo.tooLarge',
      params: { size: '25 MB' },
    });
    expect(photoProblem({ name: `${'照'.repeat(79)}.jpg`, size: 1 })?.key).toBe('validation.fileNameTooLong');
    expect(formatSize(1536)).toBe('1.5 KB');
  });

  it('uploads, shows, replaces and deletes the photo; refuses other files', async () => {
    const { form, dataSource, shown, save } = await formWith({ photo: { type: 'string' } }, [
      { name: 'photo', label: 'employeeForm.field.photo', widget: 'photoUpload' },
    ]);
    const fileInput = await waitFor(
      () => {
        const found = form.querySelector<HTMLInputElement>('input[type="file"]');
        expect(found).toBeTruthy();
        return found!;
      },
      { timeout: 15_000 },
    );
    expect(fileInput.accept).toBe('.jpeg,.gif,.png,.jpg');

    await act(async () => {
      fireEvent.change(fileInput, {
        target: { files: [new File(['x'], 'scan.bmp', { type: 'image/bmp' })] },
      });
    });
    await waitFor(() => expect(shown).toContainEqual({ kind: 'warning', text: '不允许的文件类型' }));
    expect(dataSource.calls.some((c) => c.operation === 'fldFile.upload')).toBe(false);

    // The upload box replaces its file input after each pick.
    const again = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await act(async () => {
      fireEvent.change(again, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(form.querySelector('img')).toBeTruthy(), { timeout: 15_000 });
    const upload = dataSource.calls.find((c) => c.operation === 'fldFile.upload')!;
    expect(upload.request.body).toBeInstanceOf(FormData);
    expect(((upload.request.body as FormData).get('file') as File).name).toBe('me.png');
    expect((await save()).photo).toBe(FIXTURE_PHOTO);

    // Replacing: the change button picks another image the same way.
    expect(within(form).getByRole('button', { name: /更换照片/ })).toBeTruthy();
    await act(async () => {
      fireEvent.change(form.querySelector<HTMLInputElement>('input[type="file"]')!, {
        target: { files: [new File(['gif'], 'new.gif', { type: 'image/gif' })] },
      });
    });
    await waitFor(() =>
      expect(dataSource.calls.filter((c) => c.operation === 'fldFile.upload')).toHaveLength(2),
    );

    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: /删除照片/ }));
    });
    expect(form.querySelector('img')).toBeNull();
    expect((await save()).photo).toBeUndefined();
  }, 30_000);
});
