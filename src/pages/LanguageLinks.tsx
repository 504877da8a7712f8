/** The three interface languages as plain buttons (no antd: this is on the login page). */
import { useAtomValue } from 'jotai';
import { useSignInTexts } from '../i18n/use-sign-in-texts.ts';
import { useChangeLanguage } from '../app/useChangeLanguage.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { languageAtom } from '../session/atoms.ts';

export function LanguageLinks({ className }: { className?: string }) {
  const { t } = useSignInTexts();
  const current = useAtomValue(languageAtom);
  const change = useChangeLanguage();
  return (
    <div className={className} role="group" aria-label={t('common.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          disabled={language === current}
          onClick={() => void change(language)}
        >
          {t(`common.languageName.${language}`)}
        </button>
      ))}
    </div>
  );
}
