/**
 * /d/:id — the data template list (spec §2; the id is word characters only). An id that names a screen
 * file (caseList → case-list.yaml) draws that screen; any other is a data template of the tenant
 * (issue 26): its generated list, over its rows, with add, edit and remove for holders of its write grant.
 */
import { lazy } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { hasScreen } from '../../../renderers/screen-loader.ts';
import ScreenPage from './ScreenPage.tsx';

const GeneratedScreen = lazy(() => import('../../pages/data-template/GeneratedScreen.tsx'));

export function screenOfTemplate(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** A data template's code (server/modules/data-templates/definition.ts CODE_PATTERN). */
const TEMPLATE_CODE = /^[a-z][a-zA-Z0-9]{0,39}$/;

export default function DataTemplatePage({ id: given }: { id?: string }) {
  const params = useParams();
  const id = given ?? params.id ?? '';
  if (!/^\w+$/.test(id)) return <Navigate to="/404" replace />;
  if (hasScreen(screenOfTemplate(id)) || !TEMPLATE_CODE.test(id))
    return <ScreenPage name={screenOfTemplate(id)} />;
  return <GeneratedScreen key={id} code={id} kind="list" />;
}

/**
 * /platform/dataTemplate/form?template=<code>&id=…: a row of a data template in its generated form (no id:
 * a new row). Without `template`, ?id=<name> draws the screen file <name>-form.
 */
export function DataTemplateFormPage() {
  const search = new URLSearchParams(useLocation().search);
  const template = search.get('template');
  const id = search.get('id') ?? '';
  if (template !== null) {
    if (!TEMPLATE_CODE.test(template)) return <Navigate to="/404" replace />;
    return (
      <GeneratedScreen key={`${template}/${id}`} code={template} kind="form" params={id ? { id } : {}} />
    );
  }
  if (!/^\w+$/.test(id)) return <Navigate to="/404" replace />;
  return <ScreenPage name={`${screenOfTemplate(id)}-form`} />;
}
