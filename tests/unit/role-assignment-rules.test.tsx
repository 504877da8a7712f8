/**
 * The role assignment (spec §6): only role nodes of the tree can be assigned, and they are tagged
 * own; an inherited role assigned directly becomes 'own,other'; only rows with an own grant can be
 * deleted (deleting 'own,other' leaves the inherited row); read-only hides every control.
 */
import { useState } from 'react';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addRoles,
  canDeleteRole,
  isAssignableRole,
  normaliseRoles,
  removeRole,
  type RoleEntry,
} from '../../renderers/widgets/role-assignment/role-rules.ts';
import { RoleAssignment } from '../../renderers/widgets/role-assignment/RoleAssignment.tsx';
import { setupTestI18n } from './support/i18n.ts';
import { renderWithPeople } from './support/people-harness.tsx';

const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => cleanup());

const ROLE_NODE = { id: 'r1', name: '申报人', type: 'role', subSystemName: '经营者集中申报', parentId: 's1' };
const SUBSYSTEM_NODE = { id: 's1', name: '经营者集中申报', type: 'subsystem', disabled: true };

describe('role rules', () => {
  it('only role nodes are assignable', () => {
    expect(isAssignableRole(ROLE_NODE)).toBe(true);
    expect(isAssignableRole(SUBSYSTEM_NODE)).toBe(false);
    expect(isAssignableRole({ id: '0', name: 'root', type: 'role' })).toBe(false);
    expect(isAssignableRole({ id: 'x', name: 'no type' })).toBe(false);
  });

  it('adds role nodes as own, ignores other nodes, and refuses when no role is checked', () => {
    expect(addRoles([], [SUBSYSTEM_NODE])).toEqual({ ok: false, reason: 'nothingChecked' });
    const result = addRoles([], [SUBSYSTEM_NODE, ROLE_NODE]);
    expect(result).toEqual({
      ok: true,
      added: 1,
      skipped: 0,
      entries: [
        {
          id: 'r1',
          name: '申报人',
          subSystemName: '经营者集中申报',
          source: 'own',
          canDelete: true,
          type: 'role',
        },
      ],
    });
  });

  it('an inherited role assigned directly becomes own,other; an own role is not added twice', () => {
    const current = normaliseRoles([
      { id: 'r1', name: '申报人', source: 'other', canDelete: false },
      { id: 'r2', name: '审查员', source: 'own', canDelete: true },
    ]);
    const result = addRoles(current, [ROLE_NODE, { id: 'r2', name: '审查员', type: 'role' }]);
    if (!result.ok) throw new Error('expected ok');
    expect(result.entries.map((e) => [e.id, e.source, e.canDelete])).toEqual([
      ['r1', 'own,other', true],
      ['r2', 'own', true],
    ]);
    expect(result.skipped).toBe(1);
  });

  it('only own grants can be deleted; deleting own,other leaves the inherited row', () => {
    const entries = normaliseRoles([
      { id: 'a', source: 'own' },
      { id: 'b', source: 'other' },
      { id: 'c', source: 'own,other' },
      { id: 'd' },
    ]);
    expect(entries.map(canDeleteRole)).toEqual([true, false, true, true]);
    expect(removeRole(entries, 'a').map((e) => e.id)).toEqual(['b', 'c', 'd']);
    expect(removeRole(entries, 'b')).toEqual(entries);
    const afterC = removeRole(entries, 'c').find((e) => e.id === 'c')!;
    expect([afterC.source, afterC.canDelete]).toEqual(['other', false]);
  });

  it('an explicit canDelete false from the server wins', () => {
    const [entry] = normaliseRoles([{ id: 'a', source: 'own', canDelete: false }]);
    expect(canDeleteRole(entry)).toBe(false);
  });
});

function Roles({ initial, readOnly }: { initial: unknown; readOnly?: boolean }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <RoleAssignment value={value} onChange={setValue} readOnly={readOnly} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const valueOf = () => JSON.parse(screen.getByTestId('value').textContent!) as RoleEntry[];
const treeRow = (name: string) =>
  within(screen.getByTestId('role-tree'))
    .getByText(name, { selector: '[data-node-id]' })
    .closest('.ant-tree-treenode') as HTMLElement;

// The first render loads the screen kinds and antd parts lazily, which is slow on a busy machine.
describe('role assignment widget', { timeout: 20_000 }, () => {
  it('lets only role nodes be checked, adds them as own, and warns when nothing is checked', async () => {
    const h = renderWithPeople(<Roles initial={[]} />);
    await within(screen.getByTestId('role-tree')).findByText('申报人', {}, SLOW);
    expect(treeRow('经营者集中申报').querySelector('.ant-tree-checkbox')).toBeNull();
    expect(treeRow('平台管理').querySelector('.ant-tree-checkbox')).toBeNull();

    fireEvent.click(screen.getByTestId('role-add'));
    expect(h.ui.warnings).toEqual(['你还没有选择任何节点！']);

    fireEvent.click(treeRow('申报人').querySelector('.ant-tree-checkbox')!);
    fireEvent.click(treeRow('系统管理员').querySelector('.ant-tree-checkbox')!);
    fireEvent.click(screen.getByTestId('role-add'));
    expect(valueOf()).toEqual([
      {
        id: 'r1',
        name: '申报人',
        subSystemName: '经营者集中申报',
        source: 'own',
        canDelete: true,
        type: 'role',
      },
      {
        id: 'r4',
        name: '系统管理员',
        subSystemName: '平台管理',
        source: 'own',
        canDelete: true,
        type: 'role',
      },
    ]);
    const table = screen.getByTestId('role-assignment').querySelector('.ant-table') as HTMLElement;
    expect(within(table).getAllByText('自有')).toHaveLength(2);
  });

  it('deletes own rows only; an inherited row keeps a disabled delete', async () => {
    renderWithPeople(
      <Roles
        initial={[
          { id: 'r1', name: '申报人', source: 'own', canDelete: true },
          { id: 'r2', name: '审查员', source: 'other', canDelete: false },
        ]}
      />,
    );
    const inherited = screen.getByRole('button', { name: '删除“审查员”' });
    expect(inherited.hasAttribute('disabled')).toBe(true);
    fireEvent.click(inherited);
    expect(valueOf().map((e) => e.id)).toEqual(['r1', 'r2']);
    expect(screen.getByText('继承')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '删除“申报人”' }));
    expect(valueOf().map((e) => e.id)).toEqual(['r2']);
  });

  it('read-only hides the tree, add and delete', () => {
    renderWithPeople(<Roles readOnly initial={[{ id: 'r1', name: '申报人', source: 'own' }]} />);
    expect(screen.getByText('申报人')).toBeTruthy();
    expect(screen.queryByTestId('role-tree')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
