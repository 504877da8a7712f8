/**
 * The tab strip (spec §2 'Tab strip', 'Tab pages'). Tabs are dragged to reorder (dnd-kit), closed
 * by middle-click, refreshed by double-click; the right-click menu offers close left, close right,
 * close, close others, close all (on the dashboard only close others). Keyboard: arrows move between tabs, Enter opens, Delete closes,
 * Ctrl+Shift+Left/Right moves a tab, the context-menu key (Shift+F10) opens the menu.
 */
import { lazy, Suspense, useRef, type KeyboardEvent } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { notifier } from '../../api/notifier.ts';
import { refreshPathFor } from '../../router/refresh-path.ts';
import { normalisePath } from '../page-resolver.ts';
import { InvalidTabActionError, moveTab, runTabAction, type PageTab, type TabChange } from './tab-rules.ts';
import { TabItem, type TabHandlers } from './TabItem.tsx';
import { refreshTabAtom, tabsAtom } from './tabs-store.ts';

// Drag and drop (dnd-kit) loads once a tab can move: with the dashboard alone there is nothing to drag.
const TabStripDnd = lazy(() => import('./TabStripDnd.tsx'));

export default function TabStrip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [tabs, setTabs] = useAtom(tabsAtom);
  const refreshTab = useSetAtom(refreshTabAtom);
  const strip = useRef<HTMLDivElement>(null);
  // The tab that last had the keyboard focus, kept until the focus moves elsewhere on purpose: when
  // drag and drop loads, the tabs' elements are replaced and the browser drops the focus to the body.
  const lastFocused = useRef<string | null>(null);
  const activePath = normalisePath(location.pathname);

  function apply(change: TabChange): void {
    setTabs(change.tabs);
    if (change.navigateTo) void navigate(change.navigateTo);
  }

  function focusTab(path: string): void {
    requestAnimationFrame(() =>
      strip.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`)?.focus(),
    );
  }

  function restoreFocus(): void {
    const path = lastFocused.current;
    const active = document.activeElement;
    if (path && (!active || active === document.body)) focusTab(path);
  }

  const handlers: TabHandlers = {
    onOpen: (tab) => void navigate(tab.fullPath),
    onAction: (action, tab) => {
      try {
        apply(runTabAction(action, tabs, tab.path, activePath));
      } catch (error) {
        if (error instanceof InvalidTabActionError) notifier.error(t('tabs.invalidOperation'), 3);
        else throw error;
      }
    },
    onRefresh: (tab) => {
      if (tab.path === activePath) void navigate(refreshPathFor(tab.fullPath), { replace: true });
      else {
        refreshTab(tab.path);
        void navigate(tab.fullPath);
      }
    },
    onKey: (event: KeyboardEvent<HTMLDivElement>, tab: PageTab) => {
      const index = tabs.findIndex((other) => other.path === tab.path);
      const neighbour = (step: number) => tabs[(index + step + tabs.length) % tabs.length];
      const horizontal = event.key === 'ArrowRight' || event.key === 'ArrowLeft';
      const step = event.key === 'ArrowRight' ? 1 : -1;
      if (horizontal && event.ctrlKey && event.shiftKey) {
        event.preventDefault();
        setTabs(moveTab(tabs, tab.path, neighbour(step).path));
        focusTab(tab.path);
      } else if (horizontal) {
        event.preventDefault();
        focusTab(neighbour(step).path);
      } else if (event.key === 'Home' || event.key === 'End') {
        event.preventDefault();
        focusTab((event.key === 'Home' ? tabs[0] : tabs[tabs.length - 1]).path);
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        void navigate(tab.fullPath);
      } else if (event.key === 'Delete') {
        event.preventDefault();
        handlers.onAction('close', tab);
      }
    },
  };

  const plain = tabs.map((tab) => (
    <TabItem key={tab.path} tab={tab} tabs={tabs} active={tab.path === activePath} handlers={handlers} />
  ));

  return (
    <nav className="mf-tabs-nav" aria-label={t('tabs.label')}>
      <div
        ref={strip}
        className="mf-tabs"
        role="tablist"
        aria-label={t('tabs.label')}
        data-testid="tab-strip"
        onFocus={(event) => {
          lastFocused.current = event.target.getAttribute('data-path');
        }}
        onBlur={(event) => {
          const next = event.relatedTarget;
          if (next instanceof Node && !strip.current?.contains(next)) lastFocused.current = null;
        }}
      >
        {tabs.some((tab) => !tab.meta.affix) ? (
          <Suspense fallback={plain}>
            <TabStripDnd
              tabs={tabs}
              activePath={activePath}
              handlers={handlers}
              onMove={(from, to) => setTabs(moveTab(tabs, from, to))}
              onShown={restoreFocus}
            />
          </Suspense>
        ) : (
          plain
        )}
      </div>
    </nav>
  );
}
