/** Header: app title, language choice, and the user menu with logout. */
import { Button, Dropdown, Layout, Modal, Space, Typography, type MenuProps } from 'antd';
import { DownOutlined, GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from '../app/useChangeLanguage.ts';
import { LANGUAGES, isLanguage } from '../i18n/languages.ts';
import { languageAtom, userContextAtom } from '../session/atoms.ts';
import { signOut } from '../session/sign-in.ts';

export function HeaderBar() {
  const { t } = useTranslation();
  const context = useAtomValue(userContextAtom);
  const language = useAtomValue(languageAtom);
  const changeLanguage = useChangeLanguage();
  const name = context?.employee?.name || context?.user.fullname || context?.user.account || '';
  // The hook (not Modal.confirm) so the dialog gets the app's theme and locale.
  const [modal, modalHolder] = Modal.useModal();

  const userItems: MenuProps['items'] = [
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout') },
  ];
  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key !== 'logout') return;
    void modal.confirm({
      title: t('shell.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      // Clearing the session makes the route guard open /login.
      onOk: () => signOut(),
    });
  };
  const languageItems: MenuProps['items'] = LANGUAGES.map((l) => ({
    key: l,
    label: t(`common.languageName.${l}`),
  }));

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        background: '#fff',
        padding: '0 16px',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      {modalHolder}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('app.title')}
      </Typography.Title>
      <Space size="large">
        <Dropdown
          menu={{
            items: languageItems,
            selectable: true,
            selectedKeys: [language],
            onClick: ({ key }) => isLanguage(key) && void changeLanguage(key),
          }}
        >
          <Button type="text" icon={<GlobalOutlined />} title={t('common.language')}>
            {t(`common.languageName.${language}`)}
          </Button>
        </Dropdown>
        <Dropdown menu={{ items: userItems, onClick: onUserMenu }}>
          <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
            {name}
            <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
