/** A version number as the editor names it: 0 is the file in the repository. */
import { useTranslation } from 'react-i18next';

export function useVersionName(): (version: number) => string {
  const { t } = useTranslation();
  return (version) =>
    version === 0 ? t('screenEditor.version.file') : t('screenEditor.version.number', { version });
}

export function VersionLabel({ version }: { version: number }) {
  return <>{useVersionName()(version)}</>;
}
