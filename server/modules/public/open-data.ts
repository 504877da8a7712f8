/**
 * The open data: each public list, whole or filtered, as CSV or JSON with stable English field names,
 * read page by page (1,000 rows a read). The handler builds each download once through the export gate
 * (export-gate.ts: rate limit, short-lived cache, at most two builds at once), so the whole register
 * sits in memory once per distinct download rather than once per request.
 */
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { csvColumnsOf, OPEN_DATA_CODED, OPEN_DATA_FIELDS } from '../../../schemas/open-data-fields.ts';
import { translate, type Language } from '../../http/i18n.ts';
import { csvLine, UTF8_BOM, type CsvValue } from './csv.ts';
import type { Filters, PublicList } from './filters.ts';
import {
  clearanceView,
  decisionView,
  defaultOrderOf,
  filteredPublications,
  noticeView,
  selectRow,
  type PubRow,
} from './publications.ts';

type Record_ = Record<string, CsvValue | string[]>;

export { OPEN_DATA_FIELDS };

function record(list: PublicList, r: PubRow): Record_ {
  if (list === 'clearance') {
    const v = clearanceView(r);
    return {
      id: v.id,
      case_no: v.caseNo,
      batch_id: v.batchId,
      batch_title: v.batchTitle,
      batch_date: v.batchDate,
      seq: v.seq,
      case_name: v.caseName,
      parties: v.parties,
      decided_on: v.decidedOn,
      procedure: v.procedure,
      industry: v.industry,
      transaction_mode: v.transactionMode,
    };
  }
  if (list === 'notice') {
    const v = noticeView(r);
    return {
      id: v.id,
      case_no: v.caseNo,
      title: v.title,
      parties: v.parties,
      live_from: v.liveFrom,
      live_until: v.liveUntil,
      state: v.state,
      industry: v.industry,
      transaction_mode: v.transactionMode,
    };
  }
  const v = decisionView(r);
  return {
    id: v.id,
    case_no: v.caseNo,
    decision_type: v.decisionType,
    title: v.title,
    parties: v.parties,
    decided_on: v.decidedOn,
    published_on: v.publishedOn,
    industry: v.industry,
    transaction_mode: v.transactionMode,
    conditions: v.conditions,
    condition_term: v.conditionTerm,
  };
}

const CHUNK = 1000;

/**
 * Every matching row in the page's default order (newest first; within one batch, 序号), which ends on
 * the id so that it is stable from one chunk to the next, read a chunk at a time.
 */
export async function* openDataRows(
  db: Db,
  list: PublicList,
  filters: Filters,
  today: string,
): AsyncGenerator<Record_> {
  const order = defaultOrderOf(list, filters);
  for (let offset = 0; ; offset += CHUNK) {
    let q = selectRow(filteredPublications(db, list, filters, today), list, today);
    for (const [col, dir] of order) q = q.orderBy(sql.ref(col), dir);
    const rows = (await q.limit(CHUNK).offset(offset).execute()) as PubRow[];
    for (const r of rows) yield record(list, r);
    if (rows.length < CHUNK) return;
  }
}

/** A code's label in the language; empty for a code no locale names (never the raw key). */
function labelOf(field: string, code: unknown, lang: Language): string {
  if (code === null || code === undefined || code === '') return '';
  const key = `publicity.${OPEN_DATA_CODED[field](String(code))}`;
  const text = translate(lang, key);
  return text === key ? '' : text;
}

/**
 * The CSV in the request's language: translated headers, and beside each code its label (审查程序代码,
 * 审查程序). The JSON keeps the codes alone under the stable field names.
 */
export function csvStream(list: PublicList, rows: AsyncIterable<Record_>, lang: Language): Readable {
  const columns = csvColumnsOf(OPEN_DATA_FIELDS[list]);
  const cell = (r: Record_, c: (typeof columns)[number]): CsvValue => {
    const v = r[c.field];
    if (c.label) return labelOf(c.field, v, lang);
    return Array.isArray(v) ? v.join('、') : v;
  };
  return Readable.from(
    (async function* () {
      yield UTF8_BOM + csvLine(columns.map((c) => translate(lang, `publicity.csvColumn.${c.header}`)));
      for await (const r of rows) yield csvLine(columns.map((c) => cell(r, c)));
    })(),
  );
}

export function jsonStream(rows: AsyncIterable<Record_>): Readable {
  return Readable.from(
    (async function* () {
      yield '[';
      let first = true;
      for await (const r of rows) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(r)}`;
        first = false;
      }
      yield '\n]\n';
    })(),
  );
}
