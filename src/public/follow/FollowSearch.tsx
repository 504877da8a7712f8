/**
 * Following the query page's current search by e-mail, with its Atom feed:
 * `<FollowSearch tab={state.tab} filters={state.filters} />` (QueryState of query-state.ts).
 */
import { useI18n } from '../i18n.ts';
import type { Tab } from '../query-state.ts';
import { searchTarget } from './follow-target.ts';
import { FollowForm } from './FollowForm.tsx';

export function FollowSearch({ tab, filters }: { tab: Tab; filters: Record<string, string> }) {
  const { t } = useI18n();
  return (
    <FollowForm
      // A new search is a new form: what was typed for the last one does not carry over.
      key={`${tab}?${new URLSearchParams(filters)}`}
      heading={t('publicFollow.form.searchTitle')}
      intro={t('publicFollow.form.searchIntro')}
      feedLabel={t('publicFollow.form.feed')}
      target={searchTarget(tab, filters)}
    />
  );
}
