/** Ctrl+Q and Ctrl+L, and nothing else. */
import { describe, expect, it } from 'vitest';
import { hotkeyOf } from './hotkeys.ts';

const key = (init: Partial<KeyboardEvent>) => ({
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  key: '',
  code: '',
  ...init,
});

describe('hotkeyOf', () => {
  it('knows Ctrl+Q and Ctrl+L, by key or by physical key', () => {
    expect(hotkeyOf(key({ ctrlKey: true, key: 'q', code: 'KeyQ' }))).toBe('toggleSearch');
    expect(hotkeyOf(key({ ctrlKey: true, key: 'Q' }))).toBe('toggleSearch');
    expect(hotkeyOf(key({ ctrlKey: true, key: 'l', code: 'KeyL' }))).toBe('lock');
    // Another keyboard layout: the physical key counts.
    expect(hotkeyOf(key({ ctrlKey: true, key: 'ф', code: 'KeyQ' }))).toBe('toggleSearch');
  });

  it('ignores other keys and other modifiers', () => {
    expect(hotkeyOf(key({ key: 'q' }))).toBeNull();
    expect(hotkeyOf(key({ metaKey: true, key: 'q' }))).toBeNull();
    expect(hotkeyOf(key({ ctrlKey: true, shiftKey: true, key: 'l' }))).toBeNull();
    expect(hotkeyOf(key({ ctrlKey: true, altKey: true, key: 'q' }))).toBeNull();
    expect(hotkeyOf(key({ ctrlKey: true, key: 'k' }))).toBeNull();
  });
});
