/** Home page (the first tab of the later full shell): a greeting for now. */
import { Card, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userContextAtom } from '../session/atoms.ts';

export default function DashboardPage() {
  const { t } = useTranslation();
  const context = useAtomValue(userContextAtom);
  const name = context?.employee?.name || context?.user.fullname || context?.user.account || '';
  return (
    <Card title={t('dashboard.title')} data-testid="dashboard">
      <Typography.Paragraph>{t('dashboard.welcome', { name })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('dashboard.hint')}</Typography.Paragraph>
    </Card>
  );
}
