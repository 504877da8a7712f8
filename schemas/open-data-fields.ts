/**
 * The open data's field names per public list, in column order: the published contract of the CSV
 * header and JSON keys. One list for the server that writes them (server/public/open-data.ts) and the
 * page that explains them (src/public/AboutData.tsx).
 */
/** Field names per list, in column order: the published contract of the open data. */
export const OPEN_DATA_FIELDS: Record<'clearance' | 'notice' | 'decision', string[]> = {
  clearance: [
    'id',
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
  notice: ['id', 'title', 'parties', 'live_from', 'live_until', 'state', 'industry', 'transaction_mode'],
  decision: [
    'id',
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
