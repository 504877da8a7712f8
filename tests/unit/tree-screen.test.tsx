/**
 * The tree kind on org-tree.yaml with fixture organisations: the root is shown disabled, children
 * load when a node opens, the right-click menu offers add/edit/remove (only add on the root), remove
 * asks first and calls org.remove; a drop calls org.saveMove / org.saveSort as planned, and a refused
 * drop leaves the tree as the server has it.
 */
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RendererEnvironmentProvider } from '../../renderers/environment/RendererEnvironment.tsx';
import { closeAllScreenDialogs } from '../../renderers/dialogs/index.ts';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { findNode, keyOf } from '../../renderers/tree/tree-model.ts';
import type { TreeScreenDefinition } from '../../renderers/tree/tree-types.ts';
import { useLazyTree } from '../../renderers/tree/useLazyTree.ts';
import { dropTargetOf, useTreeDrop } from '../../renderers/tree/useTreeDrop.ts';
import { setupTestI18n } from './support/i18n.ts';
import { recordingUi, renderWithPeople } from './support/people-harness.tsx';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

/** The tree row (antd treenode) showing a name. */
function treeRow(name: string): HTMLElement {
  const title = screen.getByText(name, { selector: '[data-node-id]' });
  return title.closest('.ant-tree-treenode') as HTMLElement;
}

// The first render loads the screen kinds and antd parts lazily, which is slow on a busy machine.
describe('org-tree screen', { timeout: 20_000 }, () => {
  it('loads the root with its first level, shows the root disabled, and loads children on expand', async () => {
    const h = renderWithPeople(<ScreenRenderer name="org-tree" />);
    await screen.findByText('财务部', { selector: '[data-node-id]' }, { timeout: 15_000 });
    expect(screen.getByText('组织管理')).toBeTruthy();
    expect(h.callsOf('org.findTreeData')[0].request).toEqual({ body: {} });
    expect(treeRow('演示企业集团').className).toContain('ant-tree-treenode-disabled');
    expect(treeRow('财务部').className).not.toContain('ant-tree-treenode-disabled');
    expect(screen.queryByText('审查一处')).toBeNull();

    fireEvent.click(treeRow('法律合规部').querySelector('.ant-tree-switcher')!);
    await screen.findByText('审查一处', { selector: '[data-node-id]' });
    expect(h.callsOf('org.findTreeData').at(-1)!.request).toEqual({ body: { parentId: 'o3' } });
    // A leaf asks for nothing.
    const calls = h.callsOf('org.findTreeData').length;
    expect(treeRow('财务部').querySelector('.ant-tree-switcher-noop')).toBeTruthy();
    expect(h.callsOf('org.findTreeData')).toHaveLength(calls);
  });

  it('a failed load closes the node instead of retrying; opening it again asks again', async () => {
    let fail = true;
    const h = renderWithPeople(<ScreenRenderer name="org-tree" />, {
      overrides: {
        'org.findTreeData': (request) => {
          const parentId = (request.body as { parentId?: string }).parentId;
          if (parentId === 'o3' && fail) throw new Error('server down');
          return parentId === 'o3'
            ? [{ id: 'o31', parentId: 'o3', name: '审查一处', isParent: false }]
            : [
                {
                  id: '0',
                  name: '演示企业集团',
                  isParent: true,
                  children: [{ id: 'o3', parentId: '0', name: '法律合规部', isParent: true }],
                },
              ];
        },
      },
    });
    await screen.findByText('法律合规部', { selector: '[data-node-id]' }, { timeout: 15_000 });
    const switcher = () => treeRow('法律合规部').querySelector('.ant-tree-switcher')!;
    fireEvent.click(switcher());
    await waitFor(() => expect(switcher().className).toContain('ant-tree-switcher_close'));
    // antd ignores a click while the closing animation runs (it ends by its deadline here); and in
    // that time nothing asks again on its own.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const o3Calls = () =>
      h
        .callsOf('org.findTreeData')
        .filter((c) => (c.request.body as { parentId?: string }).parentId === 'o3');
    expect(o3Calls()).toHaveLength(1);

    fail = false;
    fireEvent.click(switcher());
    await screen.findByText('审查一处', { selector: '[data-node-id]' });
  });

  it('offers add, edit, roles and remove on a node, and only add on the root', async () => {
    renderWithPeople(<ScreenRenderer name="org-tree" />);
    await screen.findByText('财务部', { selector: '[data-node-id]' }, { timeout: 15_000 });

    fireEvent.contextMenu(screen.getByText('财务部', { selector: '[data-node-id]' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['添加下级组织', '编辑组织', '角色', '删除组织']);

    fireEvent.contextMenu(screen.getByText('演示企业集团', { selector: '[data-node-id]' }));
    await waitFor(() =>
      expect(
        within(screen.getAllByRole('menu').at(-1)!)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual(['添加下级组织']),
    );
  });

  it('removes a node after asking, with its id, then reads its level again', async () => {
    const h = renderWithPeople(<ScreenRenderer name="org-tree" />);
    await screen.findByText('财务部', { selector: '[data-node-id]' }, { timeout: 15_000 });
    fireEvent.contextMenu(screen.getByText('财务部', { selector: '[data-node-id]' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByText('删除组织'));

    await waitFor(() => expect(h.callsOf('org.remove')).toHaveLength(1));
    expect(h.ui.questions).toEqual(['确定删除组织“财务部”吗？']);
    expect(h.callsOf('org.remove')[0].request).toEqual({ query: { ids: 'o2' } });
    expect(h.ui.successes).toEqual(['删除成功']);
    await waitFor(() =>
      expect(h.callsOf('org.findTreeData').at(-1)!.request).toEqual({ body: { parentId: '0' } }),
    );
  });

  it('does not remove when the question is declined', async () => {
    const h = renderWithPeople(<ScreenRenderer name="org-tree" />);
    h.ui.answer = false;
    await screen.findByText('财务部', { selector: '[data-node-id]' }, { timeout: 15_000 });
    fireEvent.click(screen.getByText('财务部', { selector: '[data-node-id]' }));
    // The selected node's actions are buttons too.
    fireEvent.click(within(screen.getByTestId('tree-node-actions')).getByText('删除组织'));
    await waitFor(() => expect(h.ui.questions).toHaveLength(1));
    expect(h.callsOf('org.remove')).toHaveLength(0);
  });
});

const SCREEN: TreeScreenDefinition = {
  kind: 'tree',
  title: 'tree.org.title',
  operation: 'org.findTreeData',
  move: { operation: 'org.saveMove' },
  sort: { operation: 'org.saveSort' },
};

function dropHarness(overrides = {}) {
  const dataSource = createFixtureDataSource({ overrides });
  const ui = recordingUi();
  const environment = { call: dataSource, notify: ui };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RendererEnvironmentProvider value={environment}>{children}</RendererEnvironmentProvider>
  );
  const hook = renderHook(
    () => {
      const tree = useLazyTree({ operation: 'org.findTreeData', dataSource });
      return { tree, drop: useTreeDrop(SCREEN, tree, dataSource) };
    },
    { wrapper },
  );
  const childIds = (key: string) =>
    (findNode(hook.result.current.tree.nodes, key)?.children ?? []).map((n) => keyOf(n.id));
  return {
    ...hook,
    dataSource,
    ui,
    childIds,
    callsOf: (op: string) => dataSource.calls.filter((c) => c.operation === op),
  };
}

/** antd's onDrop info for a drop on `dropKey` (at position `index` among its siblings). */
function dropInfo(dragKey: string, dropKey: string, index: number, where: 'inside' | 'before' | 'after') {
  return {
    node: { key: dropKey, pos: `0-0-${index}` },
    dragNode: { key: dragKey },
    dropPosition: where === 'before' ? index - 1 : where === 'after' ? index + 1 : index,
    dropToGap: where !== 'inside',
  } as unknown as Parameters<ReturnType<typeof useTreeDrop>['onDrop']>[0];
}

describe('dragging in a tree screen', () => {
  it("reads antd's drop position as into (first child of an open node), before or after", () => {
    const open = dropInfo('a', 'b', 2, 'inside');
    Object.assign(open.node, { expanded: true, children: [{ key: 'b1' }] });
    expect(dropTargetOf(open).position).toBe('first');
    expect(dropTargetOf(dropInfo('a', 'b', 2, 'inside'))).toEqual({
      dragKey: 'a',
      dropKey: 'b',
      position: 'inside',
    });
    expect(dropTargetOf(dropInfo('a', 'b', 2, 'before')).position).toBe('before');
    expect(dropTargetOf(dropInfo('a', 'b', 2, 'after')).position).toBe('after');
  });

  it('sorts siblings with org.saveSort and shows the new order', async () => {
    const h = dropHarness();
    await waitFor(() => expect(h.childIds('0')).toEqual(['o1', 'o2', 'o3']));
    await act(() => h.result.current.drop.onDrop(dropInfo('o3', 'o1', 0, 'before')));
    expect(h.callsOf('org.saveSort').map((c) => c.request)).toEqual([{ query: { ids: 'o3,o1,o2' } }]);
    expect(h.callsOf('org.saveMove')).toHaveLength(0);
    expect(h.childIds('0')).toEqual(['o3', 'o1', 'o2']);
    expect(h.ui.successes).toEqual(['排序成功']);
  });

  it('moves a node into another with org.saveMove', async () => {
    const h = dropHarness();
    await waitFor(() => expect(h.childIds('0')).toEqual(['o1', 'o2', 'o3']));
    await act(() => h.result.current.drop.onDrop(dropInfo('o2', 'o3', 2, 'inside')));
    expect(h.callsOf('org.saveMove').map((c) => c.request)).toEqual([
      { query: { id: 'o2', parentId: 'o3' } },
    ]);
    expect(h.callsOf('org.saveSort')).toHaveLength(0);
    expect(h.childIds('0')).toEqual(['o1', 'o3']);
    expect(h.ui.successes).toEqual(['移动成功']);
  });

  it('leaves the tree as the server has it when the move is refused', async () => {
    const h = dropHarness({
      'org.saveMove': () => {
        throw new Error('refused');
      },
    });
    await waitFor(() => expect(h.childIds('0')).toEqual(['o1', 'o2', 'o3']));
    const loads = h.callsOf('org.findTreeData').length;
    await act(() => h.result.current.drop.onDrop(dropInfo('o2', 'o3', 2, 'inside')));
    expect(h.childIds('0')).toEqual(['o1', 'o2', 'o3']);
    expect(h.ui.successes).toEqual([]);
    // Both parents are read again.
    expect(
      h
        .callsOf('org.findTreeData')
        .slice(loads)
        .map((c) => c.request),
    ).toEqual([{ body: { parentId: '0' } }, { body: { parentId: 'o3' } }]);
  });
});
