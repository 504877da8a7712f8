/**
 * The user menu (spec §2 'User menu'): change mobile, change password, exit switched user (only while
 * acting), switch tenant (only when the user has tenants; shows the current one), logout with
 * confirmation.
 */
import type { MenuProps } from 'antd';
// The dropdown alone: antd's `Dropdown` export carries Dropdown.Button, and Space with it.
import Dropdown from 'antd/es/dropdown/dropdown';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { openScreenDialog } from '../../renderers/dialogs/index.ts';
import { confirmWithFeedback } from '../../renderers/environment/default-notify.ts';
import { exitSwitchedUser, switchAccountAtom } from '../session/acting.ts';
import { userContextAtom } from '../session/atoms.ts';
import { logout } from '../session/logout.ts';
import { switchTenant } from '../session/tenant.ts';
import { usePopupIcons } from './usePopupIcons.ts';

const TENANT_PREFIX = 'tenant:';

export function UserMenu() {
  const { t } = useTranslation();
  const context = useAtomValue(userContextAtom);
  const acting = useAtomValue(switchAccountAtom);
  const [icon, loadIcons] = usePopupIcons();
  const name = context?.employee?.name || context?.user.fullname || context?.user.account || '';
  const tenants = context?.tenants ?? [];
  const currentTenant =
    (context as { tenantName?: string | null } | null)?.tenantName ??
    tenants.find((tenant) => tenant.id === context?.tenantId)?.name ??
    '';

  const items: MenuProps['items'] = [
    { key: 'changeMobile', icon: icon('changeMobile'), label: t('shellKit.user.changeMobile') },
    { key: 'changePassword', icon: icon('changePassword'), label: t('shellKit.user.changePassword') },
    ...(acting
      ? [{ key: 'exitSwitch', icon: icon('exitSwitch'), label: t('shellKit.user.exitSwitch') }]
      : []),
    ...(tenants.length
      ? [
          {
            key: 'tenants',
            icon: icon('tenants'),
            label: currentTenant
              ? t('shellKit.user.switchTenantCurrent', { name: currentTenant })
              : t('shellKit.user.switchTenant'),
            children: tenants.map((tenant) => ({
              key: `${TENANT_PREFIX}${tenant.id}`,
              label: tenant.name,
              disabled: tenant.id === context?.tenantId,
            })),
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: icon('logout'), label: t('shell.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'changeMobile') void openScreenDialog({ screen: 'change-mobile' }).catch(() => undefined);
    else if (key === 'changePassword')
      void openScreenDialog({ screen: 'change-password' }).catch(() => undefined);
    else if (key === 'exitSwitch') void exitSwitchedUser().catch(() => undefined);
    else if (key.startsWith(TENANT_PREFIX))
      void switchTenant(key.slice(TENANT_PREFIX.length)).catch(() => undefined);
    else if (key === 'logout')
      // The dialog host's confirm (antd's Modal loads with it): it follows the app's theme and locale.
      void confirmWithFeedback(t('shell.logoutConfirm'), t('common.ok'), t('common.cancel')).then(
        async (ok) => {
          if (ok) await logout();
        },
      );
  };

  return (
    <>
      <Dropdown
        trigger={['hover', 'click']}
        menu={{ items, onClick }}
        onOpenChange={(open) => open && loadIcons()}
      >
        <button
          type="button"
          className="mf-user-button"
          // The menu's icons load as the pointer or the focus arrives, before the menu opens.
          onPointerEnter={loadIcons}
          onFocus={loadIcons}
          data-testid="user-menu"
          aria-haspopup="menu"
          title={t('shellKit.user.menu')}
        >
          <span className="mf-user-avatar" aria-hidden>
            <UserOutlined />
          </span>
          <span className="mf-user-name">{name}</span>
          <DownOutlined aria-hidden />
        </button>
      </Dropdown>
    </>
  );
}
