/**
 * The header (spec §2 'Shell'): logo with the subsystem dropdown, the side-menu collapse button, the
 * horizontal menu of top-level entries, the configurable tools, the user menu and the settings.
 */
import { Button, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { HeaderToolChoice } from '../settings/header-tools.ts';
import { HeaderMenu } from './HeaderMenu.tsx';
import { HeaderTools } from './HeaderTools.tsx';
import type { MenuEntry } from './menu-model.ts';
import { SubsystemLogo } from './SubsystemLogo.tsx';
import { ToolButton } from './ToolButton.tsx';
import { UserMenu } from './UserMenu.tsx';

export interface HeaderBarProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
  topEntries: readonly MenuEntry[];
  activeTopId: string | undefined;
  onChooseTop: (entry: MenuEntry) => void;
  tools: HeaderToolChoice;
  onSearch: () => void;
  onEnvironment: () => void;
  onSettings: () => void;
}

export function HeaderBar(props: HeaderBarProps) {
  const { t } = useTranslation();
  const { collapsed } = props;
  const toggleText = collapsed ? t('shellKit.expandMenu') : t('shellKit.collapseMenu');
  return (
    <header className="mf-header" data-testid="shell-header">
      <div className={`mf-header-logo${collapsed ? ' mf-collapsed' : ''}`}>
        <SubsystemLogo collapsed={collapsed} />
      </div>
      <Tooltip title={toggleText}>
        <Button
          type="text"
          className="mf-header-tool mf-collapse-button"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={toggleText}
          aria-expanded={!collapsed}
          aria-controls="mf-side-menu"
          onClick={props.onToggleCollapsed}
          data-testid="collapse-button"
        />
      </Tooltip>
      <nav className="mf-header-nav" aria-label={t('shellKit.headerMenu')}>
        <HeaderMenu entries={props.topEntries} activeId={props.activeTopId} onChoose={props.onChooseTop} />
      </nav>
      <div className="mf-header-right">
        <HeaderTools tools={props.tools} onSearch={props.onSearch} onEnvironment={props.onEnvironment} />
        <UserMenu />
        <ToolButton
          label={t('settings.title')}
          icon={<SettingOutlined />}
          onClick={props.onSettings}
          testId="settings-button"
        />
      </div>
    </header>
  );
}
