/**
 * A form version published at run time (issue 26) whose body the build never saw: the employee form
 * with the mobile number made required. No precompiled validator matches it and the environment
 * compiles nothing (as in the app, whose Content Security Policy allows no eval), so the interpreted
 * validator checks it, with the same translated messages as the precompiled path: the new required
 * rule, the entity's formats and errorMessage overrides, and the server's password policy (a custom
 * keyword with values loaded at run time).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/dialog-store.ts';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import type { FormScreenDefinition } from '../../renderers/form/form-types.ts';
import { loadPrecompiledValidators } from '../../renderers/form/precompiled-validator.ts';
import { loadScreen } from '../../renderers/screen-loader.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { setupTestI18n } from './support/i18n.ts';

let i18n: Awaited<ReturnType<typeof setupTestI18n>>;
beforeAll(async () => {
  i18n = await setupTestI18n('zh-CN');
});

afterEach(async () => {
  closeAllScreenDialogs();
  cleanup();
  await i18n.changeLanguage('zh-CN');
});

/** The file's employee form with one more rule, as a configurator might publish it. */
async function storedVersion(): Promise<FormScreenDefinition> {
  const file = (await loadScreen('employee-form')) as FormScreenDefinition;
  return {
    ...file,
    fields: file.fields?.map((field) => (field.name === 'mobile' ? { ...field, required: true } : field)),
  };
}

async function openStored() {
  const definition = await storedVersion();
  const dataSource = createFixtureDataSource();
  const { ui, shown } = recordingUi(false);
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      {/* No compiler: the app's environment gives none. */}
      <ScreenFixtures dataSource={dataSource} ui={ui} environment={{ compileFormValidator: undefined }}>
        <ScreenRenderer name="employee-form" screen={definition} frame="dialog" />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  const form = await screen.findByTestId('form-employee-form', {}, { timeout: 15_000 });
  return { form, dataSource, shown };
}

const input = (form: HTMLElement, name: string) => form.querySelector<HTMLInputElement>(`#root_${name}`)!;
const errorOf = (form: HTMLElement, name: string) =>
  input(form, name).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

async function type(form: HTMLElement, name: string, value: string) {
  await act(async () => {
    fireEvent.change(input(form, name), { target: { value } });
  });
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  });
}

describe('a stored form version without precompiled validators', () => {
  it('has no precompiled validator, while the file it came from has', async () => {
    const file = (await loadScreen('employee-form')) as FormScreenDefinition;
    expect(await loadPrecompiledValidators(file)).toBeDefined();
    expect(await loadPrecompiledValidators(await storedVersion())).toBeUndefined();
  });

  it('refuses saving without the now-required field, with the translated messages', async () => {
    const { form, dataSource, shown } = await openStored();
    await type(form, 'account', 'zhangsan');
    await type(form, 'password', 'abc');
    await type(form, 'name', '张三');
    await type(form, 'email', '.bad@x');
    await save();

    expect(errorOf(form, 'mobile')).toBe('该项为必填项');
    expect(errorOf(form, 'email')).toBe('请输入正确的邮箱地址');
    expect(errorOf(form, 'password')).toContain('密码长度不能少于8位');
    expect(errorOf(form, 'account')).toBe('');
    expect(shown).toContainEqual({ kind: 'warning', text: '表单填写有误，请检查标红的内容' });
    expect(dataSource.calls.some((c) => c.operation === 'employee.create')).toBe(false);

    // The language switch reaches the interpreted validator's messages too.
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await type(form, 'mobile', '123');
    await waitFor(() => expect(errorOf(form, 'mobile')).not.toBe(''));
    expect(errorOf(form, 'mobile')).not.toBe('该项为必填项');
    await type(form, 'mobile', '');
    await waitFor(() => expect(errorOf(form, 'mobile')).toBe('This field is required'));
  }, 30_000);

  it('saves once the required field is given', async () => {
    const { form, dataSource } = await openStored();
    await type(form, 'account', 'zhangsan');
    await type(form, 'password', 'secret123');
    await type(form, 'name', '张三');
    await type(form, 'email', 'zhang.san@demo.example.cn');
    await type(form, 'mobile', '13800138000');
    await save();
    await waitFor(() =>
      expect(dataSource.calls.find((c) => c.operation === 'employee.create')?.request.body).toMatchObject({
        partyEmployeePo: { account: 'zhangsan', mobile: '13800138000' },
      }),
    );
  }, 30_000);
});
