/** Menu entries as routes: nested paths, aliases, iframe, data template, external and page targets. */
import { describe, expect, it } from 'vitest';
import {
  findMenuRoute,
  hasOpenableEntry,
  menuRoutes,
  targetOf,
  topLevelOf,
  type MenuEntry,
} from './menu-model.ts';

const menus: MenuEntry[] = [
  {
    id: 'sys',
    name: 'menu.system',
    alias: 'system',
    children: [
      { id: 'emp', name: 'menu.employeeList', alias: 'employeeList', screen: 'employee-list' },
      { id: 'log', name: 'menus.frontLog', alias: 'frontLog', screen: 'page:log' },
    ],
  },
  {
    id: 'desk',
    name: 'menus.officeDesk',
    alias: 'officeDesk',
    children: [
      {
        id: 'inner',
        name: 'menus.innerMessage',
        alias: 'innerMessage',
        children: [{ id: 'recv', name: 'menus.receiveMessage', alias: 'receiveMessage' }],
      },
    ],
  },
  {
    id: 'links',
    name: 'menus.links',
    alias: 'links',
    children: [
      { id: 'site', name: 'site', alias: 'site', defaultUrl: 'https://www.samr.gov.cn/' },
      { id: 'ext', name: 'ext', alias: 'ext', defaultUrl: 'https://example.org/a', open: 'external' },
      { id: 'tpl', name: 'tpl', alias: 'tpl', defaultUrl: '/d/caseList' },
    ],
  },
];

describe('menu routes', () => {
  it('nests paths by alias', () => {
    expect(menuRoutes(menus).map((r) => r.path)).toEqual([
      '/system',
      '/system/employeeList',
      '/system/frontLog',
      '/officeDesk',
      '/officeDesk/innerMessage',
      '/officeDesk/innerMessage/receiveMessage',
      '/links',
      '/links/site',
      'https://example.org/a',
      '/links/tpl',
    ]);
  });

  it('knows what each entry opens', () => {
    const kinds = Object.fromEntries(menuRoutes(menus).map((r) => [r.entry.id, r.target]));
    expect(kinds.sys).toEqual({ kind: 'folder' });
    expect(kinds.emp).toEqual({ kind: 'screen', screen: 'employee-list' });
    expect(kinds.log).toEqual({ kind: 'page', page: 'log' });
    expect(kinds.recv).toEqual({ kind: 'none' });
    expect(kinds.site).toEqual({ kind: 'iframe', url: 'https://www.samr.gov.cn/' });
    expect(kinds.ext).toEqual({ kind: 'external', url: 'https://example.org/a' });
    expect(kinds.tpl).toEqual({ kind: 'dataTemplate', id: 'caseList' });
    expect(targetOf({ id: 'p', name: 'p', path: 'http://x.example/', open: '1' })).toEqual({
      kind: 'external',
      url: 'http://x.example/',
    });
  });

  it('finds an entry by nested path, /router-alias/{alias} and /{alias}, never a folder', () => {
    expect(findMenuRoute(menus, '/system/employeeList')?.entry.id).toBe('emp');
    expect(findMenuRoute(menus, '/system/employeeList/')?.entry.id).toBe('emp');
    expect(findMenuRoute(menus, '/router-alias/employeeList')?.entry.id).toBe('emp');
    expect(findMenuRoute(menus, '/employeeList')?.entry.id).toBe('emp');
    expect(findMenuRoute(menus, '/officeDesk/innerMessage/receiveMessage')?.entry.id).toBe('recv');
    expect(findMenuRoute(menus, '/system')).toBeUndefined();
    expect(findMenuRoute(menus, '/nowhere')).toBeUndefined();
    expect(findMenuRoute(menus, '/ext')).toBeUndefined();
  });

  it('finds the top-level entry of a path', () => {
    expect(topLevelOf(menus, '/officeDesk/innerMessage/receiveMessage')?.id).toBe('desk');
    expect(topLevelOf(menus, '/employeeList')?.id).toBe('sys');
    expect(topLevelOf(menus, '/dashboard')).toBeUndefined();
  });

  it('tells a menu with pages from one with only folders', () => {
    expect(hasOpenableEntry(menus)).toBe(true);
    expect(
      hasOpenableEntry([
        { id: 'a', name: 'a', alias: 'a', children: [{ id: 'b', name: 'b', alias: 'b', children: [] }] },
      ]),
    ).toBe(false);
    expect(hasOpenableEntry([])).toBe(false);
  });
});
