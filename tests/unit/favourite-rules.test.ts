/** Menu favourites in the shell: which favourites the menu still opens, and a drag's new order. */
import { describe, expect, it } from 'vitest';
import { movedIds, shownFavourites } from '../../src/favourites/favourite-rules.ts';
import { menuRoutes, type MenuEntry } from '../../src/shell/menu-model.ts';

const entry = (id: string, alias: string, children: MenuEntry[] = [], screen: string | null = 'file-list') =>
  ({
    id,
    alias,
    name: alias,
    parentId: '0',
    path: null,
    icon: null,
    iconSvg: null,
    defaultUrl: null,
    open: 'tab',
    level: 1,
    screen,
    children,
  }) as unknown as MenuEntry;

const MENU = [entry('sys', 'system', [entry('a', 'fileList'), entry('b', 'roleList')], null)];

describe('favourite rules', () => {
  it('keeps the user order and leaves out entries the menu no longer opens (and folders)', () => {
    const shown = shownFavourites(
      [
        { id: 'b', name: 'roleList' },
        { id: 'gone', name: 'lost' },
        { id: 'a', name: 'fileList' },
        { id: 'sys', name: 'system' },
      ],
      menuRoutes(MENU),
    );
    expect(shown.map((f) => [f.id, f.route.path])).toEqual([
      ['b', '/system/roleList'],
      ['a', '/system/fileList'],
    ]);
  });

  it('moves the dragged id to the drop place', () => {
    expect(movedIds(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(movedIds(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(movedIds(['a', 'b'], 'x', 'b')).toEqual(['a', 'b']);
  });
});
