/**
 * The right-click menu of a tree screen: antd's Dropdown anchored at the mouse. Loaded with the first
 * right-click, so a tree that is only looked at does not carry the menu code.
 */
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActionIcons } from '../actions/action-icons.tsx';
import type { TreeMenuAction } from './tree-types.ts';

export interface TreeContextMenuProps {
  /** Where the mouse was; null when closed. */
  at: { x: number; y: number } | null;
  /** The entries for the node, already filtered by `visible`; `disabled` as evaluated. */
  actions: readonly { action: TreeMenuAction; disabled: boolean }[];
  onPick(action: TreeMenuAction): void;
  onClose(): void;
}

export default function TreeContextMenu({ at, actions, onPick, onClose }: TreeContextMenuProps) {
  const { t } = useTranslation();
  const icon = useActionIcons(actions.map(({ action }) => action.icon));
  const items: MenuProps['items'] = actions.map(({ action, disabled }, i) => ({
    key: String(i),
    label: t(action.label ?? action.type),
    icon: icon(action.icon),
    danger: action.danger === true,
    disabled,
  }));
  return (
    <Dropdown
      open={!!at && items.length > 0}
      onOpenChange={(open) => !open && onClose()}
      trigger={['contextMenu']}
      menu={{
        items,
        onClick: ({ key }) => {
          const picked = actions[Number(key)];
          onClose();
          if (picked) onPick(picked.action);
        },
      }}
    >
      <div
        aria-hidden
        style={{ position: 'fixed', left: at?.x ?? 0, top: at?.y ?? 0, width: 1, height: 1 }}
      />
    </Dropdown>
  );
}
