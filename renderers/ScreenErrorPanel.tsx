/** A readable, translated panel instead of a crash when a screen cannot be shown. */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScreenError } from './screen-error.ts';

export function ScreenErrorPanel({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const known =
    error instanceof ScreenError
      ? error
      : new ScreenError('crashed', { detail: String((error as Error)?.message ?? error) });
  return (
    <Result
      status="warning"
      title={t('screen.error.title')}
      subTitle={t(`screen.error.${known.reason}`, known.params)}
      data-testid="screen-error"
    />
  );
}
