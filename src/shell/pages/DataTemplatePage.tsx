/**
 * /d/:id — the data template list (spec §2; the id is word characters only). Data templates are
 * screens here: the template id names a screen file (caseList → case-list.yaml).
 */
import { Navigate, useLocation, useParams } from 'react-router-dom';
import ScreenPage from './ScreenPage.tsx';

export function screenOfTemplate(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

export default function DataTemplatePage({ id: given }: { id?: string }) {
  const params = useParams();
  const id = given ?? params.id ?? '';
  if (!/^\w+$/.test(id)) return <Navigate to="/404" replace />;
  return <ScreenPage name={screenOfTemplate(id)} />;
}

/** /platform/dataTemplate/form?id=…: the template's form screen (<id>-form). */
export function DataTemplateFormPage() {
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  if (!/^\w+$/.test(id)) return <Navigate to="/404" replace />;
  return <ScreenPage name={`${screenOfTemplate(id)}-form`} />;
}
