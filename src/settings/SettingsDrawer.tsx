/**
 * The settings drawer (spec §2 'Settings drawer'): 7 themes (the chosen one marked), the colour
 * (predefined colours or any other), language, component size and the header tools, all kept per
 * user. A new size redraws the view through the refresh route (spec §4); a new language clears the
 * kept-alive pages (the shell does that when the language changes).
 */
import { Checkbox, Divider, Drawer, Radio, Space, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useChangeLanguage } from '../app/useChangeLanguage.ts';
import { LANGUAGES, isLanguage } from '../i18n/languages.ts';
import { refreshPathFor } from '../router/refresh-path.ts';
import { languageAtom } from '../session/atoms.ts';
import { DEFAULT_COLOUR, PRESET_COLOURS, isHexColour } from './colour.ts';
import { HEADER_TOOLS } from './header-tools.ts';
import { settingsAtom } from './settings-store.ts';
import { SIZES, isShellSize } from './sizes.ts';
import { THEMES } from './themes.ts';

export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useAtom(settingsAtom);
  const language = useAtomValue(languageAtom);
  const changeLanguage = useChangeLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const custom = !PRESET_COLOURS.includes(settings.colour as (typeof PRESET_COLOURS)[number]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      size={320}
      destroyOnHidden
      rootClassName="mf-settings"
      data-testid="settings-drawer"
    >
      <section aria-labelledby="mf-settings-theme">
        <Typography.Title level={2} className="mf-settings-heading" id="mf-settings-theme">
          {t('settings.theme')}
        </Typography.Title>
        <Radio.Group
          value={settings.theme}
          onChange={(e) => setSettings({ theme: e.target.value as string })}
          className="mf-theme-list"
          aria-labelledby="mf-settings-theme"
        >
          {THEMES.map((theme) => (
            <Radio
              key={theme.id}
              value={theme.id}
              className="mf-theme-option"
              data-testid={`theme-${theme.id}`}
            >
              <span className="mf-theme-swatch" aria-hidden>
                <span style={{ background: theme.logoBg }} />
                <span style={{ background: theme.headerBg }} />
                <span style={{ background: theme.siderBg }} />
                <span style={{ background: '#f0f2f5' }} />
                {settings.theme === theme.id && <CheckOutlined className="mf-theme-check" />}
              </span>
              <span className="mf-theme-name">{t(`settings.themes.${theme.id}`)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </section>
      <Divider />
      <section aria-labelledby="mf-settings-colour">
        <Typography.Title level={2} className="mf-settings-heading" id="mf-settings-colour">
          {t('settings.colour')}
        </Typography.Title>
        <Radio.Group
          value={custom ? 'custom' : settings.colour}
          onChange={(e) => {
            const value = e.target.value as string;
            if (isHexColour(value)) setSettings({ colour: value });
          }}
          className="mf-colour-list"
          aria-labelledby="mf-settings-colour"
        >
          {PRESET_COLOURS.map((colour) => (
            <Radio key={colour} value={colour} className="mf-colour-option" title={colour}>
              <span className="mf-colour-swatch" style={{ background: colour }} aria-hidden>
                {settings.colour === colour && <CheckOutlined />}
              </span>
              <span className="mf-visually-hidden">
                {colour === DEFAULT_COLOUR ? t('settings.colourDefault', { colour }) : colour}
              </span>
            </Radio>
          ))}
        </Radio.Group>
        <label className="mf-colour-custom">
          <input
            type="color"
            value={settings.colour.toLowerCase()}
            onChange={(e) => isHexColour(e.target.value) && setSettings({ colour: e.target.value })}
            data-testid="colour-input"
          />
          <span>{t('settings.colourCustom', { colour: settings.colour })}</span>
        </label>
      </section>
      <Divider />
      <section aria-labelledby="mf-settings-language">
        <Typography.Title level={2} className="mf-settings-heading" id="mf-settings-language">
          {t('common.language')}
        </Typography.Title>
        <Radio.Group
          value={language}
          aria-labelledby="mf-settings-language"
          onChange={(e) => {
            const value = e.target.value as unknown;
            if (!isLanguage(value)) return;
            setSettings({ language: value });
            void changeLanguage(value);
          }}
        >
          <Space orientation="vertical">
            {LANGUAGES.map((l) => (
              <Radio key={l} value={l} data-testid={`language-${l}`}>
                <span lang={l}>{t(`common.languageName.${l}`)}</span>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </section>
      <Divider />
      <section aria-labelledby="mf-settings-size">
        <Typography.Title level={2} className="mf-settings-heading" id="mf-settings-size">
          {t('settings.size')}
        </Typography.Title>
        <Radio.Group
          value={settings.size}
          aria-labelledby="mf-settings-size"
          onChange={(e) => {
            const value = e.target.value as unknown;
            if (!isShellSize(value)) return;
            setSettings({ size: value });
            void navigate(refreshPathFor(`${location.pathname}${location.search}${location.hash}`), {
              replace: true,
            });
          }}
        >
          <Space orientation="vertical">
            {SIZES.map((size) => (
              <Radio key={size} value={size} data-testid={`size-${size}`}>
                {t(`settings.sizes.${size}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </section>
      <Divider />
      <section aria-labelledby="mf-settings-tools">
        <Typography.Title level={2} className="mf-settings-heading" id="mf-settings-tools">
          {t('settings.tools')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('settings.toolsHint')}</Typography.Paragraph>
        <Space orientation="vertical">
          {HEADER_TOOLS.map((tool) => (
            <Checkbox
              key={tool}
              checked={settings.headerTools[tool]}
              onChange={(e) =>
                setSettings({ headerTools: { ...settings.headerTools, [tool]: e.target.checked } })
              }
              data-testid={`tool-${tool}`}
            >
              {t(`settings.toolNames.${tool}`)}
            </Checkbox>
          ))}
        </Space>
      </section>
    </Drawer>
  );
}
