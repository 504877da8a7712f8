/**
 * Drag and drop for the tab strip (dnd-kit; about 14 KB gzip). TabStrip loads it once the user can
 * start a drag: a tab can move and the pointer reaches the strip (the focus entering it only loads it,
 * so the tabs are not replaced under the keyboard). These tabs then replace the plain ones; a press
 * already under way is handed over to them (TabStrip's replayPress), so neither the drag nor the click
 * it may turn out to be is lost.
 * Keyboard users move tabs with Ctrl+Shift+Left/Right instead.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import {
  DndContext,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, horizontalListSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { useMenuLabel } from '../menu-label.ts';
import type { PageTab } from './tab-rules.ts';
import { TabItem, type TabHandlers } from './TabItem.tsx';

function SortableTab(props: {
  tab: PageTab;
  active: boolean;
  tabs: readonly PageTab[];
  handlers: TabHandlers;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.tab.path,
  });
  // dnd-kit's own role and tab stop are not used: the strip has its own (role tab, roving focus).
  const { role: _role, tabIndex: _tabIndex, ...rest } = attributes;
  return (
    <TabItem
      {...props}
      sortable={{
        ref: setNodeRef,
        attributes: rest,
        listeners,
        style: { transform: CSS.Translate.toString(transform), transition },
        dragging: isDragging,
      }}
    />
  );
}

export default function TabStripDnd({
  tabs,
  activePath,
  handlers,
  onMove,
  onShown,
}: {
  tabs: readonly PageTab[];
  activePath: string;
  handlers: TabHandlers;
  onMove: (from: string, to: string) => void;
  /** Called when these tabs replace the plain ones (or are shown again after a suspension). */
  onShown: () => void;
}) {
  const shown = useRef(onShown);
  useLayoutEffect(() => shown.current(), []);
  // A small move before a drag starts, so clicks, double-clicks and middle-clicks stay clicks.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const fixed = tabs.filter((tab) => tab.meta.affix);
  const movable = tabs.filter((tab) => !tab.meta.affix);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };
  const { t } = useTranslation();
  const label = useMenuLabel();
  // What screen readers hear, in the user's language; kept out of the tab list (document.body).
  const accessibility = useMemo(() => {
    const titleOf = (id: unknown) => {
      const tab = tabs.find((one) => one.path === id);
      return tab ? label(tab.meta.title, tab.params) : String(id);
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('tabs.announce.start', { title: titleOf(active.id) }),
      onDragOver: ({ active, over }) =>
        over ? t('tabs.announce.over', { title: titleOf(active.id), over: titleOf(over.id) }) : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('tabs.announce.end', { title: titleOf(active.id), over: titleOf(over.id) })
          : t('tabs.announce.cancel', { title: titleOf(active.id) }),
      onDragCancel: ({ active }) => t('tabs.announce.cancel', { title: titleOf(active.id) }),
    };
    return {
      container: document.body,
      announcements,
      screenReaderInstructions: { draggable: t('tabs.dragHint') },
    };
  }, [tabs, t, label]);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      {/* Fixed tabs (the dashboard) stay out of the sortable list: nothing moves past them. */}
      {fixed.map((tab) => (
        <TabItem key={tab.path} tab={tab} tabs={tabs} active={tab.path === activePath} handlers={handlers} />
      ))}
      <SortableContext items={movable.map((tab) => tab.path)} strategy={horizontalListSortingStrategy}>
        {movable.map((tab) => (
          <SortableTab
            key={tab.path}
            tab={tab}
            tabs={tabs}
            active={tab.path === activePath}
            handlers={handlers}
          />
        ))}
      </SortableContext>
    </DndContext>
  );
}
