/**
 * /wyfReport: a signed-in reporter reports a deal that should have been notified (wyf.clue.submit, with
 * evidence uploaded file by file through wyf.evidence.upload) and sees their reports (wyf.clue.mine).
 * Without reporter details it sends to /wyfperfect first. Plain HTML like the other sign-in pages.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { callApi, type CallArgs } from '../../api/call.ts';
import { isApiCallError } from '../../api/api-call-error.ts';
import type { WyfClue } from '../../api/generated/operations.ts';
import { PageLoading } from '../../app/PageLoading.tsx';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
import { logout } from '../../session/logout.ts';
import { AuthCard, AuthField } from '../auth/AuthCard.tsx';
import { useSignedIn } from '../auth/useSignedIn.ts';
import { WYF_LOGIN, WYF_PERFECT, WYF_REPORT } from './wyf-paths.ts';
import './wyf.css';

const errorText = (e: unknown) => (isApiCallError(e) ? e.text : String(e));
const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;

interface Evidence {
  id: string;
  fileName: string;
}

function ReportForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [targets, setTargets] = useState('');
  const [deal, setDeal] = useState('');
  const [why, setWhy] = useState('');
  const [evidence, setEvidence] = useState<Evidence[]>([]);
  // The name of the file being uploaded (shown while uploadEvidence runs).
  const [uploadingName, setUploadingName] = useState('');
  const [touched, setTouched] = useState(false);
  // The last failure of an upload or of the report, until the report is sent again.
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const uploadEvidence = useMutation((signal, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return callApi('wyf.evidence.upload', { body: body as never, silent: true, signal });
  });
  const submitClue = useMutation((signal, body: CallArgs<'wyf.clue.submit'>['body']) =>
    callApi('wyf.clue.submit', { body, silent: true, signal }),
  );
  const uploading = uploadEvidence.running;
  const sending = submitClue.running;
  const targetList = targets
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  const errors = touched
    ? {
        targets: targetList.length ? null : t('wyf.required', { field: t('wyf.targets') }),
        deal: deal.trim() ? null : t('wyf.required', { field: t('wyf.dealDescription') }),
        why: why.trim() ? null : t('wyf.required', { field: t('wyf.description') }),
      }
    : { targets: null, deal: null, why: null };

  const upload = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (file.size > MAX_EVIDENCE_BYTES) {
        setFailure(`${file.name}: ${t('file.error.tooLarge', { limit: '10 MB' })}`);
        continue;
      }
      setUploadingName(file.name);
      const saved = await uploadEvidence.run(file);
      if (!saved) return; // the form is gone
      if (saved.ok) setEvidence((list) => [...list, { id: saved.data.id, fileName: saved.data.fileName }]);
      else setFailure(errorText(saved.error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!targetList.length || !deal.trim() || !why.trim()) return;
    setFailure(null);
    const sent = await submitClue.run({
      targets: targetList,
      dealDescription: deal.trim(),
      description: why.trim(),
      evidenceIds: evidence.map((e) => e.id),
    });
    if (!sent) return;
    if (!sent.ok) {
      setFailure(errorText(sent.error));
      return;
    }
    setDone(true);
    onSubmitted();
  };

  if (done)
    return (
      <p className="mf-auth-notice-success" role="status">
        {t('wyf.submitted')}
      </p>
    );
  const area = (
    key: string,
    label: string,
    value: string,
    set: (v: string) => void,
    error: string | null,
  ) => (
    <AuthField id={`${id}-${key}`} label={label} error={error}>
      <textarea
        id={`${id}-${key}`}
        className="mf-wyf-textarea"
        rows={4}
        maxLength={5000}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${key}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
    </AuthField>
  );
  return (
    <form onSubmit={submit} noValidate>
      <p className="mf-auth-info">{t('wyf.reportIntro')}</p>
      {failure && (
        <div className="mf-login-server-error" role="alert">
          {failure}
        </div>
      )}
      {area('targets', t('wyf.targets'), targets, setTargets, errors.targets)}
      {area('deal', t('wyf.dealDescription'), deal, setDeal, errors.deal)}
      {area('why', t('wyf.description'), why, setWhy, errors.why)}
      <AuthField id={`${id}-evidence`} label={t('wyf.evidence')} hint={t('wyf.evidenceHint')}>
        <input
          id={`${id}-evidence`}
          type="file"
          multiple
          accept=".pdf,.jpg,.jpeg,.png,.docx,.xlsx,.txt,.zip"
          disabled={uploading}
          onChange={(e) => void upload(e.target.files)}
        />
      </AuthField>
      {uploading && <p role="status">{t('wyf.uploading', { name: uploadingName })}</p>}
      {evidence.length > 0 && (
        <ul className="mf-wyf-evidence">
          {evidence.map((e) => (
            <li key={e.id}>
              {e.fileName}{' '}
              <button
                type="button"
                className="mf-auth-link-button"
                aria-label={t('wyf.removeEvidence', { name: e.fileName })}
                onClick={() => setEvidence((list) => list.filter((x) => x.id !== e.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="submit" className="mf-login-submit" disabled={sending || uploading}>
        {sending ? t('wyf.submitting') : t('wyf.submit')}
      </button>
    </form>
  );
}

function MyReports({ version }: { version: number }) {
  const { t } = useTranslation();
  const mine = useLoad(`wyf.mine:${version}`, (signal) =>
    callApi('wyf.clue.mine', { body: { requestPage: { pageNo: 1, limit: 50 } }, silent: true, signal }),
  );
  const rows = (mine.data?.dataResult ?? []) as WyfClue[];
  return (
    <section aria-labelledby="wyf-mine" className="mf-wyf-mine">
      <h2 id="wyf-mine">{t('wyf.mine')}</h2>
      {mine.error !== undefined && !mine.loading ? (
        <div className="mf-login-server-error" role="alert">
          {t('wyf.loadFailed', { message: errorText(mine.error) })}
        </div>
      ) : !mine.data ? (
        <PageLoading />
      ) : rows.length === 0 ? (
        <p>{t('wyf.noneYet')}</p>
      ) : (
        <table className="mf-wyf-table">
          <caption>{t('wyf.mineCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('wyf.targets')}</th>
              <th scope="col">{t('wyf.submittedAt')}</th>
              <th scope="col">{t('wyf.state')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((clue) => (
              <tr key={clue.id}>
                <th scope="row">{clue.targets.join('、')}</th>
                <td>{(clue.createTime ?? '').slice(0, 10)}</td>
                <td>{t(`wyf.states.${clue.state}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function WyfReportPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useSignedIn();
  const [version, setVersion] = useState(0);
  const ready = signedIn.state === 'ready';
  const reporter = useLoad(ready ? 'wyf.reporter' : null, (signal) =>
    callApi('wyf.reporter.get', { silent: true, signal }),
  );
  if (signedIn.state === 'missing')
    return <Navigate to={`${WYF_LOGIN}?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  if (reporter.data && !reporter.data.complete)
    return <Navigate to={`${WYF_PERFECT}?redirect=${encodeURIComponent(WYF_REPORT)}`} replace />;
  const failed =
    signedIn.state === 'failed' ? signedIn.text : reporter.error ? errorText(reporter.error) : null;
  return (
    <AuthCard title={t('wyf.reportTitle')} wide>
      {failed ? (
        <div className="mf-login-server-error" role="alert">
          {t('wyf.loadFailed', { message: failed })}
        </div>
      ) : !reporter.data ? (
        <PageLoading />
      ) : (
        <>
          <ReportForm onSubmitted={() => setVersion((v) => v + 1)} />
          <MyReports version={version} />
        </>
      )}
      <nav className="mf-auth-links" aria-label={t('wyf.mine')}>
        <a href="/homepage">{t('wyf.publicHome')}</a>
        <Link to={`${WYF_PERFECT}?redirect=${encodeURIComponent(WYF_REPORT)}`}>{t('wyf.editReporter')}</Link>
        <button type="button" className="mf-auth-link-button" onClick={() => void logout()}>
          {t('wyf.signOut')}
        </button>
      </nav>
    </AuthCard>
  );
}
