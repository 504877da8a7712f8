/** The rows of a list as a table with caption and header cells; clearances grouped by publication batch. */
import { Fragment } from 'react';
import type { TabPage } from './endpoints.ts';
import { useI18n } from './i18n.ts';
import type { RowOf } from './operations.ts';
import { Link } from './router.tsx';
import { casePath } from './case/canonical.ts';

type ClearanceRow = RowOf<'publicity.clearance.query'>;
type NoticeRow = RowOf<'publicity.notice.query'>;
type DecisionRow = RowOf<'publicity.decision.query'>;

/** A page of a tab's list, drawn as that tab's table (the tab the rows came from). */
export function ResultTable({ list }: { list: TabPage }) {
  const { t } = useI18n();
  return (
    <div
      className="pub-table-wrap pub-results"
      tabIndex={0}
      role="region"
      aria-labelledby={`caption-${list.tab}`}
    >
      <table className="pub-table">
        <caption id={`caption-${list.tab}`}>{t(`caption.${list.tab}`)}</caption>
        {list.tab === 'clearance' && <ClearanceBody rows={list.page.dataResult} />}
        {list.tab === 'notices' && <NoticeBody rows={list.page.dataResult} />}
        {list.tab === 'decisions' && <DecisionBody rows={list.page.dataResult} />}
      </table>
    </div>
  );
}

function Head({ keys }: { keys: string[] }) {
  const { t } = useI18n();
  return (
    <thead>
      <tr>
        {keys.map((k) => (
          <th key={k} scope="col">
            {t(`column.${k}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function ClearanceBody({ rows }: { rows: ClearanceRow[] }) {
  // Consecutive rows of one batch form a row group under the batch's title.
  const groups: ClearanceRow[][] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last[0].batchId === row.batchId) last.push(row);
    else groups.push([row]);
  }
  return (
    <>
      <Head keys={['seq', 'caseNo', 'caseName', 'parties', 'decidedOn']} />
      {groups.map((group) => (
        <tbody key={`${group[0].batchId}-${group[0].id}`}>
          <tr className="pub-group">
            <th scope="rowgroup" colSpan={5}>
              {group[0].batchTitle} <span className="pub-muted">{group[0].batchDate}</span>
            </th>
          </tr>
          {group.map((row) => (
            <tr key={row.id}>
              <td data-label="seq">{row.seq}</td>
              <CaseNo value={row.caseNo} />
              <th scope="row">{row.caseName}</th>
              <td>{partyList(row.parties)}</td>
              <td className="pub-nowrap">{row.decidedOn}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </>
  );
}

function NoticeBody({ rows }: { rows: NoticeRow[] }) {
  const { t } = useI18n();
  return (
    <>
      <Head keys={['caseNo', 'title', 'parties', 'liveFrom', 'liveUntil', 'state']} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <CaseNo value={row.caseNo} />
            <th scope="row">
              <Link href={`/publicityIndex/notice/${encodeURIComponent(row.id)}`}>{row.title}</Link>
            </th>
            <td>{partyList(row.parties)}</td>
            <td className="pub-nowrap">{row.liveFrom}</td>
            <td className="pub-nowrap">{row.liveUntil}</td>
            <td>
              <span className={`pub-badge pub-badge-${row.state}`}>{t(`stateValue.${row.state}`)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

function DecisionBody({ rows }: { rows: DecisionRow[] }) {
  const { t } = useI18n();
  return (
    <>
      <Head keys={['caseNo', 'caseName', 'parties', 'decision', 'decidedOn']} />
      <tbody>
        {rows.map((row) => (
          <Fragment key={row.id}>
            <tr>
              <CaseNo value={row.caseNo} />
              <th scope="row">
                <Link href={`/publicityIndex/decision/${encodeURIComponent(row.id)}`}>{row.title}</Link>
              </th>
              <td>{partyList(row.parties)}</td>
              <td>{t(`decisionValue.${row.decisionType}`)}</td>
              <td className="pub-nowrap">{row.decidedOn ?? row.publishedOn}</td>
            </tr>
          </Fragment>
        ))}
      </tbody>
    </>
  );
}

/** The case's number (申报编号), kept on one line, linking to the case's page; empty without a case. */
function CaseNo({ value }: { value?: string | null }) {
  return <td className="pub-nowrap">{value ? <Link href={casePath(value)}>{value}</Link> : ''}</td>;
}

/** Parties as the authority lists them: separated by the enumeration comma. */
export const partyList = (parties: string[] | string | undefined): string =>
  Array.isArray(parties) ? parties.join('、') : (parties ?? '');
