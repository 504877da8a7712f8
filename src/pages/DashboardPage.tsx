/**
 * Home (spec §2: the dashboard, the first tab that cannot be closed): a greeting with the current
 * tenant, and the pages of the user's menu as shortcuts. Plain markup: the home page should cost
 * nothing beyond the shell.
 */
import { useMemo } from 'react';
import { Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { menusAtom, userContextAtom } from '../session/atoms.ts';
import { MenuIcon } from '../shell/menu-icons.tsx';
import { useMenuLabel } from '../shell/menu-label.ts';
import { menuRoutes, type MenuEntry } from '../shell/menu-model.ts';
import { useOpenRoute } from '../shell/useOpenRoute.ts';
import './dashboard.css';

const SHORTCUTS = 12;

export default function DashboardPage() {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const openRoute = useOpenRoute();
  const context = useAtomValue(userContextAtom);
  const menus = useAtomValue(menusAtom) as MenuEntry[] | null;
  const name = context?.employee?.name || context?.user.fullname || context?.user.account || '';
  const tenant = (context as { tenantName?: string | null } | null)?.tenantName;
  const shortcuts = useMemo(
    () =>
      menuRoutes(menus ?? [])
        .filter((r) => r.target.kind !== 'folder' && r.target.kind !== 'none')
        .slice(0, SHORTCUTS),
    [menus],
  );
  return (
    <div className="mf-dashboard">
      <section className="mf-panel" data-testid="dashboard" aria-labelledby="mf-dashboard-title">
        <h1 id="mf-dashboard-title" className="mf-panel-title">
          {t('dashboard.title')}
        </h1>
        <p className="mf-dashboard-welcome">{t('dashboard.welcome', { name })}</p>
        {tenant && <p>{t('shellKit.dashboard.tenant', { name: tenant })}</p>}
        <p className="mf-muted">{t('dashboard.hint')}</p>
      </section>
      {shortcuts.length > 0 && (
        <section className="mf-panel" aria-labelledby="mf-dashboard-shortcuts">
          <h2 id="mf-dashboard-shortcuts" className="mf-panel-title">
            {t('shellKit.dashboard.shortcuts')}
          </h2>
          <div className="mf-dashboard-links">
            {shortcuts.map((route) => (
              <Button
                key={route.entry.id}
                icon={<MenuIcon name={route.entry.icon} />}
                onClick={() => openRoute(route)}
                block
              >
                {label(route.entry.name)}
              </Button>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
