/**
 * The tree kind: a lazily loaded tree (root id 0 / '0' shown disabled, 400 px high by default) with
 * drag to move and sort, and a right-click menu of actions on a node. The actions of the selected
 * node also show above the tree, so everything the menu does can be done with the keyboard.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Flex, Select } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '../actions/ActionButtons.tsx';
import { useRunAction } from '../actions/useRunAction.ts';
import { useCan, useSessionScope } from '../actions/session-scope.tsx';
import { useDataSource } from '../data-source.tsx';
import { evaluateCondition } from '../expression/index.ts';
import { resolveQuery } from '../actions/params.ts';
import { ScreenContext, useScreenContext } from '../screen-context.tsx';
import { useScopeOptions } from './useScopeOptions.ts';
import type { ScreenProps } from '../screen-types.ts';
import { LazyTree } from './LazyTree.tsx';
import { findNode, isRootId, keyOf, placeOf } from './tree-model.ts';
import type { TreeMenuAction, TreeNodeData, TreeScreenDefinition } from './tree-types.ts';
import { useLazyTree } from './useLazyTree.ts';
import { useScreenLoadFailure } from '../screen-host-context.tsx';
import { useTreeDrop } from './useTreeDrop.ts';

const selectAny = () => true;

const TreeContextMenu = lazy(() => import('./TreeContextMenu.tsx'));

interface OpenMenu {
  key: string;
  x: number;
  y: number;
}

/**
 * With a `scope`, a select above the tree picks the value the tree depends on; the tree and its
 * actions then see it among the screen's params (through the screen context).
 */
export default function TreeScreen(props: ScreenProps<TreeScreenDefinition>) {
  const { screen } = props;
  const { t, i18n } = useTranslation();
  const context = useScreenContext();
  const params = props.params ?? context.params;
  const scope = useScopeOptions(screen.scope, params);
  const scoped = useMemo(
    () => (screen.scope ? { ...params, [screen.scope.param]: scope.value } : params),
    [params, screen.scope, scope.value],
  );
  if (!screen.scope) return <TreeBody {...props} params={params} />;
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8}>
        <span>{t(screen.scope.label)}</span>
        <Select
          data-testid="tree-scope"
          aria-label={t(screen.scope.label)}
          style={{ minWidth: 220 }}
          loading={scope.loading}
          value={scope.value}
          // Subsystem names may be translation keys (menu.subsystem.<alias>).
          options={scope.options.map((o) => ({ ...o, label: i18n.exists(o.label) ? t(o.label) : o.label }))}
          onChange={(value: string) => scope.choose(value)}
        />
      </Flex>
      {scope.value !== undefined && (
        <ScreenContext.Provider value={{ ...context, params: scoped }}>
          <TreeBody key={scope.value} {...props} params={scoped} />
        </ScreenContext.Provider>
      )}
    </Flex>
  );
}

function TreeBody(props: ScreenProps<TreeScreenDefinition>) {
  const { screen } = props;
  const { t, i18n } = useTranslation();
  const context = useScreenContext();
  const params = props.params ?? context.params;
  const session = useSessionScope();
  const can = useCan();
  const dataSource = useDataSource();
  const runAction = useRunAction();
  const query = screen.query ? resolveQuery(screen.query, { params, session }) : undefined;
  const tree = useLazyTree({
    operation: screen.operation,
    dataSource,
    parentParam: screen.parentParam,
    params: screen.params,
    query,
    whole: screen.whole ? { rootName: t(screen.whole.rootName) } : undefined,
    mapNode: screen.translateNames
      ? (node) => (i18n.exists(node.name) ? { ...node, name: t(node.name) } : node)
      : undefined,
  });
  useScreenLoadFailure(tree.error);
  const drop = useTreeDrop(screen, tree, dataSource);
  const [selected, setSelected] = useState<string>();
  const [menu, setMenu] = useState<OpenMenu | null>(null);

  const actionsFor = (node: TreeNodeData | undefined): TreeMenuAction[] =>
    node
      ? (screen.contextMenu ?? []).filter(
          (action) =>
            can(action.permission) &&
            evaluateCondition(action.visible, { record: node, session, params }, true),
        )
      : [];

  /** After an action on a node: its own children (if loaded) and its siblings are read again. */
  const refreshAround = (node: TreeNodeData) => {
    const key = keyOf(node.id);
    const parent = placeOf(tree.nodes, key)?.parent;
    if (Array.isArray(findNode(tree.nodes, key)?.children)) void tree.reload(key);
    void (parent ? tree.reload(keyOf(parent.id)) : tree.reload());
  };

  const run = (action: TreeMenuAction, node: TreeNodeData) =>
    void runAction(action, { record: node, refresh: () => refreshAround(node), screen });

  const menuNode = menu ? findNode(tree.nodes, menu.key) : undefined;
  const menuActions = actionsFor(menuNode);
  const menuScope = { record: menuNode, session, params };

  // With nothing selected (or the selected node gone) the buttons act on the root (e.g. add a
  // top-level node).
  const selectedNode = (selected && findNode(tree.nodes, selected)) || tree.nodes.find((n) => isRootId(n.id));

  const body = (
    <Flex vertical gap={8} data-testid="tree-screen">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div data-testid="tree-node-actions">
          {selectedNode && (
            <ActionButtons
              actions={screen.contextMenu}
              input={{ record: selectedNode, refresh: () => refreshAround(selectedNode), screen }}
            />
          )}
        </div>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          aria-label={t('tree.reload')}
          onClick={() => void tree.reload()}
        />
      </Flex>
      <LazyTree
        data-testid="tree-view"
        tree={tree}
        height={screen.height}
        selectableNode={selectAny}
        selectedKeys={selected ? [selected] : []}
        onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : undefined)}
        draggable={
          // The root is disabled, so it never starts a drag, but it must take part to accept drops.
          drop.enabled ? { icon: false, nodeDraggable: () => !drop.busy } : false
        }
        allowDrop={drop.allowDrop}
        onDrop={(info) => void drop.onDrop(info)}
        onRightClick={({ event, node }) => {
          if (!screen.contextMenu?.length) return;
          event.preventDefault();
          setSelected(String(node.key));
          setMenu({ key: String(node.key), x: event.clientX, y: event.clientY });
        }}
      />
      {menu && (
        <Suspense fallback={null}>
          <TreeContextMenu
            at={menu}
            actions={menuActions.map((action) => ({
              action,
              disabled: evaluateCondition(action.disabled, menuScope, false),
            }))}
            onPick={(action) => menuNode && run(action, menuNode)}
            onClose={() => setMenu(null)}
          />
        </Suspense>
      )}
    </Flex>
  );
  // The screen host draws the page frame and title.
  return body;
}
