/**
 * The horizontal header menu (spec §2 'Shell'): the top-level menu entries. Choosing one shows its
 * entries in the side menu (or opens it, if it is a page). When the entries do not fit, arrows scroll
 * them; scrolling is throttled to once per 300 ms (spec §9). Keyboard: arrows, Home and End move
 * between entries, Enter or Space chooses.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from './menu-icons.tsx';
import { useMenuLabel } from './menu-label.ts';
import type { MenuEntry } from './menu-model.ts';
import { throttle } from './throttle.ts';

/** Spec §9: header scroll throttle. */
export const HEADER_SCROLL_THROTTLE_MS = 300;
const SCROLL_STEP = 240;

/** One header menu per page, so one throttle for the page. */
const scrollThrottled = throttle((element: HTMLElement, direction: -1 | 1) => {
  element.scrollBy({ left: direction * SCROLL_STEP, behavior: 'smooth' });
}, HEADER_SCROLL_THROTTLE_MS);

export function HeaderMenu({
  entries,
  activeId,
  onChoose,
}: {
  entries: readonly MenuEntry[];
  activeId: string | undefined;
  onChoose: (entry: MenuEntry) => void;
}) {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const viewport = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    setEdges({ left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, entries]);

  const scroll = (direction: -1 | 1) => {
    if (viewport.current) scrollThrottled(viewport.current, direction);
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const items = [...(viewport.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      event.preventDefault();
      const item = items[(i + items.length) % items.length];
      item?.focus();
      item?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    };
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
  }

  if (!entries.length) return <div className="mf-header-menu" />;
  const activeIndex = Math.max(
    0,
    entries.findIndex((e) => e.id === activeId),
  );
  return (
    <div className="mf-header-menu">
      {edges.left && (
        <Button
          type="text"
          size="small"
          className="mf-header-menu-arrow"
          icon={<LeftOutlined />}
          aria-label={t('shellKit.scrollLeft')}
          onClick={() => scroll(-1)}
        />
      )}
      <div
        ref={viewport}
        className="mf-header-menu-viewport"
        role="menubar"
        aria-label={t('shellKit.headerMenu')}
        onScroll={measure}
        onWheel={(event) => {
          if ((edges.left || edges.right) && event.deltaY !== 0) scroll(event.deltaY > 0 ? 1 : -1);
        }}
        onKeyDown={onKeyDown}
        data-testid="header-menu"
      >
        {entries.map((entry, i) => (
          <button
            key={entry.id}
            type="button"
            role="menuitem"
            tabIndex={i === activeIndex ? 0 : -1}
            aria-current={entry.id === activeId ? 'true' : undefined}
            className={`mf-header-menu-item${entry.id === activeId ? ' mf-active' : ''}`}
            onClick={() => onChoose(entry)}
          >
            <MenuIcon name={entry.icon} />
            <span>{label(entry.name)}</span>
          </button>
        ))}
      </div>
      {edges.right && (
        <Button
          type="text"
          size="small"
          className="mf-header-menu-arrow"
          icon={<RightOutlined />}
          aria-label={t('shellKit.scrollRight')}
          onClick={() => scroll(1)}
        />
      )}
    </div>
  );
}
