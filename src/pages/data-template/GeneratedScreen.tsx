/**
 * A data template's screen (dataTemplate.screens: its list or its form as the tenant sees it — a
 * configurator's published version, else the one generated from the template, its texts inline in the
 * three languages) drawn by the real screen renderer, as any screen file is.
 * While the template is read it shows a spinner; a template that is unknown or not granted shows the
 * server's own message.
 */
import { lazy } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useTabTitle } from '../../shell/tabs/tab-titles.ts';
import { ApiCallError } from '../../api/api-call-error.ts';
import { callApi } from '../../api/call.ts';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import type { ScreenDefinition } from '../../../renderers/screen-types.ts';
import { inlineTextIn, isInlineText } from '../../../schemas/inline-texts.ts';

const ScreenRenderer = lazy(() => import('../../../renderers/ScreenRenderer.tsx'));

export type GeneratedKind = 'list' | 'form' | 'detail';

export default function GeneratedScreen({
  code,
  kind,
  params,
  preview = false,
}: {
  code: string;
  kind: GeneratedKind;
  params?: Record<string, unknown>;
  /** Drawn inside another page (the designer's preview): that page's tab keeps its own title. */
  preview?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const screens = useLoad(code, (signal) => callApi('dataTemplate.screens', { query: { code }, signal }));
  // The tab says the template's name (会议纪要), not the route's fixed title; a row form's tab also says
  // whether it adds or edits, so it is told apart from the list's.
  const title: unknown = (screens.data?.[kind] as ScreenDefinition | undefined)?.title;
  const templateName = isInlineText(title)
    ? inlineTextIn(title, i18n.language)
    : typeof title === 'string'
      ? title
      : undefined;
  const tabTitle =
    templateName && kind === 'form'
      ? `${templateName} · ${t(params?.id ? 'action.edit' : 'action.add')}`
      : templateName;
  useTabTitle(useLocation().pathname, preview ? undefined : tabTitle, i18n.language);
  if (screens.error !== undefined)
    return (
      <Alert
        type="error"
        showIcon
        message={screens.error instanceof ApiCallError ? screens.error.text : String(screens.error)}
        style={{ margin: 24 }}
      />
    );
  if (!screens.data)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  const name = screens.data.names[kind]!;
  return (
    <ScreenRenderer key={name} name={name} screen={screens.data[kind] as ScreenDefinition} params={params} />
  );
}
