/** The frame of the public sign-in pages: the app title, the page's title, its content, languages. */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageLinks } from '../LanguageLinks.tsx';
import '../login.css';
import './auth.css';

export function AuthCard({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <main className="mf-login">
      <section className={wide ? 'mf-login-form mf-auth-wide' : 'mf-login-form'} aria-labelledby={id}>
        <h1>{t('app.title')}</h1>
        <p className="mf-login-subtitle" id={id}>
          {title}
        </p>
        {children}
        <LanguageLinks className="mf-login-languages" />
      </section>
    </main>
  );
}

/** A labelled input with its error under it (plain HTML, like the login form). */
export function AuthField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && <p className="mf-auth-hint">{hint}</p>}
      {error && (
        <div id={`${id}-error`} className="mf-login-field-error" role="alert">
          {error}
        </div>
      )}
    </>
  );
}
