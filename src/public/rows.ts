/** Row shapes of the public lists (schemas/api/public.yaml). */
export interface ClearanceRow {
  id: string;
  seq: number;
  batchId: string;
  batchTitle: string;
  batchDate: string;
  caseName: string;
  parties: string[];
  decidedOn: string | null;
  procedure?: string;
  industry?: string;
  transactionMode?: string;
}

export interface NoticeRow {
  id: string;
  title: string;
  parties: string[];
  liveFrom: string | null;
  liveUntil: string | null;
  state: 'LIVE' | 'CLOSED';
  commentable?: boolean;
  allowAnonymous?: boolean;
  industry?: string | null;
  transactionMode?: string | null;
  noticeForm?: Record<string, unknown> | null;
}

export interface DecisionRow {
  id: string;
  title: string;
  parties: string[];
  decisionType: 'CONDITIONAL' | 'PROHIBITION';
  decidedOn?: string | null;
  publishedOn?: string | null;
  industry?: string | null;
  transactionMode?: string | null;
  conditions?: string | null;
  conditionTerm?: string | null;
  fullText?: string | null;
  variations?: { date: string; text: string }[];
}

export interface BatchRow {
  id: string;
  title: string;
  publishedOn: string;
  count: number;
}
