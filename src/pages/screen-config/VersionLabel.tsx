/**
 * A version number as the editor names it: 0 is the file in the repository, or for a data template's
 * screen (dt-<code>-list|form|detail) the screen generated from the template.
 */
import { useTranslation } from 'react-i18next';

/** A data template's generated screen (server/modules/data-templates/screens.ts names them so). */
export const isGeneratedScreen = (name: string | undefined): boolean =>
  name !== undefined && /^dt-[a-z][a-zA-Z0-9]*-(list|form|detail)$/.test(name);

/** The locale key of a version's state: a generated screen's version 0 is 'generated', not 'file'. */
export const stateKey = (state: string, name: string | undefined): string =>
  `screenEditor.state.${state === 'FILE' && isGeneratedScreen(name) ? 'GENERATED' : state}`;

export function useVersionName(name?: string): (version: number) => string {
  const { t } = useTranslation();
  const zero = isGeneratedScreen(name) ? 'screenEditor.version.generated' : 'screenEditor.version.file';
  return (version) => (version === 0 ? t(zero) : t('screenEditor.version.number', { version }));
}

export function VersionLabel({ version, name }: { version: number; name?: string }) {
  return <>{useVersionName(name)(version)}</>;
}
