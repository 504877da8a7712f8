/** /publicityIndex/about: what the open data holds, the download addresses and each field's meaning. */
import { csvColumnsOf, OPEN_DATA_FIELDS } from '../../schemas/open-data-fields.ts';
import { FEED_HREF, openDataHref } from './endpoints.ts';
import { useI18n } from './i18n.ts';
import type { Tab } from './query-state.ts';
import { useTitle } from './use-title.ts';

/** Fields of each open-data list, as the JSON keys name them and in the CSV's order (the server's list). */
const FIELDS: Record<Tab, string[]> = {
  clearance: OPEN_DATA_FIELDS.clearance,
  notices: OPEN_DATA_FIELDS.notice,
  decisions: OPEN_DATA_FIELDS.decision,
};

export function AboutData() {
  const { t, language } = useI18n();
  useTitle(t('about.title'));
  // A field's CSV headers in this language: a coded field has a code and a label column.
  const csvHeaders = (field: string) =>
    csvColumnsOf([field])
      .map((c) => t(`csvColumn.${c.header}`))
      .join('、');
  return (
    <div className="pub-about">
      <h1>{t('about.title')}</h1>
      <p>{t('about.intro')}</p>
      <p>
        <a href={FEED_HREF} type="application/atom+xml">
          {t('query.feed')}
        </a>
      </p>
      {(Object.keys(FIELDS) as Tab[]).map((tab) => (
        <section key={tab} aria-labelledby={`about-${tab}`} className="pub-card">
          <h2 id={`about-${tab}`}>{t(`about.list.${tab}`)}</h2>
          <p className="pub-downloads">
            <a href={openDataHref(tab, 'csv', {}, language)} download>
              CSV
            </a>
            <a href={openDataHref(tab, 'json', {})} download>
              JSON
            </a>
          </p>
          {/* The data dictionary names the codes the files hold, on purpose (tests: raw-text.ts). */}
          {/* Wider than a phone: the region scrolls sideways, so it must take the keyboard focus too. */}
          <div
            className="pub-table-wrap"
            data-raw-text-ok=""
            tabIndex={0}
            role="region"
            aria-labelledby={`about-${tab}-fields`}
          >
            <table className="pub-table">
              {/* Its own name: a second landmark named like the section would be a duplicate (axe). */}
              <caption id={`about-${tab}-fields`}>
                {t('about.fields')}: {t(`about.list.${tab}`)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('about.field')}</th>
                  <th scope="col">{t('about.csvColumns')}</th>
                  <th scope="col">{t('about.meaning')}</th>
                </tr>
              </thead>
              <tbody>
                {FIELDS[tab].map((field) => (
                  <tr key={field}>
                    <th scope="row">
                      <code>{field}</code>
                    </th>
                    <td>{csvHeaders(field)}</td>
                    <td>{t(`about.def.${field}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
