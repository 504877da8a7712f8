/**
 * The post assignment (spec §4, §5): nothing checked gives 你还没有选择任何节点！ and changes nothing;
 * the root (id 0) is never added; a position is added once; choosing a main post sets it Y and all
 * others N; principal toggles Y/N per row; the value carries booleans; read-only locks everything.
 */
import { useState } from 'react';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addPositions,
  asFlag,
  normalisePositions,
  setMainPost,
  togglePrincipal,
  type PositionEntry,
} from '../../renderers/widgets/post-assignment/post-rules.ts';
import { PostAssignment } from '../../renderers/widgets/post-assignment/PostAssignment.tsx';
import { setupTestI18n } from './support/i18n.ts';
import { renderWithPeople } from './support/people-harness.tsx';

const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => cleanup());

const entry = (id: string, main = false, principal = false): PositionEntry => ({
  id,
  name: id,
  isMainPost: main,
  isPrincipal: principal,
});

describe('post rules', () => {
  it('refuses nothing checked, and the root alone counts as nothing', () => {
    expect(addPositions([], [])).toEqual({ ok: false, reason: 'nothingChecked' });
    expect(addPositions([], [{ id: '0', name: '岗位' }])).toEqual({ ok: false, reason: 'nothingChecked' });
    expect(addPositions([], [{ id: 0, name: '岗位' }])).toEqual({ ok: false, reason: 'nothingChecked' });
  });

  it('adds checked positions with both flags N, leaving out the root and positions already held', () => {
    const result = addPositions(
      [entry('p1', true)],
      [
        { id: '0', name: '岗位' },
        { id: 'p1', name: '总经理', parentId: '0' },
        { id: 'p2', name: '部门经理', parentId: '0' },
      ],
    );
    expect(result).toMatchObject({ ok: true, skipped: 1 });
    if (!result.ok) throw new Error('expected ok');
    expect(result.entries).toEqual([
      entry('p1', true),
      { id: 'p2', name: '部门经理', parentId: '0', isMainPost: false, isPrincipal: false },
    ]);
  });

  it('choosing a main post sets it Y and every other N; switching it off touches only it', () => {
    const entries = [entry('a', true), entry('b'), entry('c')];
    expect(setMainPost(entries, 'c', true).map((e) => e.isMainPost)).toEqual([false, false, true]);
    expect(setMainPost(entries, 'a', false).map((e) => e.isMainPost)).toEqual([false, false, false]);
  });

  it('principal toggles per row', () => {
    const entries = [entry('a', false, true), entry('b')];
    expect(togglePrincipal(entries, 'b').map((e) => e.isPrincipal)).toEqual([true, true]);
    expect(togglePrincipal(entries, 'a').map((e) => e.isPrincipal)).toEqual([false, false]);
  });

  it('reads Y/N or booleans and keeps booleans', () => {
    expect([asFlag('Y'), asFlag('N'), asFlag(true), asFlag(false), asFlag(undefined)]).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(normalisePositions([{ id: 7, isMainPost: 'Y', isPrincipal: 'N' }, null, 'x'])).toEqual([
      { id: '7', isMainPost: true, isPrincipal: false },
    ]);
    expect(normalisePositions(undefined)).toEqual([]);
  });
});

function Posts({ initial, readOnly }: { initial: unknown; readOnly?: boolean }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <PostAssignment value={value} onChange={setValue} readOnly={readOnly} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const valueOf = () => JSON.parse(screen.getByTestId('value').textContent!) as PositionEntry[];
const treeRow = (name: string) =>
  within(screen.getByTestId('post-tree'))
    .getByText(name, { selector: '[data-node-id]' })
    .closest('.ant-tree-treenode') as HTMLElement;
const check = (name: string) => fireEvent.click(treeRow(name).querySelector('.ant-tree-checkbox')!);
const switchOf = (label: string) => screen.getByRole('switch', { name: label });
/** What a Y/N switch shows: antd draws both labels and hides the one not in force. */
const shown = (toggle: HTMLElement) => (toggle.getAttribute('aria-checked') === 'true' ? 'Y' : 'N');

// The first render loads the screen kinds and antd parts lazily, which is slow on a busy machine.
describe('post assignment widget', { timeout: 20_000 }, () => {
  it('warns 你还没有选择任何节点！ when nothing is checked, and the root has no checkbox', async () => {
    const h = renderWithPeople(<Posts initial={[]} />);
    await within(screen.getByTestId('post-tree')).findByText('总经理', {}, SLOW);
    expect(treeRow('岗位').querySelector('.ant-tree-checkbox')).toBeNull();
    expect(treeRow('岗位').className).toContain('ant-tree-treenode-disabled');
    fireEvent.click(screen.getByTestId('post-add'));
    expect(h.ui.warnings).toEqual(['你还没有选择任何节点！']);
    expect(valueOf()).toEqual([]);
  });

  it('adds checked posts once, then sets the main post and toggles principal as Y/N', async () => {
    const h = renderWithPeople(<Posts initial={[]} />);
    await within(screen.getByTestId('post-tree')).findByText('总经理', {}, SLOW);
    check('总经理');
    check('部门经理');
    fireEvent.click(screen.getByTestId('post-add'));
    expect(valueOf().map((e) => [e.id, e.isMainPost, e.isPrincipal])).toEqual([
      ['p1', false, false],
      ['p2', false, false],
    ]);
    // The checks are cleared; checking a held post again adds nothing.
    expect(treeRow('总经理').querySelector('.ant-tree-checkbox-checked')).toBeNull();
    check('总经理');
    fireEvent.click(screen.getByTestId('post-add'));
    expect(valueOf()).toHaveLength(2);
    expect(h.ui.warnings).toEqual(['已跳过 1 个已存在的项']);

    fireEvent.click(switchOf('“部门经理”是否主岗位'));
    expect(valueOf().map((e) => e.isMainPost)).toEqual([false, true]);
    fireEvent.click(switchOf('“总经理”是否主岗位'));
    expect(valueOf().map((e) => e.isMainPost)).toEqual([true, false]);
    expect(shown(switchOf('“总经理”是否主岗位'))).toBe('Y');
    expect(shown(switchOf('“部门经理”是否主岗位'))).toBe('N');

    fireEvent.click(switchOf('“部门经理”是否负责人'));
    expect(valueOf().map((e) => e.isPrincipal)).toEqual([false, true]);
    fireEvent.click(switchOf('“部门经理”是否负责人'));
    expect(valueOf().map((e) => e.isPrincipal)).toEqual([false, false]);

    fireEvent.click(screen.getByRole('button', { name: '删除“总经理”' }));
    expect(valueOf().map((e) => e.id)).toEqual(['p2']);
  });

  it('loads sub-posts when a node opens, and they can be added too', async () => {
    const h = renderWithPeople(<Posts initial={[]} />);
    await within(screen.getByTestId('post-tree')).findByText('部门经理', {}, SLOW);
    fireEvent.click(treeRow('部门经理').querySelector('.ant-tree-switcher')!);
    await within(screen.getByTestId('post-tree')).findByText('法务经理', {}, SLOW);
    expect(h.callsOf('position.findTreeData').at(-1)!.request).toEqual({ body: { parentId: 'p2' } });
    check('法务经理');
    fireEvent.click(screen.getByTestId('post-add'));
    expect(valueOf()).toEqual([
      { id: 'p22', name: '法务经理', parentId: 'p2', isMainPost: false, isPrincipal: false },
    ]);
  });

  it('read-only shows the posts with locked switches and no tree or buttons', () => {
    renderWithPeople(
      <Posts readOnly initial={[{ id: 'p1', name: '总经理', isMainPost: 'Y', isPrincipal: 'N' }]} />,
    );
    expect(screen.queryByTestId('post-tree')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    const main = switchOf('“总经理”是否主岗位');
    expect(shown(main)).toBe('Y');
    expect(main.hasAttribute('disabled')).toBe(true);
  });
});
