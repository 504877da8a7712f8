/**
 * The icons of the shell's pop-up menus (the user menu, a tab's menu): not on screen until one opens,
 * so they load when one is about to (usePopupIcons.ts), not with the shell.
 */
import {
  KeyOutlined,
  LogoutOutlined,
  MobileOutlined,
  ReloadOutlined,
  RollbackOutlined,
  SwapOutlined,
} from '@ant-design/icons';

export const POPUP_ICONS = {
  changeMobile: <MobileOutlined />,
  changePassword: <KeyOutlined />,
  exitSwitch: <RollbackOutlined />,
  tenants: <SwapOutlined />,
  logout: <LogoutOutlined />,
  refresh: <ReloadOutlined />,
};
