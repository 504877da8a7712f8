/**
 * The open data's field names per public list, in column order: the published contract of the JSON
 * keys, and the order of the CSV's columns (whose headers are translated, and whose coded fields carry
 * a label column). One list for the server that writes them (server/modules/public/open-data.ts) and the page
 * that explains them (src/public/AboutData.tsx).
 */
/** Field names per list, in column order: the published contract of the open data. */
export const OPEN_DATA_FIELDS: Record<'clearance' | 'notice' | 'decision', string[]> = {
  clearance: [
    'id',
    'case_no',
    'batch_id',
    'batch_title',
    'batch_date',
    'seq',
    'case_name',
    'parties',
    'decided_on',
    'procedure',
    'industry',
    'transaction_mode',
  ],
  notice: [
    'id',
    'case_no',
    'title',
    'parties',
    'live_from',
    'live_until',
    'state',
    'industry',
    'transaction_mode',
  ],
  decision: [
    'id',
    'case_no',
    'decision_type',
    'title',
    'parties',
    'decided_on',
    'published_on',
    'industry',
    'transaction_mode',
    'conditions',
    'condition_term',
  ],
};

/**
 * Coded fields: the CSV writes the code and, beside it, the code's label in the request's language.
 * Each names the `publicity.*` locale key of a value; an industry is named by its GB/T 4754 section
 * (the letter that starts the code), the level the public page's labels go to.
 */
export const OPEN_DATA_CODED: Record<string, (code: string) => string> = {
  procedure: (code) => `procedureValue.${code}`,
  state: (code) => `stateValue.${code}`,
  decision_type: (code) => `decisionValue.${code}`,
  industry: (code) => `industryValue.${code.charAt(0)}`,
  transaction_mode: (code) => `modeValue.${code}`,
};

/** One CSV column: its header's key under `publicity.csvColumn`, the field it reads, code or label. */
export interface CsvColumn {
  header: string;
  field: string;
  label: boolean;
}

/**
 * The CSV's columns, in the fields' order: a coded field becomes its code column (`<field>_code`)
 * followed by its label column (`<field>`); any other field is one column.
 */
export function csvColumnsOf(fields: string[]): CsvColumn[] {
  return fields.flatMap((field) =>
    OPEN_DATA_CODED[field]
      ? [
          { header: `${field}_code`, field, label: false },
          { header: field, field, label: true },
        ]
      : [{ header: field, field, label: false }],
  );
}
