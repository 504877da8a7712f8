/**
 * The comment form of a live notice (publicity.comment.submit): name or organisation and contact, or
 * anonymous where the notice allows it; the text with a counter; an optional attachment (sent as
 * base64, 512 KB at most); the image captcha. Problems are listed at the top and by each field.
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '../../renderers/environment/use-mutation.ts';
import { callPublic, PublicApiError } from './api.ts';
import { Captcha, type CaptchaHandle } from './Captcha.tsx';
import { COMMENT_MAX } from './comment-limits.ts';
import { useI18n } from './i18n.ts';
import type { BodyOf } from './operations.ts';

const MAX_TEXT = COMMENT_MAX.text;
const MAX_ATTACHMENT = 512 * 1024;
const ATTACHMENT_TYPES = '.pdf,.jpg,.jpeg,.png,.txt,.docx';

interface Draft {
  anonymous: boolean;
  name: string;
  organisation: string;
  contact: string;
  text: string;
  captcha: string;
}

const EMPTY: Draft = { anonymous: false, name: '', organisation: '', contact: '', text: '', captcha: '' };

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function CommentForm({ noticeId, allowAnonymous }: { noticeId: string; allowAnonymous: boolean }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [file, setFile] = useState<File>();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(undefined);
  const comment = useMutation(async (signal, sent: { draft: Draft; file: File | undefined }) => {
    const body: BodyOf<'publicity.comment.submit'> = {
      noticeId,
      text: sent.draft.text.trim(),
      captcha: sent.draft.captcha.trim(),
      requestId: captchaRef.current?.requestId ?? '',
    };
    if (sent.draft.anonymous) body.anonymous = true;
    else {
      if (sent.draft.name.trim()) body.name = sent.draft.name.trim();
      if (sent.draft.organisation.trim()) body.organisation = sent.draft.organisation.trim();
      body.contact = sent.draft.contact.trim();
    }
    if (sent.file) body.attachment = { fileName: sent.file.name, data: await toBase64(sent.file) };
    return callPublic('publicity.comment.submit', { body, signal });
  });
  const sending = comment.running;
  const failure =
    comment.error === undefined
      ? undefined
      : comment.error instanceof PublicApiError
        ? comment.error.message
        : t('comment.failed');
  const summaryRef = useRef<HTMLDivElement>(null);
  const onHandle = useCallback((handle: CaptchaHandle) => {
    captchaRef.current = handle;
  }, []);
  const set = (key: keyof Draft) => (value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    const required = (key: string, label: string) => t('comment.required', { field: label });
    if (!draft.anonymous) {
      if (!draft.name.trim() && !draft.organisation.trim()) found.name = required('name', t('comment.name'));
      if (!draft.contact.trim()) found.contact = required('contact', t('comment.contact'));
    }
    if (!draft.text.trim()) found.text = required('text', t('comment.text'));
    else if (draft.text.length > MAX_TEXT)
      found.text = t('comment.tooLong', { field: t('comment.text'), max: MAX_TEXT });
    if (file && file.size > MAX_ATTACHMENT)
      found.attachment = t('comment.attachmentTooLarge', { max: '512 KB' });
    if (!draft.captcha.trim()) found.captcha = required('captcha', t('comment.captcha'));
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    comment.reset();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    const outcome = await comment.run({ draft, file });
    if (!outcome) return;
    if (outcome.ok) {
      setDone(true);
      return;
    }
    // A captcha is spent by any answer: show a new one.
    setDraft((d) => ({ ...d, captcha: '' }));
    captchaRef.current?.renew();
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  if (done)
    return (
      <section aria-labelledby="comment-title" className="pub-card">
        <h2 id="comment-title">{t('comment.title')}</h2>
        <p role="status" className="pub-success">
          {t('comment.success')}
        </p>
      </section>
    );

  const problemList = Object.entries(problems);
  const described = (key: string) => (problems[key] ? `c-${key}-error` : undefined);
  const errorOf = (key: string) =>
    problems[key] ? (
      <small id={`c-${key}-error`} className="pub-field-error">
        {problems[key]}
      </small>
    ) : null;

  return (
    <section aria-labelledby="comment-title" className="pub-card">
      <h2 id="comment-title">{t('comment.title')}</h2>
      <p>{t('comment.intro')}</p>
      <div ref={summaryRef} tabIndex={-1} className="pub-summary" aria-live="assertive">
        {failure && (
          <p role="alert" className="pub-field-error">
            {failure}
          </p>
        )}
        {problemList.length > 0 && (
          <div role="alert">
            <p>{t('comment.errorsTitle')}</p>
            <ul>
              {problemList.map(([key, text]) => (
                <li key={key}>
                  <a href={`#c-${key}`}>{text}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <form onSubmit={submit} noValidate className="pub-comment">
        {allowAnonymous && (
          <div className="pub-check">
            <input
              id="c-anonymous"
              type="checkbox"
              checked={draft.anonymous}
              onChange={(e) => set('anonymous')(e.target.checked)}
            />
            <label htmlFor="c-anonymous">{t('comment.anonymous')}</label>
          </div>
        )}
        {!draft.anonymous && (
          <>
            <div className="pub-field">
              <label htmlFor="c-name">{t('comment.personName')}</label>
              <input
                id="c-name"
                autoComplete="name"
                maxLength={COMMENT_MAX.name}
                value={draft.name}
                aria-invalid={problems.name ? true : undefined}
                aria-describedby={described('name') ?? 'c-name-hint'}
                onChange={(e) => set('name')(e.target.value)}
              />
              <small id="c-name-hint" className="pub-hint">
                {t('comment.nameHint')}
              </small>
              {errorOf('name')}
            </div>
            <div className="pub-field">
              <label htmlFor="c-organisation">{t('comment.organisation')}</label>
              <input
                id="c-organisation"
                autoComplete="organization"
                maxLength={COMMENT_MAX.organisation}
                value={draft.organisation}
                onChange={(e) => set('organisation')(e.target.value)}
              />
            </div>
            <div className="pub-field">
              <label htmlFor="c-contact">{t('comment.contact')}</label>
              <input
                id="c-contact"
                autoComplete="email"
                maxLength={COMMENT_MAX.contact}
                value={draft.contact}
                aria-invalid={problems.contact ? true : undefined}
                aria-describedby={described('contact')}
                onChange={(e) => set('contact')(e.target.value)}
              />
              {errorOf('contact')}
            </div>
          </>
        )}
        <div className="pub-field">
          <label htmlFor="c-text">{t('comment.text')}</label>
          <textarea
            id="c-text"
            rows={8}
            value={draft.text}
            aria-invalid={problems.text ? true : undefined}
            aria-describedby={[described('text'), 'c-text-counter'].filter(Boolean).join(' ')}
            onChange={(e) => set('text')(e.target.value)}
          />
          <small
            id="c-text-counter"
            className={draft.text.length > MAX_TEXT ? 'pub-field-error' : 'pub-hint'}
          >
            {t('comment.counter', { count: draft.text.length, max: MAX_TEXT })}
          </small>
          {errorOf('text')}
        </div>
        <div className="pub-field">
          <label htmlFor="c-attachment">{t('comment.attachment')}</label>
          <input
            id="c-attachment"
            type="file"
            accept={ATTACHMENT_TYPES}
            aria-describedby={[described('attachment'), 'c-attachment-hint'].filter(Boolean).join(' ')}
            onChange={(e) => setFile(e.target.files?.[0])}
          />
          <small id="c-attachment-hint" className="pub-hint">
            {t('comment.attachmentHint')}
          </small>
          {errorOf('attachment')}
        </div>
        <Captcha
          value={draft.captcha}
          onChange={set('captcha')}
          onHandle={onHandle}
          error={problems.captcha}
        />
        <div className="pub-actions">
          <button type="submit" className="pub-primary" disabled={sending}>
            {sending ? t('comment.submitting') : t('comment.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
