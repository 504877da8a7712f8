/**
 * The tab strip (spec §2 'Tab strip', 'Tab pages'). Tabs are dragged to reorder (dnd-kit), closed
 * by middle-click, refreshed by double-click; the right-click menu offers close left, close right,
 * close, close others, close all (on the dashboard only close others). Keyboard: arrows move between tabs, Enter opens, Delete closes,
 * Ctrl+Shift+Left/Right moves a tab, the context-menu key (Shift+F10) opens the menu.
 */
import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { notifier } from '../../api/notifier.ts';
import { refreshPathFor } from '../../router/refresh-path.ts';
import { normalisePath } from '../page-resolver.ts';
import { InvalidTabActionError, moveTab, runTabAction, type PageTab, type TabChange } from './tab-rules.ts';
import { TabItem, type TabHandlers } from './TabItem.tsx';
import { refreshTabAtom, tabsAtom } from './tabs-store.ts';

type DndStrip = ComponentType<Parameters<typeof import('./TabStripDnd.tsx').default>[0]>;

// Drag and drop (dnd-kit) loads once the user can start a drag: a tab can move (with the dashboard
// alone there is nothing to drag) and the pointer is on the strip or the focus in it.
let dndModule: Promise<DndStrip> | undefined;
const loadDnd = () => (dndModule ??= import('./TabStripDnd.tsx').then((m) => m.default));

/** Two clicks closer than this may make a double-click (the tabs' elements are not replaced between). */
const DOUBLE_CLICK_MS = 500;

/** A press on a tab that began before drag and drop was in place (see replayPress). */
interface Press {
  path: string;
  pointerId: number;
  x: number;
  y: number;
  /** Set once the press has been handed to the drag-and-drop tabs. */
  replayed: boolean;
  moved: boolean;
}

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
  const movable = tabs.some((tab) => !tab.meta.affix);
  const [Dnd, setDnd] = useState<DndStrip | null>(null);
  const press = useRef<Press | null>(null);
  const clicked = useRef(false);

  // Loaded, and shown as soon as nothing is under way that replacing the tabs' elements would break:
  // a tab's menu open (it would close), a click that a second one may make a double-click.
  const loaded = useRef<DndStrip | null>(null);
  const menuOpen = useRef(false);
  const lastRelease = useRef(-Infinity);

  function showDnd(): void {
    const component = loaded.current;
    if (!component || menuOpen.current) return; // again when the menu closes
    const wait = lastRelease.current + DOUBLE_CLICK_MS - performance.now();
    // A press under way is handed over (replayPress) rather than waited for: it may be a drag.
    if (wait > 0 && !press.current) setTimeout(showDnd, wait);
    else setDnd(() => component);
  }

  /**
   * The pointer on the strip: load drag and drop and show it. The focus in the strip only loads it:
   * keyboard users do not drag (they move tabs with Ctrl+Shift+arrows), and replacing the tabs'
   * elements under the focus would lose keys typed meanwhile.
   */
  function wantDnd(show = true): void {
    if (!movable || Dnd) return;
    // Rendered only once loaded (not through lazy/Suspense): the plain tabs stay until then.
    void loadDnd().then((component) => {
      loaded.current = component;
      if (show) showDnd();
    });
  }

  // A tab that becomes movable while the pointer already rests on the strip (or the focus is in it).
  useEffect(() => {
    const el = strip.current;
    if (!movable || Dnd || !el) return;
    if (el.matches(':hover')) wantDnd();
    else if (el.contains(document.activeElement)) wantDnd(false);
  });

  useEffect(() => {
    const up = (event: PointerEvent) => {
      const held = press.current;
      if (!held || held.pointerId !== event.pointerId) return;
      press.current = null;
      if (!held.replayed && held.moved) dropBeforeDnd(held, event);
      if (!held.replayed || held.moved) return;
      // The press began on a plain tab that drag and drop then replaced: the browser's click has no
      // tab to land on, so a press released without a drag opens the tab as a click does.
      clicked.current = false;
      setTimeout(() => {
        const tab = tabs.find((one) => one.path === held.path);
        if (!clicked.current && tab) void navigate(tab.fullPath); // as handlers.onOpen
      });
    };
    const move = (event: PointerEvent) => {
      const held = press.current;
      if (
        held &&
        held.pointerId === event.pointerId &&
        Math.hypot(event.clientX - held.x, event.clientY - held.y) > 6
      )
        held.moved = true;
    };
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    window.addEventListener('pointermove', move, true);
    return () => {
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
      window.removeEventListener('pointermove', move, true);
    };
  });

  /**
   * A drag made and released before drag and drop arrived (a slow network): the tab goes where
   * drag and drop would have put it, next to the movable tab whose centre is nearest the dragged
   * tab's centre moved by the drag (dnd-kit's closestCenter).
   */
  function dropBeforeDnd(held: Press, event: PointerEvent): void {
    const rectOf = (path: string) =>
      strip.current?.querySelector(`[data-path="${CSS.escape(path)}"]`)?.getBoundingClientRect();
    const source = rectOf(held.path);
    const movableTabs = tabs.filter((tab) => !tab.meta.affix);
    if (!source || !movableTabs.some((tab) => tab.path === held.path)) return;
    const x = source.left + source.width / 2 + event.clientX - held.x;
    const y = source.top + source.height / 2 + event.clientY - held.y;
    let nearest = held.path;
    let distance = Infinity;
    for (const tab of movableTabs) {
      const rect = rectOf(tab.path);
      const d = rect ? Math.hypot(rect.left + rect.width / 2 - x, rect.top + rect.height / 2 - y) : Infinity;
      if (d < distance) [nearest, distance] = [tab.path, d];
    }
    if (nearest !== held.path) setTabs(moveTab(tabs, held.path, nearest));
  }

  /**
   * A press that began on a plain tab (before drag and drop loaded) and is still held when the
   * drag-and-drop tabs replace the plain ones is handed to them, at the point it began, so the drag
   * the user is making is not missed.
   */
  function replayPress(): void {
    const held = press.current;
    const target =
      held && strip.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(held.path)}"]`);
    if (!held || !target) return;
    held.replayed = true;
    target.dispatchEvent(
      new PointerEvent('pointerdown', {
        bubbles: true,
        cancelable: true,
        composed: true,
        isPrimary: true,
        pointerId: held.pointerId,
        pointerType: 'mouse',
        button: 0,
        buttons: 1,
        clientX: held.x,
        clientY: held.y,
      }),
    );
  }

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
    onMenuOpenChange: (open) => {
      menuOpen.current = open;
      if (!open) showDnd();
    },
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
          wantDnd(false);
        }}
        onPointerEnter={() => wantDnd()}
        onPointerMove={Dnd ? undefined : () => wantDnd()}
        onPointerDownCapture={(event) => {
          const target = event.target as Element;
          // The close button is no drag handle (it stops the press from reaching drag and drop).
          const path = target.closest('.mf-tab-close')
            ? null
            : target.closest('[data-path]')?.getAttribute('data-path');
          if (Dnd || !path || event.button !== 0 || !event.isPrimary) return;
          press.current = {
            path,
            pointerId: event.pointerId,
            x: event.clientX,
            y: event.clientY,
            replayed: false,
            moved: false,
          };
        }}
        onPointerUp={() => {
          lastRelease.current = performance.now();
        }}
        onClickCapture={() => {
          clicked.current = true;
        }}
        onBlur={(event) => {
          const next = event.relatedTarget;
          if (next instanceof Node && !strip.current?.contains(next)) lastFocused.current = null;
        }}
      >
        {movable && Dnd ? (
          <Dnd
            tabs={tabs}
            activePath={activePath}
            handlers={handlers}
            onMove={(from, to) => setTabs(moveTab(tabs, from, to))}
            onShown={() => {
              restoreFocus();
              replayPress();
            }}
          />
        ) : (
          plain
        )}
      </div>
    </nav>
  );
}
