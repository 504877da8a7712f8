/**
 * The role's resource grant tree (role list › 分配资源): nesting the server's flat list, what checking
 * and unchecking a node does (ancestors and descendants), and the role-grant screen sending the set
 * it shows to role.saveResources; and the alert-setting screen (a switch per message type and channel).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { nestRows, toggleGrant } from '../../renderers/widgets/resource-grant/grant-rules.ts';
import { setupTestI18n } from './support/i18n.ts';
import { renderWithPeople } from './support/people-harness.tsx';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(() => cleanup());

const ROWS = [
  { id: 'g', parentId: '0', name: 'group' },
  { id: 'p1', parentId: 'g', name: 'page 1' },
  { id: 'b1', parentId: 'p1', name: 'button 1' },
  { id: 'b2', parentId: 'p1', name: 'button 2' },
  { id: 'p2', parentId: 'g', name: 'page 2' },
];

describe('grant rules', () => {
  it('nests the flat rows by parentId, in order', () => {
    const tree = nestRows(ROWS);
    expect(tree.map((n) => n.id)).toEqual(['g']);
    expect(tree[0].children.map((n) => n.id)).toEqual(['p1', 'p2']);
    expect(tree[0].children[0].children.map((n) => n.id)).toEqual(['b1', 'b2']);
  });

  it('checking a button checks its page and group; checking a page checks its buttons', () => {
    expect(toggleGrant(ROWS, [], 'b2', true)).toEqual(['g', 'p1', 'b2']);
    expect(toggleGrant(ROWS, [], 'p1', true)).toEqual(['g', 'p1', 'b1', 'b2']);
  });

  it('unchecking a page unchecks its buttons and keeps its group and siblings', () => {
    expect(toggleGrant(ROWS, ['g', 'p1', 'b1', 'p2'], 'p1', false)).toEqual(['g', 'p2']);
    // A page granted without its buttons stays as it is until someone changes it.
    expect(toggleGrant(ROWS, ['g', 'p2'], 'b1', false)).toEqual(['g', 'p2']);
  });
});

describe('role-grant screen', () => {
  it('starts from what the role holds and saves the set it shows', async () => {
    const harness = renderWithPeople(
      <ScreenRenderer name="role-grant" params={{ id: 'r1', systemId: 's1' }} />,
    );
    const tree = await screen.findByTestId('resource-grant-tree', undefined, { timeout: 25_000 });
    await waitFor(() => expect(tree.querySelectorAll('.ant-tree-checkbox-checked')).toHaveLength(2));
    // Check the files page (its group is already held), uncheck the employee page.
    fireEvent.click(
      screen.getByText('附件管理').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!,
    );
    fireEvent.click(
      screen.getByText('员工管理').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!,
    );
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(harness.callsOf('role.saveResources')).toHaveLength(1), { timeout: 10_000 });
    expect(harness.callsOf('role.saveResources')[0].request.body).toEqual({
      roleId: 'r1',
      systemId: 's1',
      resourceIds: ['res-system', 'res-files'],
    });
  }, 30_000);
});

describe('alert-setting screen', () => {
  it('shows each message type with its switches and saves what they show', async () => {
    const harness = renderWithPeople(<ScreenRenderer name="alert-setting" />);
    const sms = await screen.findByRole('switch', { name: '普通消息：短信提醒' }, { timeout: 10_000 });
    const checked = (name: string) => screen.getByRole('switch', { name }).getAttribute('aria-checked');
    await waitFor(() => expect(checked('系统消息：短信提醒')).toBe('true'));
    expect(sms.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sms);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(harness.callsOf('msg.alertSetting.save')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(harness.callsOf('msg.alertSetting.save')[0].request.body).toEqual({
      settings: [
        { messageType: 'normal', sms: true, email: false },
        { messageType: 'system', sms: true, email: false },
        { messageType: 'bulletin', sms: false, email: true },
      ],
    });
  }, 30_000);
});

describe('people search (group members, message receivers)', () => {
  it('asks the server by name a page at a time and saves the members it shows', async () => {
    const harness = renderWithPeople(<ScreenRenderer name="group-members-form" params={{ id: 'g1' }} />);
    // The members the group has, named.
    await screen.findByText('王伟（wangwei）', undefined, { timeout: 10_000 });
    expect(harness.callsOf('employee.query')).toHaveLength(0);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: '张' } });
    await waitFor(() => expect(harness.callsOf('employee.query')).toHaveLength(1), { timeout: 15_000 });
    expect(harness.callsOf('employee.query')[0].request.body).toEqual({
      parameters: [{ key: 'name', value: '张' }],
      requestPage: { pageNo: 1, limit: 20 },
    });
    fireEvent.click(await screen.findByText('张敏（zhangmin）', undefined, { timeout: 15_000 }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(harness.callsOf('group.saveCascade')).toHaveLength(1), { timeout: 10_000 });
    const body = harness.callsOf('group.saveCascade')[0].request.body as {
      id: string;
      members: { id: string }[];
    };
    expect(body.id).toBe('g1');
    expect(body.members.map((m) => m.id)).toEqual(['e1', 'e2', 'e3']);
  }, 30_000);
});
