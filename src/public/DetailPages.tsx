/** The detail pages: a notice with its 公示表 (and the comment form while live), a decision in full text. */
import { callPublic } from './api.ts';
import { CommentForm } from './CommentForm.tsx';
import { useI18n } from './i18n.ts';
import { Status } from './Layout.tsx';
import { RichText } from './RichText.tsx';
import { partyList } from './ResultTable.tsx';
import type { ResponseOf } from './operations.ts';
import { Link } from './router.tsx';
import { casePath } from './case/canonical.ts';
import { usePublicLoad } from './page-data.ts';
import { useTitle } from './use-title.ts';

function Back({ tab }: { tab: string }) {
  const { t } = useI18n();
  return (
    <p>
      <Link href={`/publicityIndex?tab=${tab}`}>← {t('backToList')}</Link>
    </p>
  );
}

type NoticeForm = NonNullable<ResponseOf<'publicity.notice.get'>['noticeForm']>;

/** The 公示表 as published: summary, one introduction per party, the simplified-case criteria met, remarks. */
export function NoticeFormView({ form }: { form: NoticeForm }) {
  const { t } = useI18n();
  const intros = form.partyIntros ?? [];
  const reasons = form.reasons ?? [];
  return (
    <section aria-labelledby="form-title" className="pub-card">
      <h2 id="form-title">{t('notice.form')}</h2>
      <dl className="pub-dl">
        {form.summary && (
          <>
            <dt>{t('notice.summary')}</dt>
            <dd>{form.summary}</dd>
          </>
        )}
        {intros.length > 0 && (
          <>
            <dt>{t('notice.parties')}</dt>
            <dd>
              <ul>
                {intros.map((p, i) => (
                  <li key={i}>
                    <strong>{p.party}</strong>：{p.text}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {reasons.length > 0 && (
          <>
            <dt>{t('notice.reasons')}</dt>
            <dd>
              <ul>
                {reasons.map((r) => (
                  <li key={r}>{t(`notice.reason.${r}`)}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {form.remarks && (
          <>
            <dt>{t('notice.remarks')}</dt>
            <dd>{form.remarks}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

export function NoticeDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const notice = usePublicLoad(`notice:${id}`, (signal) =>
    callPublic('publicity.notice.get', { body: { id }, signal }),
  );
  useTitle(notice.data?.title ?? t('notice.title'));
  const n = notice.data;
  return (
    <article className="pub-detail">
      <Back tab="notices" />
      {!n && <Status loading={notice.loading} error={notice.error} onRetry={notice.reload} />}
      {n && (
        <>
          <h1>{n.title}</h1>
          <p className="pub-meta">
            <span className={`pub-badge pub-badge-${n.state}`}>{t(`stateValue.${n.state}`)}</span>{' '}
            {t('notice.period', { from: n.liveFrom ?? '', until: n.liveUntil ?? '' })}
          </p>
          {n.caseNo && (
            <p>
              <strong>{t('column.caseNo')}:</strong> {n.caseNo}{' '}
              <Link href={casePath(n.caseNo)}>{t('publicCase.caseLink')}</Link>
            </p>
          )}
          <p>
            <strong>{t('column.parties')}:</strong> {partyList(n.parties)}
          </p>
          {n.noticeForm && <NoticeFormView form={n.noticeForm} />}
          {n.commentable ? (
            <CommentForm noticeId={n.id} allowAnonymous={Boolean(n.allowAnonymous)} />
          ) : (
            <p className="pub-note">{t('notice.closed')}</p>
          )}
        </>
      )}
    </article>
  );
}

export function DecisionDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const decision = usePublicLoad(`decision:${id}`, (signal) =>
    callPublic('publicity.decision.get', { body: { id }, signal }),
  );
  useTitle(decision.data?.title ?? t('decision.title'));
  const d = decision.data;
  return (
    <article className="pub-detail">
      <Back tab="decisions" />
      {!d && <Status loading={decision.loading} error={decision.error} onRetry={decision.reload} />}
      {d && (
        <>
          <h1>{d.title}</h1>
          <dl className="pub-dl">
            {d.caseNo && (
              <>
                <dt>{t('column.caseNo')}</dt>
                <dd>
                  {d.caseNo} <Link href={casePath(d.caseNo)}>{t('publicCase.caseLink')}</Link>
                </dd>
              </>
            )}
            <dt>{t('column.decision')}</dt>
            <dd>{t(`decisionValue.${d.decisionType}`)}</dd>
            <dt>{t('column.parties')}</dt>
            <dd>{partyList(d.parties)}</dd>
            {d.decidedOn && (
              <>
                <dt>{t('column.decidedOn')}</dt>
                <dd>{d.decidedOn}</dd>
              </>
            )}
            {d.publishedOn && (
              <>
                <dt>{t('column.publishedOn')}</dt>
                <dd>{d.publishedOn}</dd>
              </>
            )}
            {d.conditions && (
              <>
                <dt>{t('decision.conditions')}</dt>
                <dd className="pub-pre">{d.conditions}</dd>
              </>
            )}
            {d.conditionTerm && (
              <>
                <dt>{t('decision.conditionTerm')}</dt>
                <dd>{d.conditionTerm}</dd>
              </>
            )}
          </dl>
          {d.fullText && (
            <section aria-labelledby="full-text" className="pub-card">
              <h2 id="full-text">{t('decision.fullText')}</h2>
              <RichText html={d.fullText} />
            </section>
          )}
          {d.variations && d.variations.length > 0 && (
            <section aria-labelledby="variations" className="pub-card">
              <h2 id="variations">{t('decision.variations')}</h2>
              <ul>
                {d.variations.map((v, i) => (
                  <li key={i}>
                    <time dateTime={v.date}>{v.date}</time> {v.text}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </article>
  );
}
