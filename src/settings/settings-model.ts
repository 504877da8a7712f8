/**
 * The per-user settings of the shell (spec §3 'Locally stored per-user settings'): language, theme,
 * colour, size, side-menu collapse and which header tools show. Stored values are checked on the way
 * in: anything unknown falls back to its default.
 */
import { isLanguage, type Language } from '../i18n/languages.ts';
import { DEFAULT_COLOUR, isHexColour } from './colour.ts';
import { defaultHeaderTools, HEADER_TOOLS, type HeaderToolChoice } from './header-tools.ts';
import { DEFAULT_SIZE, isShellSize, type ShellSize } from './sizes.ts';
import { DEFAULT_THEME, THEMES } from './themes.ts';

export interface ShellSettings {
  theme: string;
  colour: string;
  size: ShellSize;
  /** Unset until the user picks one: the browser's current language is kept then. */
  language: Language | null;
  collapsed: boolean;
  headerTools: HeaderToolChoice;
}

export function defaultSettings(): ShellSettings {
  return {
    theme: DEFAULT_THEME,
    colour: DEFAULT_COLOUR,
    size: DEFAULT_SIZE,
    language: null,
    collapsed: false,
    headerTools: defaultHeaderTools(),
  };
}

export function parseSettings(raw: unknown): ShellSettings {
  const base = defaultSettings();
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return base;
  const value = raw as Partial<Record<keyof ShellSettings, unknown>>;
  const tools = (
    value.headerTools && typeof value.headerTools === 'object' ? value.headerTools : {}
  ) as Record<string, unknown>;
  return {
    theme: THEMES.some((theme) => theme.id === value.theme) ? (value.theme as string) : base.theme,
    colour: isHexColour(value.colour) ? value.colour.toUpperCase() : base.colour,
    size: isShellSize(value.size) ? value.size : base.size,
    language: isLanguage(value.language) ? value.language : null,
    collapsed: typeof value.collapsed === 'boolean' ? value.collapsed : base.collapsed,
    headerTools: Object.fromEntries(
      HEADER_TOOLS.map((tool) => [
        tool,
        typeof tools[tool] === 'boolean' ? tools[tool] : base.headerTools[tool],
      ]),
    ) as HeaderToolChoice,
  };
}
