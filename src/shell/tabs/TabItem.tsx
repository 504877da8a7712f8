/**
 * One tab of the strip: click opens, middle-click closes, double-click refreshes, right-click (or
 * Shift+F10) opens the menu of tab actions. Drag and drop is added around it by TabStripDnd once the
 * strip has a tab that can move.
 */
import type { CSSProperties, KeyboardEvent, Ref } from 'react';
import type { MenuProps } from 'antd';
// The dropdown alone: antd's `Dropdown` export carries Dropdown.Button, and Space with it.
import Dropdown from 'antd/es/dropdown/dropdown';
import { CloseOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useMenuLabel } from '../menu-label.ts';
import { usePopupIcons } from '../usePopupIcons.ts';
import { actionApplies, actionsFor, type PageTab } from './tab-rules.ts';
import { ownTabTitle, tabTitlesAtom } from './tab-titles.ts';

export interface TabHandlers {
  onOpen: (tab: PageTab) => void;
  onAction: (action: string, tab: PageTab) => void;
  onRefresh: (tab: PageTab) => void;
  onKey: (event: KeyboardEvent<HTMLDivElement>, tab: PageTab) => void;
  /** A tab's menu opened or closed (TabStrip does not replace the tabs while one is open). */
  onMenuOpenChange?: (open: boolean) => void;
}

export interface SortableBits {
  ref: Ref<HTMLDivElement>;
  attributes: Record<string, unknown>;
  listeners: Record<string, unknown> | undefined;
  style: CSSProperties;
  dragging: boolean;
}

export function TabItem({
  tab,
  active,
  tabs,
  handlers,
  sortable,
}: {
  tab: PageTab;
  active: boolean;
  tabs: readonly PageTab[];
  handlers: TabHandlers;
  sortable?: SortableBits;
}) {
  const { t, i18n } = useTranslation();
  const label = useMenuLabel();
  const ownTitle = ownTabTitle(useAtomValue(tabTitlesAtom), tab.path, i18n.language);
  const fixed = Boolean(tab.meta.affix);
  const [icon, loadIcons] = usePopupIcons();
  const items: MenuProps['items'] = [
    ...actionsFor(tab).map((action) => ({
      key: action,
      label: t(`tabs.${action}`),
      disabled: !actionApplies(action, tabs, tab.path),
    })),
    { type: 'divider' as const },
    { key: 'refresh', label: t('tabs.refresh'), icon: icon('refresh') },
  ];
  return (
    <Dropdown
      trigger={['contextMenu']}
      onOpenChange={(open) => {
        if (open) loadIcons();
        handlers.onMenuOpenChange?.(open);
      }}
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          // The action may remove this tab with its menu: the menu counts as closed either way.
          handlers.onMenuOpenChange?.(false);
          if (key === 'refresh') handlers.onRefresh(tab);
          else handlers.onAction(key, tab);
        },
      }}
    >
      <div
        ref={sortable?.ref}
        {...sortable?.attributes}
        {...sortable?.listeners}
        role="tab"
        aria-selected={active}
        aria-controls="mf-main"
        tabIndex={active ? 0 : -1}
        className={`mf-tab${active ? ' mf-tab-active' : ''}${sortable?.dragging ? ' mf-tab-dragging' : ''}`}
        style={sortable?.style}
        data-path={tab.path}
        data-testid="tab"
        onClick={() => handlers.onOpen(tab)}
        // The menu's icon loads as the pointer or the focus arrives, before a right-click opens it.
        onPointerEnter={loadIcons}
        onFocus={loadIcons}
        onMouseDown={(event) => {
          // Middle button: no autoscroll cursor.
          if (event.button === 1) event.preventDefault();
        }}
        onAuxClick={(event) => {
          if (event.button !== 1) return;
          event.preventDefault();
          if (!fixed) handlers.onAction('close', tab);
        }}
        onDoubleClick={() => handlers.onRefresh(tab)}
        onKeyDown={(event) => handlers.onKey(event, tab)}
      >
        <span className="mf-tab-title">{ownTitle ?? label(tab.meta.title, tab.params)}</span>
        {!fixed && (
          <span
            className="mf-tab-close"
            aria-hidden
            title={t('tabs.close')}
            onClick={(event) => {
              event.stopPropagation();
              handlers.onAction('close', tab);
            }}
            onPointerDown={(event) => event.stopPropagation()}
          >
            <CloseOutlined />
          </span>
        )}
      </div>
    </Dropdown>
  );
}
