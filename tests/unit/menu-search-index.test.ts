/** The Ctrl+Q menu search: by name, by pinyin initials and full pinyin; folders are not results. */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchMenu } from '../../src/shell/search/menu-search.ts';
import type { MenuEntry } from '../../src/shell/menu-model.ts';

const menus: MenuEntry[] = [
  {
    id: 's',
    name: '系统管理',
    alias: 'system',
    children: [
      { id: 'e', name: '员工管理', alias: 'employeeList', screen: 'employee-list' },
      { id: 'o', name: '组织管理', alias: 'orgTree', screen: 'org-tree' },
      { id: 't', name: 'Tenant list', alias: 'tenantList', screen: 'tenant-list' },
    ],
  },
  {
    id: 'x',
    name: '空目录',
    alias: 'empty',
    children: [{ id: 'y', name: '下级目录', alias: 'sub', children: [] }],
  },
];

const index = buildSearchIndex(menus, (name) => name);
const titles = (q: string) => searchMenu(index, q).map((i) => i.title);

describe('menu search', () => {
  it('finds entries by their name', () => {
    expect(titles('员工')).toEqual(['员工管理']);
    expect(titles('管理')).toEqual(['员工管理', '组织管理']);
    expect(titles('tenant')).toEqual(['Tenant list']);
  });

  it('finds entries by pinyin initials and by full pinyin, ignoring case and spaces', () => {
    expect(titles('ygg')).toEqual(['员工管理']);
    expect(titles('ZZ')).toEqual(['组织管理']);
    expect(titles('yuan gong')).toEqual(['员工管理']);
    expect(titles('gl')).toEqual(['员工管理', '组织管理']);
  });

  it('lists starts-with matches before contains matches', () => {
    expect(titles('zuzhi')).toEqual(['组织管理']);
    expect(titles('guanli')).toEqual(['员工管理', '组织管理']);
  });

  it('never offers folders, and nothing for an empty query', () => {
    expect(titles('系统')).toEqual([]);
    expect(titles('mulu')).toEqual([]);
    expect(titles('  ')).toEqual([]);
  });

  it('keeps the route and the trail of each result', () => {
    const [hit] = searchMenu(index, 'ygg');
    expect(hit.route.path).toBe('/system/employeeList');
    expect(hit.trail).toEqual(['系统管理']);
  });
});
