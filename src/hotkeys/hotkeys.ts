/**
 * The shell's hotkeys (spec §2 'Hotkeys', §9): Ctrl+Q opens and closes the menu search panel, Ctrl+L
 * locks the screen. They work wherever the focus is, including in inputs, as the spec's users expect.
 */
import { useEffect, useRef } from 'react';

export interface HotkeyHandlers {
  toggleSearch: () => void;
  lock: () => void;
}

/** Which hotkey a key event is, if any. Ctrl only (not Cmd: Cmd+Q quits the browser on a Mac). */
export function hotkeyOf(
  event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'key' | 'code'>,
): keyof HotkeyHandlers | null {
  if (!event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  const key =
    event.code === 'KeyQ' || event.key.toLowerCase() === 'q'
      ? 'q'
      : event.code === 'KeyL' || event.key.toLowerCase() === 'l'
        ? 'l'
        : null;
  if (key === 'q') return 'toggleSearch';
  if (key === 'l') return 'lock';
  return null;
}

export function useShellHotkeys(handlers: HotkeyHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const hotkey = hotkeyOf(event);
      if (!hotkey || event.repeat) return;
      // Ctrl+L would otherwise focus the address bar, Ctrl+Q quit some browsers.
      event.preventDefault();
      latest.current[hotkey]();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
