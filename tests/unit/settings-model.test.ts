/** Per-user settings: defaults, what is kept from storage, the 7 themes, sizes, readable colours. */
import { describe, expect, it } from 'vitest';
import { contrast, DEFAULT_COLOUR, readableShade } from '../../src/settings/colour.ts';
import { defaultHeaderTools, HEADER_TOOLS } from '../../src/settings/header-tools.ts';
import { defaultSettings, parseSettings } from '../../src/settings/settings-model.ts';
import { DEFAULT_SIZE, SIZE_TOKENS, SIZES } from '../../src/settings/sizes.ts';
import { THEMES, themeById } from '../../src/settings/themes.ts';
import { themeConfigFor } from '../../src/app/theme-config.ts';

describe('settings', () => {
  it('defaults to the spec: colour #409EFF, size "default", the classic theme, browser language', () => {
    const settings = defaultSettings();
    expect(settings).toMatchObject({
      colour: '#409EFF',
      size: 'default',
      theme: 'classic',
      language: null,
      collapsed: false,
    });
    expect(DEFAULT_COLOUR).toBe('#409EFF');
    expect(DEFAULT_SIZE).toBe('default');
  });

  it('offers 7 themes with distinct ids, and four sizes', () => {
    expect(THEMES).toHaveLength(7);
    expect(new Set(THEMES.map((t) => t.id)).size).toBe(7);
    expect(SIZES).toEqual(['default', 'medium', 'small', 'mini']);
    expect(SIZE_TOKENS.default.controlHeight).toBeGreaterThan(SIZE_TOKENS.mini.controlHeight);
    expect(themeById('nope').id).toBe('classic');
  });

  it('keeps what is valid from storage and falls back for anything else', () => {
    const parsed = parseSettings({
      theme: 'navy',
      colour: '#11a983',
      size: 'huge',
      language: 'en',
      collapsed: 'yes',
      headerTools: { bell: true, search: 'on', unknown: true },
      extra: 1,
    });
    expect(parsed).toMatchObject({
      theme: 'navy',
      colour: '#11A983',
      size: 'default',
      language: 'en',
      collapsed: false,
    });
    expect(parsed.headerTools.bell).toBe(true);
    expect(parsed.headerTools.search).toBe(defaultSettings().headerTools.search);
    expect(Object.keys(parsed.headerTools)).toEqual([...HEADER_TOOLS]);
    expect(parseSettings('garbage')).toEqual(defaultSettings());
    expect(parseSettings({ colour: 'red' }).colour).toBe('#409EFF');
  });

  it('shows the bell to everyone, the other header tools in development only unless the build names them', () => {
    expect(Object.values(defaultHeaderTools(true, undefined)).every(Boolean)).toBe(true);
    expect(defaultHeaderTools(false, undefined)).toEqual({
      search: false,
      errorLog: false,
      environment: false,
      bell: true,
      fullscreen: false,
    });
    expect(defaultHeaderTools(false, 'bell, search')).toEqual({
      search: true,
      errorLog: false,
      environment: false,
      bell: true,
      fullscreen: false,
    });
    expect(Object.values(defaultHeaderTools(false, 'all')).every(Boolean)).toBe(true);
  });

  it('darkens a chosen colour just enough for white text to read at 4.5:1', () => {
    expect(contrast('#409EFF', '#ffffff')).toBeLessThan(4.5);
    const shade = readableShade('#409EFF');
    expect(contrast(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade, '#ffffff')).toBeLessThan(5.5);
    expect(readableShade('#212121')).toBe('#212121');
    expect(readableShade('not a colour')).toBe(readableShade(DEFAULT_COLOUR));
  });

  it('turns settings into antd tokens: readable primary, size, frame colours', () => {
    const config = themeConfigFor({ colour: '#409EFF', size: 'small', theme: 'navy' });
    expect(config.token).toMatchObject({
      colorPrimary: readableShade('#409EFF'),
      controlHeight: 28,
      fontSize: 13,
    });
    expect(config.components?.Layout).toMatchObject({ siderBg: '#001529' });
    // Motion follows the system's prefers-reduced-motion.
    expect(config.token?.motion).toBe(true);
    expect(themeConfigFor({ colour: '#409EFF', size: 'small', theme: 'navy' }, true).token?.motion).toBe(
      false,
    );
    for (const theme of THEMES) {
      // The header's text reads on the header.
      expect(contrast(theme.headerText, theme.headerBg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(theme.logoText, theme.logoBg)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
