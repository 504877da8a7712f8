/**
 * The user menu (spec §2 'User menu'): change mobile, change password, exit switched user (only while
 * acting), switch tenant (only when the user has tenants; shows the current one), logout with
 * confirmation.
 */
import { Dropdown, type MenuProps } from 'antd';
import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MobileOutlined,
  RollbackOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { openScreenDialog } from '../../renderers/dialogs/index.ts';
import { confirmWithFeedback } from '../../renderers/environment/default-notify.ts';
import { exitSwitchedUser, switchAccountAtom } from '../session/acting.ts';
import { userContextAtom } from '../session/atoms.ts';
import { logout } from '../session/logout.ts';
import { switchTenant } from '../session/tenant.ts';

const TENANT_PREFIX = 'tenant:';

export function UserMenu() {
  const { t } = useTranslation();
  const context = useAtomValue(userContextAtom);
  const acting = useAtomValue(switchAccountAtom);
  const name = context?.employee?.name || context?.user.fullname || context?.user.account || '';
  const tenants = context?.tenants ?? [];
  const currentTenant =
    (context as { tenantName?: string | null } | null)?.tenantName ??
    tenants.find((tenant) => tenant.id === context?.tenantId)?.name ??
    '';

  const items: MenuProps['items'] = [
    { key: 'changeMobile', icon: <MobileOutlined />, label: t('shellKit.user.changeMobile') },
    { key: 'changePassword', icon: <KeyOutlined />, label: t('shellKit.user.changePassword') },
    ...(acting
      ? [{ key: 'exitSwitch', icon: <RollbackOutlined />, label: t('shellKit.user.exitSwitch') }]
      : []),
    ...(tenants.length
      ? [
          {
            key: 'tenants',
            icon: <SwapOutlined />,
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
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), danger: true },
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
      <Dropdown trigger={['hover', 'click']} menu={{ items, onClick }}>
        <button
          type="button"
          className="mf-user-button"
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
