/**
 * The logo with the subsystem dropdown (spec §2 'Shell'): when the user has more than one subsystem,
 * choosing another stores it and restarts the app at /.
 */
// The dropdown alone: antd's `Dropdown` export carries Dropdown.Button, and Space with it.
import Dropdown from 'antd/es/dropdown/dropdown';
import { DownOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Subsystem } from '../api/generated/operations.ts';
import { systemIdAtom } from '../session/atoms.ts';
import { reloadApp } from '../session/navigation.ts';
import { chooseSubsystem, loadSubsystems } from '../session/sign-in.ts';
import { useLoad } from '../../renderers/environment/use-load.ts';
import { useMenuLabel } from './menu-label.ts';

function LogoMark({ system }: { system?: Subsystem }) {
  // An image logo is an address; an SVG logo is markup we do not inject, so the default mark shows.
  if (system?.logo && system.logoType === 'image' && /^(https?:\/\/|\/)/.test(system.logo))
    return <img src={system.logo} alt="" className="mf-logo-mark" />;
  return (
    <svg className="mf-logo-mark" viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="6" fill="currentColor" opacity="0.18" />
      <path
        d="M9 22V10l7 7 7-7v12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const NONE: Subsystem[] = [];

export function SubsystemLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const current = useAtomValue(systemIdAtom);
  // Failing quietly: without the list there is just nothing to switch to.
  const systems = useLoad('subsystems', (signal) => loadSubsystems({ silent: true, signal })).data ?? NONE;

  const system = systems.find((s) => s.id === current) ?? systems.find((s) => s.isDefault === 'Y');
  const name = system ? label(system.name) : t('app.title');
  const content = (
    <>
      <LogoMark system={system} />
      {!collapsed && <span className="mf-logo-text">{name}</span>}
    </>
  );
  if (systems.length < 2)
    return (
      <div className="mf-logo" title={name}>
        {content}
      </div>
    );
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: system?.id ? [system.id] : [],
        items: systems.map((s) => ({ key: s.id!, label: label(s.name) })),
        onClick: ({ key }) => {
          if (key === system?.id) return;
          chooseSubsystem(key);
          reloadApp('/');
        },
      }}
    >
      <button
        type="button"
        className="mf-logo mf-logo-button"
        aria-label={t('shellKit.chooseSubsystem', { name })}
        data-testid="subsystem-switcher"
      >
        {content}
        {!collapsed && <DownOutlined className="mf-logo-caret" aria-hidden />}
      </button>
    </Dropdown>
  );
}
