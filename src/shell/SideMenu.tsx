/** The side menu, built from the menu tree the server granted (getMenuData). */
import { useMemo } from 'react';
import { Empty, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { MenuIcon } from './menu-icons.tsx';
import { routePathOf, type MenuEntry } from './menu-model.ts';

type Item = Required<MenuProps>['items'][number];

/** Menu names may be translation keys ('menu.employeeList') or plain names. */
type Label = (name: string) => string;

function toItems(entries: readonly MenuEntry[], labelOf: Label): Item[] {
  return entries.map((entry) => {
    const label = labelOf(entry.name);
    const icon = <MenuIcon name={entry.icon} />;
    if (entry.children?.length)
      return { key: entry.id, label, icon, children: toItems(entry.children, labelOf) };
    return { key: routePathOf(entry), label, icon };
  });
}

export function SideMenu({ menus }: { menus: readonly MenuEntry[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // `t` changes with the language, so the labels follow it.
  const items = useMemo(
    () => toItems(menus, (name) => (i18n.exists(name) ? t(name) : name)),
    [menus, t, i18n],
  );
  const openKeys = useMemo(() => menus.filter((m) => m.children?.length).map((m) => m.id), [menus]);
  if (!menus.length) return <Empty description={t('shell.menuEmpty')} style={{ marginTop: 48 }} />;
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      defaultOpenKeys={openKeys}
      onClick={({ key }) => navigate(key)}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
