/**
 * The pages the mails link to: /publicityIndex/follow/confirm?token=… confirms a subscription and
 * /publicityIndex/follow/unsubscribe?token=… ends one. Opening the link does nothing by itself: the
 * visitor presses the page's button. Mail scanners and link previews open every link in a mail, and
 * must not confirm an address that never asked, or end a subscription (a mail program's own
 * unsubscribe button uses RFC 8058's one-click POST, which needs no page). Both calls are idempotent.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { callPublic } from '../api.ts';
import { useI18n } from '../i18n.ts';
import type { ResponseOf } from '../operations.ts';
import { Link, usePlace } from '../router.tsx';
import { useTitle } from '../use-title.ts';

/** What confirm and unsubscribe answer (the same shape). */
type Outcome = ResponseOf<'publicity.follow.confirm'>;

type Step =
  | { kind: 'ready' }
  | { kind: 'working' }
  | { kind: 'done'; outcome: Outcome }
  | { kind: 'failed'; message: string };

/** A page that runs one token's call when asked and shows its outcome, or why it could not. */
function TokenPage({
  titleKey,
  promptKey,
  actionKey,
  workingKey,
  missingKey,
  run,
  children,
}: {
  titleKey: string;
  promptKey: string;
  actionKey: string;
  workingKey: string;
  missingKey: string;
  run: (token: string) => Promise<Outcome>;
  children: (outcome: Outcome) => ReactNode;
}) {
  const { t } = useI18n();
  const token = usePlace().query.get('token')?.trim() ?? '';
  useTitle(t(titleKey));
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStep({ kind: 'working' });
    run(token).then(
      (outcome) => setStep({ kind: 'done', outcome }),
      (error: unknown) =>
        setStep({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <article className="pub-detail">
      <h1>{t(titleKey)}</h1>
      {!token && (
        <p role="alert" className="pub-error">
          {t(missingKey)}
        </p>
      )}
      {token && step.kind !== 'done' && (
        <form onSubmit={submit} className="pub-card">
          <p>{t(promptKey)}</p>
          <button type="submit" className="pub-primary" disabled={step.kind === 'working'}>
            {step.kind === 'working' ? t(workingKey) : t(actionKey)}
          </button>
        </form>
      )}
      {step.kind === 'failed' && (
        <p role="alert" className="pub-error">
          {step.message}
        </p>
      )}
      {step.kind === 'done' && <div role="status">{children(step.outcome)}</div>}
      <p>
        <Link href="/publicityIndex">← {t('publicFollow.backToQuery')}</Link>
      </p>
    </article>
  );
}

export function FollowConfirmPage() {
  const { t } = useI18n();
  return (
    <TokenPage
      titleKey="publicFollow.confirm.title"
      promptKey="publicFollow.confirm.prompt"
      actionKey="publicFollow.confirm.action"
      workingKey="publicFollow.confirm.working"
      missingKey="publicFollow.confirm.missingToken"
      run={(token) => callPublic('publicity.follow.confirm', { body: { token } })}
    >
      {(o) =>
        o.state === 'CONFIRMED' ? (
          <>
            <p className="pub-success">{t('publicFollow.confirm.done', { target: o.target ?? '' })}</p>
            {o.unsubscribeToken && (
              <p>
                <Link
                  href={`/publicityIndex/follow/unsubscribe?token=${encodeURIComponent(o.unsubscribeToken)}`}
                >
                  {t('publicFollow.confirm.unsubscribeLink')}
                </Link>
              </p>
            )}
          </>
        ) : (
          <p>{t('publicFollow.confirm.ended', { target: o.target ?? '' })}</p>
        )
      }
    </TokenPage>
  );
}

export function FollowUnsubscribePage() {
  const { t } = useI18n();
  return (
    <TokenPage
      titleKey="publicFollow.unsubscribe.title"
      promptKey="publicFollow.unsubscribe.prompt"
      actionKey="publicFollow.unsubscribe.action"
      workingKey="publicFollow.unsubscribe.working"
      missingKey="publicFollow.unsubscribe.missingToken"
      run={(token) => callPublic('publicity.follow.unsubscribe', { body: { token } })}
    >
      {(o) => <p className="pub-success">{t('publicFollow.unsubscribe.done', { target: o.target ?? '' })}</p>}
    </TokenPage>
  );
}
