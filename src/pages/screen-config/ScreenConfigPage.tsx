/**
 * 界面配置 (/platform/screenConfig, screen:configure): the schema editor of versioned screens (issue 26).
 * The list of screens, and one screen open in the editor. The platform's versions are the super user's;
 * a tenant's holder of screen:configure edits that tenant's overrides. This page and what it alone needs
 * (CodeMirror, jsondiffpatch, the meta-schema validators) load only when it is opened
 * (src/shell/pages/hand-written-pages.tsx).
 */
import { useState } from 'react';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRendererEnvironment } from '../../../renderers/environment/RendererEnvironment.tsx';
import type { ScreenRow } from './screen-config-api.ts';
import { ScreenEditor } from './ScreenEditor.tsx';
import { ScreenList } from './ScreenList.tsx';
import { editableScopes, openingScope, scopesOfScreen } from './scopes.ts';

export default function ScreenConfigPage() {
  const { t } = useTranslation();
  const { session } = useRendererEnvironment();
  const scopes = editableScopes(session);
  const [open, setOpen] = useState<ScreenRow | null>(null);
  if (!scopes.length)
    return <Result status="403" title={t('screenEditor.title')} subTitle={t('screenEditor.notPermitted')} />;
  return (
    <Card title={t('screenEditor.title')} data-testid="screen-config-page">
      {open ? (
        <ScreenEditor
          key={open.name}
          name={open.name}
          row={open}
          scopes={scopesOfScreen(open.name, scopes)}
          initialScope={openingScope(open, scopesOfScreen(open.name, scopes))}
          onBack={() => setOpen(null)}
        />
      ) : (
        <ScreenList onOpen={setOpen} />
      )}
    </Card>
  );
}
