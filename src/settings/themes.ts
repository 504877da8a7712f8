/**
 * The 7 default themes of the settings drawer (spec §9). A theme colours the frame: side menu, header
 * and logo bar; the primary colour is chosen separately with the colour picker. Text colours are
 * chosen for at least 4.5:1 contrast on their background.
 */
export interface ShellTheme {
  id: string;
  /** Side menu background and whether antd's dark or light menu is drawn on it. */
  siderBg: string;
  menuTheme: 'dark' | 'light';
  /** Background of open submenus (dark menus only). */
  subMenuBg: string;
  headerBg: string;
  headerText: string;
  /** The logo bar above the side menu. */
  logoBg: string;
  logoText: string;
}

export const THEMES: readonly ShellTheme[] = [
  {
    id: 'classic',
    siderBg: '#304156',
    menuTheme: 'dark',
    subMenuBg: '#1f2d3d',
    headerBg: '#ffffff',
    headerText: '#303133',
    logoBg: '#2b2f3a',
    logoText: '#ffffff',
  },
  {
    id: 'light',
    siderBg: '#ffffff',
    menuTheme: 'light',
    subMenuBg: '#fafafa',
    headerBg: '#ffffff',
    headerText: '#303133',
    logoBg: '#ffffff',
    logoText: '#303133',
  },
  {
    id: 'navy',
    siderBg: '#001529',
    menuTheme: 'dark',
    subMenuBg: '#000c17',
    headerBg: '#001529',
    headerText: '#ffffff',
    logoBg: '#002140',
    logoText: '#ffffff',
  },
  {
    id: 'jade',
    siderBg: '#0b3b2e',
    menuTheme: 'dark',
    subMenuBg: '#072a20',
    headerBg: '#ffffff',
    headerText: '#303133',
    logoBg: '#082f25',
    logoText: '#ffffff',
  },
  {
    id: 'violet',
    siderBg: '#2d1b4e',
    menuTheme: 'dark',
    subMenuBg: '#1f1236',
    headerBg: '#ffffff',
    headerText: '#303133',
    logoBg: '#24153f',
    logoText: '#ffffff',
  },
  {
    id: 'crimson',
    siderBg: '#5a1616',
    menuTheme: 'dark',
    subMenuBg: '#3f0f0f',
    headerBg: '#7a1c1c',
    headerText: '#ffffff',
    logoBg: '#4a1212',
    logoText: '#ffffff',
  },
  {
    id: 'graphite',
    siderBg: '#1f1f1f',
    menuTheme: 'dark',
    subMenuBg: '#141414',
    headerBg: '#2a2a2a',
    headerText: '#ffffff',
    logoBg: '#141414',
    logoText: '#ffffff',
  },
];

export const DEFAULT_THEME = 'classic';

export function themeById(id: string | undefined): ShellTheme {
  return THEMES.find((theme) => theme.id === id) ?? THEMES[0];
}
