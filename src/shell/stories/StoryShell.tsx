/**
 * What a shell story needs around it: a router at a given address and a jotai store holding a signed-in
 * admin with the seeded menu. Stories never call a server.
 */
import { useState, type ReactNode } from 'react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { menusAtom, userContextAtom } from '../../session/atoms.ts';
import type { MenuEntry } from '../menu-model.ts';

export const STORY_MENUS: MenuEntry[] = [
  {
    id: 'system',
    name: 'menu.system',
    alias: 'system',
    icon: 'setting',
    children: [
      { id: 'emp', name: 'menu.employeeList', alias: 'employeeList', icon: 'team', screen: 'employee-list' },
      { id: 'org', name: 'menus.orgTree', alias: 'orgTree', icon: 'org', screen: 'org-tree' },
      { id: 'tenant', name: 'menus.tenantList', alias: 'tenantList', icon: 'tenant', screen: 'tenant-list' },
      { id: 'log', name: 'menus.frontLog', alias: 'frontLog', icon: 'bug', screen: 'page:log' },
    ],
  },
  {
    id: 'desk',
    name: 'menus.officeDesk',
    alias: 'officeDesk',
    icon: 'desktop',
    children: [
      {
        id: 'inner',
        name: 'menus.innerMessage',
        alias: 'innerMessage',
        icon: 'message',
        children: [{ id: 'recv', name: 'menus.receiveMessage', alias: 'receiveMessage', icon: 'inbox' }],
      },
    ],
  },
  {
    id: 'links',
    name: 'menus.links',
    alias: 'links',
    icon: 'link',
    children: [
      {
        id: 'samr',
        name: 'menus.samrSite',
        alias: 'samrSite',
        icon: 'global',
        defaultUrl: 'https://www.samr.gov.cn/',
      },
    ],
  },
];

export function StoryShell({ path = '/dashboard', children }: { path?: string; children: ReactNode }) {
  const [store] = useState(() => {
    const s = createStore();
    s.set(menusAtom, STORY_MENUS);
    s.set(userContextAtom, {
      user: { id: 'u1', account: 'story', fullname: '演示用户', isSuper: 'Y' },
      tenants: [{ id: 't1', name: '演示企业集团' }],
      tenantId: 't1',
    } as never);
    return s;
  });
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </Provider>
  );
}
