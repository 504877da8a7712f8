/**
 * On /nomenu: the other subsystems the user has menus in, to move to one (stored, then the app
 * restarts at /), and logout. Nothing shows without a session.
 */
import { Button, Space } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Subsystem } from '../../api/generated/operations.ts';
import { accessTokenAtom, systemIdAtom } from '../../session/atoms.ts';
import { logout } from '../../session/logout.ts';
import { reloadApp } from '../../session/navigation.ts';
import { chooseSubsystem, loadSubsystems } from '../../session/sign-in.ts';
import { useLoad } from '../../../renderers/environment/use-load.ts';

const NONE: Subsystem[] = [];

export function SubsystemChoices() {
  const { t, i18n } = useTranslation();
  const token = useAtomValue(accessTokenAtom);
  const current = useAtomValue(systemIdAtom);
  // Failing quietly: without the list there is just nothing to switch to.
  const systems =
    useLoad(token ? 'subsystems' : null, (signal) => loadSubsystems({ silent: true, signal })).data ?? NONE;

  if (!token) return null;
  const others = systems.filter((s) => s.id !== current);
  return (
    <Space orientation="vertical" size="middle" data-testid="nomenu-subsystems">
      {others.length > 0 && (
        <Space wrap>
          {others.map((s) => (
            <Button
              key={s.id}
              onClick={() => {
                chooseSubsystem(s.id!);
                reloadApp('/');
              }}
            >
              {t('errorPage.switchTo', { name: i18n.exists(s.name) ? t(s.name) : s.name })}
            </Button>
          ))}
        </Space>
      )}
      <Button type="link" onClick={() => void logout()}>
        {t('shell.logout')}
      </Button>
    </Space>
  );
}
