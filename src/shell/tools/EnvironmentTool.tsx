/** Header tool: opens the environment (base address) dialog. */
import { CloudServerOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../ToolButton.tsx';

export default function EnvironmentTool({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ToolButton
      label={t('environment.title')}
      icon={<CloudServerOutlined />}
      onClick={onClick}
      testId="environment-button"
    />
  );
}
