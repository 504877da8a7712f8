/** Following one case by e-mail, with its Atom feed: `<FollowCase caseNo="JZSB2026-0038" />` on its page. */
import { useI18n } from '../i18n.ts';
import { FollowForm } from './FollowForm.tsx';

export function FollowCase({ caseNo }: { caseNo: string }) {
  const { t } = useI18n();
  return (
    <FollowForm
      heading={t('publicFollow.form.caseTitle')}
      intro={t('publicFollow.form.caseIntro')}
      feedLabel={t('publicFollow.form.caseFeed')}
      target={{ caseNo }}
    />
  );
}
