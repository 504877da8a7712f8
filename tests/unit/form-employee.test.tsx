/**
 * The employee form (schemas/screens/employee-form.yaml) as a user meets it: the spec §5 rules with
 * their exact messages, new vs edit (account locked, password only when new), the admin switch for
 * admins only, read-only mode, and saving with spec §4's after-save question — continuing resets a
 * new form, not continuing closes the dialog.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionScope } from '../../renderers/actions/session-scope.tsx';
import { closeAllScreenDialogs } from '../../renderers/dialogs/dialog-store.ts';
import { createFixtureDataSource, type FixtureMap } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures, STAFF_SESSION } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

interface Options {
  params?: Record<string, unknown>;
  confirm?: boolean;
  session?: SessionScope;
  overrides?: FixtureMap;
}

async function openForm({ params, confirm = true, session, overrides }: Options = {}) {
  const dataSource = createFixtureDataSource({ overrides });
  const { ui, shown } = recordingUi(confirm);
  const close = vi.fn();
  const result = render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={dataSource} ui={ui} session={session}>
        <ScreenRenderer name="employee-form" params={params} frame="dialog" close={close} />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  const form = await screen.findByTestId('form-employee-form', {}, { timeout: 15_000 });
  return { ...result, form, dataSource, shown, close };
}

const input = (form: HTMLElement, name: string) => form.querySelector<HTMLInputElement>(`#root_${name}`)!;

function type(form: HTMLElement, name: string, value: string) {
  fireEvent.change(input(form, name), { target: { value } });
}

/** The error text shown under a field. */
function errorOf(form: HTMLElement, name: string): string {
  const item = input(form, name).closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain')?.textContent ?? '';
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  });
}

function fillValid(form: HTMLElement) {
  type(form, 'account', 'zhangsan');
  type(form, 'password', 'secret123');
  type(form, 'name', '张三');
  type(form, 'email', 'zhang.san@demo.example.cn');
}

describe('employee form, new', () => {
  it('shows the fields of spec §2 with translated labels and the WeChat tooltip', async () => {
    const { form, dataSource } = await openForm();
    const labels = [...form.querySelectorAll('label')].map((l) => l.textContent);
    for (const label of [
      '照片',
      '账号',
      '密码',
      '超级管理员',
      '姓名',
      '状态',
      '性别',
      '邮箱',
      '地址',
      '手机号码',
      'QQ',
      '企业微信账户',
    ]) {
      expect(labels).toContain(label);
    }
    // New: no record is read, the server's password policy is.
    expect(dataSource.calls.map((c) => c.operation)).toEqual(['user.passwordPolicy']);
    expect(form.dataset.mode).toBe('new');
    expect(input(form, 'account').disabled).toBe(false);
    const wc = input(form, 'wcAccount').closest('.ant-form-item')!;
    expect(wc.querySelector('.ant-form-item-tooltip')).toBeTruthy();
  }, 30_000);

  it('refuses bad input with the exact messages of spec §5 and sends nothing', async () => {
    const { form, dataSource, shown } = await openForm();
    type(form, 'name', '张'.repeat(65));
    type(form, 'email', '.bad@x');
    type(form, 'wcAccount', 'corp account');
    type(form, 'password', 'abc');
    await save();

    expect(errorOf(form, 'account')).toBe('该项为必填项');
    expect(errorOf(form, 'name')).toBe('长度不能超过64个字符');
    expect(errorOf(form, 'email')).toBe('请输入正确的邮箱地址');
    expect(errorOf(form, 'wcAccount')).toBe('企业微信账户不能包含空格');
    // The fixture policy: lower case and digits, 8 to 20.
    expect(errorOf(form, 'password')).toContain('密码长度不能少于8位');
    expect(errorOf(form, 'password')).toContain('密码必须包含数字');
    expect(shown).toContainEqual({ kind: 'warning', text: '表单填写有误，请检查标红的内容' });
    expect(dataSource.calls.some((c) => c.operation === 'employee.create')).toBe(false);

    // Errors follow the fix once the user has tried to save.
    type(form, 'wcAccount', 'corp_account');
    await waitFor(() => expect(errorOf(form, 'wcAccount')).toBe(''));
  }, 30_000);

  it('creates with the save payload, asks whether to continue, and continuing empties the form', async () => {
    const { form, dataSource, shown, close } = await openForm({ confirm: true });
    fillValid(form);
    await save();
    await waitFor(() => expect(shown.some((s) => s.kind === 'confirm')).toBe(true));

    const create = dataSource.calls.find((c) => c.operation === 'employee.create')!;
    expect(create.request.body).toMatchObject({
      partyEmployeePo: {
        account: 'zhangsan',
        password: 'secret123',
        name: '张三',
        email: 'zhang.san@demo.example.cn',
        // Entity defaults (spec §3): gender male, status actived, isSuper N.
        gender: 'male',
        status: 'actived',
        isSuper: 'N',
      },
      user: { account: 'zhangsan', fullname: '张三', password: 'secret123', isSuper: 'N' },
    });
    expect(shown).toContainEqual({ kind: 'confirm', text: '保存成功，是否继续新增？' });
    await waitFor(() => expect(input(screen.getByTestId('form-employee-form'), 'account').value).toBe(''));
    const fresh = screen.getByTestId('form-employee-form');
    expect(input(fresh, 'name').value).toBe('');
    expect(errorOf(fresh, 'name')).toBe('');
    expect(close).not.toHaveBeenCalled();
  }, 30_000);

  it('closes the dialog when the user does not continue', async () => {
    const { form, close } = await openForm({ confirm: false });
    fillValid(form);
    await save();
    await waitFor(() => expect(close).toHaveBeenCalledWith(expect.objectContaining({ id: 'e-new' })));
  }, 30_000);

  it('keeps the admin switch for admins only', async () => {
    const staff = await openForm({ session: STAFF_SESSION });
    expect(within(staff.form).getByRole('switch').hasAttribute('disabled')).toBe(true);
    cleanup();
    const admin = await openForm();
    expect(within(admin.form).getByRole('switch').hasAttribute('disabled')).toBe(false);
  }, 30_000);
});

describe('employee form, edit and view', () => {
  it('loads the employee, locks the account, hides the password, and updates', async () => {
    const { form, dataSource, shown, close } = await openForm({ params: { id: 'e1' }, confirm: true });
    await waitFor(() => expect(input(form, 'name').value).toBe('王伟'));
    expect(form.dataset.mode).toBe('edit');
    expect(dataSource.calls[0]).toEqual({
      operation: 'employee.get',
      request: { query: { employeeId: 'e1' } },
    });
    expect(input(form, 'account').disabled).toBe(true);
    expect(input(form, 'password')).toBeNull();
    // No policy is needed without a password field.
    expect(dataSource.calls.some((c) => c.operation === 'user.passwordPolicy')).toBe(false);

    type(form, 'name', '王伟明');
    await save();
    await waitFor(() => expect(shown.some((s) => s.kind === 'confirm')).toBe(true));
    const update = dataSource.calls.find((c) => c.operation === 'employee.update')!;
    expect(update.request.body).toMatchObject({
      partyEmployeePo: { id: 'e1', account: 'wangwei', name: '王伟明' },
      user: { id: 'u-e1', account: 'wangwei', fullname: '王伟明' },
    });
    expect(shown).toContainEqual({ kind: 'confirm', text: '保存成功，是否继续编辑？' });
    // Continuing an edit keeps what was saved on screen.
    expect(input(screen.getByTestId('form-employee-form'), 'name').value).toBe('王伟明');
    expect(close).not.toHaveBeenCalled();
  }, 30_000);

  it('shows a read-only employee without a save button', async () => {
    const { form } = await openForm({ params: { id: 'e1', readonly: true } });
    await waitFor(() => expect(input(form, 'name').value).toBe('王伟'));
    expect(form.dataset.mode).toBe('view');
    expect(input(form, 'name').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  }, 30_000);
});
