/**
 * The built-in menu (schemas/menus/*.yaml, README there): the entries of each subsystem with the
 * permissions each page and button carries. Read by the server at start (seeded, and added to existing
 * installations by alias) and by the schema check. Node only.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readYaml, SCHEMAS_DIR } from './catalogue.ts';

export interface MenuButtonDef {
  alias: string;
  name: string;
  permissions: string[];
  /**
   * Another entry or button of the subsystem: on an installation that had it before this button existed,
   * every role granting it is granted this button too (a right split out of an older one stays with
   * those who had it).
   */
  grantedWith?: string;
}

export interface MenuEntryDef {
  alias: string;
  name: string;
  icon?: string;
  /** A screen of schemas/screens, or page:<name>. */
  screen?: string;
  url?: string;
  open?: 'tab' | 'external';
  sort: number;
  hidden?: boolean;
  permissions?: string[];
  buttons?: MenuButtonDef[];
  children?: MenuEntryDef[];
}

export interface MenuFile {
  subsystem: string;
  /** An entry (of any file of the subsystem) under which this file's entries hang. */
  parent?: string;
  entries: MenuEntryDef[];
}

/** One resource row as the menu files define it. */
export interface MenuItem {
  subsystem: string;
  alias: string;
  parentAlias: string | null;
  type: 'menu' | 'button';
  name: string;
  icon: string | null;
  screen: string | null;
  url: string | null;
  open: 'tab' | 'external';
  sort: number;
  hidden: boolean;
  permissions: string[];
  /** MenuButtonDef.grantedWith. */
  grantedWith: string | null;
  /** The file that defines it (for messages). */
  file: string;
}

export const MENUS_DIR = join(SCHEMAS_DIR, 'menus');

export function loadMenuFiles(dir = MENUS_DIR): { file: string; menu: MenuFile }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({ file: f, menu: readYaml<MenuFile>(join(dir, f)) }));
}

/** Every entry and button of the files as resource rows, parents before children. */
export function flattenMenus(files: { file: string; menu: MenuFile }[]): MenuItem[] {
  const items: MenuItem[] = [];
  const add = (entry: MenuEntryDef, parentAlias: string | null, subsystem: string, file: string) => {
    items.push({
      subsystem,
      alias: entry.alias,
      parentAlias,
      type: 'menu',
      name: entry.name,
      icon: entry.icon ?? null,
      screen: entry.screen ?? null,
      url: entry.url ?? null,
      open: entry.open ?? 'tab',
      sort: entry.sort,
      hidden: entry.hidden === true,
      permissions: entry.permissions ?? [],
      grantedWith: null,
      file,
    });
    (entry.buttons ?? []).forEach((button, i) =>
      items.push({
        subsystem,
        alias: button.alias,
        parentAlias: entry.alias,
        type: 'button',
        name: button.name,
        icon: null,
        screen: null,
        url: null,
        open: 'tab',
        sort: i + 1,
        hidden: false,
        permissions: button.permissions,
        grantedWith: button.grantedWith ?? null,
        file,
      }),
    );
    for (const child of entry.children ?? []) add(child, entry.alias, subsystem, file);
  };
  // Files hanging under another file's entry come after the files without a parent.
  const ordered = [...files].sort((a, b) => Number(Boolean(a.menu.parent)) - Number(Boolean(b.menu.parent)));
  for (const { file, menu } of ordered) {
    for (const entry of menu.entries ?? []) add(entry, menu.parent ?? null, menu.subsystem, file);
  }
  return items;
}
