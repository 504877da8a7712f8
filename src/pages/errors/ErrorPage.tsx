/**
 * The error pages (spec §2): 401, 403, 404, 500 and /nomenu, each with its text and a link back home.
 * /403 reached from the route guard with noGoBack (no menus at all) offers no "back" button; a signed-in
 * user there (an account no role gives a page yet) may sign out, or would be stuck between it and home.
 */
import { Button, Result, Space } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { accessTokenAtom } from '../../session/atoms.ts';
import { logout } from '../../session/logout.ts';
import { appStore } from '../../session/store.ts';
import type { ErrorPageCode } from './error-codes.ts';
import { SubsystemChoices } from './SubsystemChoices.tsx';

const STATUS: Record<ErrorPageCode, ResultStatusType> = {
  '401': 'warning',
  '403': '403',
  '404': '404',
  '500': '500',
  nomenu: 'info',
};

export default function ErrorPage({ code }: { code: ErrorPageCode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const noGoBack = Boolean((location.state as { noGoBack?: boolean } | null)?.noGoBack);
  const canGoBack = !noGoBack && window.history.length > 1 && code !== 'nomenu';
  const signedIn = Boolean(useAtomValue(accessTokenAtom, { store: appStore }));
  return (
    <main className="mf-error-page" data-testid={`error-page-${code}`}>
      <Result
        status={STATUS[code]}
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t(`errorPage.${code}.title`)}</h1>}
        subTitle={t(`errorPage.${code}.text`)}
        extra={
          <Space orientation="vertical" size="large">
            <Space>
              <Button type="primary" onClick={() => void navigate('/dashboard')}>
                {t('common.backHome')}
              </Button>
              {canGoBack && <Button onClick={() => void navigate(-1)}>{t('errorPage.back')}</Button>}
              {noGoBack && signedIn && <Button onClick={() => void logout()}>{t('shell.logout')}</Button>}
            </Space>
            {code === 'nomenu' && <SubsystemChoices />}
          </Space>
        }
      />
    </main>
  );
}
