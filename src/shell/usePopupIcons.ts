/**
 * The pop-up menus' icons (popup-icons.tsx), loaded once the pointer or the focus reaches what opens
 * one. Until they arrive a menu item shows an empty box of the icon's size, so the text does not move.
 */
import { createElement, useCallback, useState, type ReactNode } from 'react';

export type PopupIcons = typeof import('./popup-icons.tsx').POPUP_ICONS;
export type PopupIconName = keyof PopupIcons;

let icons: PopupIcons | undefined;
let loading: Promise<PopupIcons> | undefined;

export function loadPopupIcons(): Promise<PopupIcons> {
  return (loading ??= import('./popup-icons.tsx').then((module) => (icons = module.POPUP_ICONS)));
}

const BLANK = createElement('span', {
  className: 'anticon',
  'aria-hidden': true,
  style: { width: '1em', height: '1em' },
});

/** The icon by name (or its place while loading), and what loads them. */
export function usePopupIcons(): [icon: (name: PopupIconName) => ReactNode, load: () => void] {
  const [loaded, setLoaded] = useState(icons);
  const current = loaded ?? icons;
  const load = useCallback(() => {
    if (!current) void loadPopupIcons().then(setLoaded);
  }, [current]);
  return [(name) => (current ? current[name] : BLANK), load];
}
