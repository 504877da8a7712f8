/** /agreement: the licence agreement of the system (texts in the locales). */
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['scope', 'account', 'data', 'conduct', 'liability'] as const;

export default function AgreementPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography>
        <Typography.Title level={3}>{t('shellKit.agreement.title')}</Typography.Title>
        <Typography.Paragraph>{t('shellKit.agreement.intro')}</Typography.Paragraph>
        {SECTIONS.map((section, i) => (
          <section key={section}>
            <Typography.Title level={4}>
              {i + 1}. {t(`shellKit.agreement.${section}.title`)}
            </Typography.Title>
            <Typography.Paragraph>{t(`shellKit.agreement.${section}.text`)}</Typography.Paragraph>
          </section>
        ))}
      </Typography>
    </Card>
  );
}
