/**
 * /publicityIndex/case/<case number>: one case as the register shows it — its parties and facts, the
 * public timeline, the decision in full or the clearance's batch, the notice's 公示表, and links to the
 * notice and decision pages. Loaded through usePublicLoad only, so a server render can fill it.
 */
import { FollowCase } from '../follow/FollowCase.tsx';
import { callPublic } from '../api.ts';
import { NoticeFormView } from '../DetailPages.tsx';
import { useStatus } from '../head.ts';
import { useI18n, type Translate } from '../i18n.ts';
import { Status } from '../Layout.tsx';
import type { ResponseOf } from '../operations.ts';
import { usePublicLoad } from '../page-data.ts';
import { partyList } from '../ResultTable.tsx';
import { RichText } from '../RichText.tsx';
import { Link } from '../router.tsx';
import { useTitle } from '../use-title.ts';
import { useCaseCanonical } from './canonical.ts';

type PublicCase = ResponseOf<'publicity.case.get'>;
type Decision = NonNullable<PublicCase['decision']>;
type Notice = NonNullable<PublicCase['notice']>;

/** A code with its GB/T 4754 section's name, as the lists' industry filter names it (C2720 制造业). */
const industryLabel = (t: Translate, code: string) => `${code} ${t(`industryValue.${code[0]}`)}`;

/** The list this case belongs to, for the way back. */
function backTab(c: PublicCase | undefined): string {
  if (c?.decision?.decisionType === 'CLEARANCE') return 'clearance';
  if (c?.decision) return 'decisions';
  return c?.notice ? 'notices' : 'clearance';
}

export function CasePage({ caseNo }: { caseNo: string }) {
  const { t } = useI18n();
  const loaded = usePublicLoad(`case:${caseNo}`, (signal) =>
    callPublic('publicity.case.get', { body: { caseNo }, signal }),
  );
  const c = loaded.data;
  useTitle(c ? `${c.caseNo} ${c.name}` : t('publicCase.title'));
  useCaseCanonical(c?.caseNo);
  const failedState = (loaded.error as { state?: unknown } | undefined)?.state;
  useStatus(failedState === 404 ? 404 : 200);
  const tab = backTab(c);
  return (
    <article className="pub-detail">
      <p>
        <Link href={tab === 'clearance' ? '/publicityIndex' : `/publicityIndex?tab=${tab}`}>
          ← {t('backToList')}
        </Link>
      </p>
      {!c && (
        // A case that is not public stays so on a retry: no retry button for it.
        <Status
          loading={loaded.loading}
          error={loaded.error}
          onRetry={failedState === 404 ? undefined : loaded.reload}
        />
      )}
      {c && (
        <>
          <h1>
            <span className="pub-nowrap">{c.caseNo}</span> {c.name}
          </h1>
          <Facts c={c} />
          <Timeline c={c} />
          {c.decision && <DecisionPart decision={c.decision} />}
          {c.notice && <NoticePart notice={c.notice} />}
          {c.notice?.noticeForm && <NoticeFormView form={c.notice.noticeForm} />}
          <FollowCase caseNo={c.caseNo} />
        </>
      )}
    </article>
  );
}

function Facts({ c }: { c: PublicCase }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="case-facts" className="pub-card">
      <h2 id="case-facts">{t('publicCase.facts')}</h2>
      <dl className="pub-dl">
        <dt>{t('column.caseNo')}</dt>
        <dd>{c.caseNo}</dd>
        <dt>{t('publicCase.parties')}</dt>
        <dd>{partyList(c.parties)}</dd>
        {c.procedure && (
          <>
            <dt>{t('publicCase.procedure')}</dt>
            <dd>{t(`procedureValue.${c.procedure}`)}</dd>
          </>
        )}
        {c.industries.length > 0 && (
          <>
            <dt>{t('publicCase.industries')}</dt>
            <dd>{c.industries.map((code) => industryLabel(t, code)).join('；')}</dd>
          </>
        )}
        {c.transactionMode && (
          <>
            <dt>{t('publicCase.transactionMode')}</dt>
            <dd>{t(`modeValue.${c.transactionMode}`)}</dd>
          </>
        )}
        {c.decision && (
          <>
            <dt>{t('publicCase.decision')}</dt>
            <dd>{t(`publicCase.decisionType.${c.decision.decisionType}`)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Timeline({ c }: { c: PublicCase }) {
  const { t } = useI18n();
  const datesShown = c.timeline.some((e) => e.event === 'FILED' || e.event === 'ACCEPTED');
  return (
    <section aria-labelledby="case-timeline" className="pub-card">
      <h2 id="case-timeline">{t('publicCase.timeline')}</h2>
      <ol>
        {c.timeline.map((e) => (
          <li key={e.event}>
            <time dateTime={e.date}>{e.date}</time> {t(`publicCase.event.${e.event}`)}
          </li>
        ))}
      </ol>
      {!c.decision && <p className="pub-note">{t('publicCase.underReview')}</p>}
      {!datesShown && <p className="pub-muted">{t('publicCase.progressHidden')}</p>}
    </section>
  );
}

function DecisionPart({ decision: d }: { decision: Decision }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="case-decision" className="pub-card">
      <h2 id="case-decision">{t(`publicCase.decisionType.${d.decisionType}`)}</h2>
      <dl className="pub-dl">
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
      {d.decisionType === 'CLEARANCE' ? (
        d.batchId && (
          <p>
            {t('publicCase.batch', { title: d.batchTitle ?? '', seq: d.seq ?? '' })}{' '}
            <Link href={`/publicityIndex?batchId=${encodeURIComponent(d.batchId)}`}>
              {t('publicCase.openBatch')}
            </Link>
          </p>
        )
      ) : (
        <p>
          <Link href={`/publicityIndex/decision/${encodeURIComponent(d.id)}`}>
            {t('publicCase.openDecision')}
          </Link>
        </p>
      )}
      {d.fullText && (
        <>
          <h3>{t('decision.fullText')}</h3>
          <RichText html={d.fullText} />
        </>
      )}
      {d.variations && d.variations.length > 0 && (
        <>
          <h3>{t('decision.variations')}</h3>
          <ul>
            {d.variations.map((v, i) => (
              <li key={i}>
                <time dateTime={v.date}>{v.date}</time> {v.text}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function NoticePart({ notice: n }: { notice: Notice }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="case-notice" className="pub-card">
      <h2 id="case-notice">{t('publicCase.notice')}</h2>
      <p className="pub-meta">
        <span className={`pub-badge pub-badge-${n.state}`}>{t(`stateValue.${n.state}`)}</span>{' '}
        {t('publicCase.noticePeriod', { from: n.liveFrom ?? '', until: n.liveUntil ?? '' })}
      </p>
      <p>
        <Link href={`/publicityIndex/notice/${encodeURIComponent(n.id)}`}>
          {t(n.commentable ? 'publicCase.openNotice' : 'publicCase.openNoticeClosed')}
        </Link>
      </p>
    </section>
  );
}
