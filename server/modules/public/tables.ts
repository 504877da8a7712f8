/**
 * Row types of the public side's tables in the `filing` schema (migration 018_public_search_news_clues),
 * added to the app's Database by module augmentation like server/modules/filing/tables.ts.
 */
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type NewsCategory = 'news' | 'notice' | 'policy' | 'sample';
export type ClueState = 'NEW' | 'ASSIGNED' | 'LINKED' | 'CLOSED';
export type ClueAction = 'submit' | 'assign' | 'link' | 'close';
export type IdType = 'ID_CARD' | 'PASSPORT' | 'USCC' | 'OTHER';

export interface NewsTable {
  id: string;
  category: NewsCategory;
  title: string;
  summary: Nullable<string>;
  content: Nullable<string>;
  source: Nullable<string>;
  published: Defaulted<boolean>;
  publish_time: Nullable<Date | string>;
  created_by: Nullable<string>;
  created_at: Timestamp;
  updated_at: Nullable<Date | string>;
}

export interface WyfReporterTable {
  account_id: string;
  real_name: string;
  organisation: Nullable<string>;
  id_type: IdType;
  id_number: string;
  contact_phone: string;
  email: Nullable<string>;
  address: Nullable<string>;
  updated_at: Timestamp;
}

export interface WyfClueTable {
  id: string;
  reporter_account_id: string;
  targets: string[];
  deal_description: string;
  description: string;
  state: Defaulted<ClueState>;
  assignee_account_id: Nullable<string>;
  linked_case_id: Nullable<string>;
  close_reason: Nullable<string>;
  created_at: Timestamp;
  updated_at: Nullable<Date | string>;
}

export interface WyfClueStepTable {
  id: string;
  clue_id: string;
  action: ClueAction;
  from_state: Nullable<ClueState>;
  to_state: ClueState;
  by_account_id: Nullable<string>;
  note: Nullable<string>;
  at: Timestamp;
}

export interface WyfEvidenceTable {
  id: string;
  account_id: string;
  clue_id: Nullable<string>;
  file_name: string;
  mime: string;
  size: number;
  sha256: string;
  content: Uint8Array;
  created_at: Timestamp;
}

declare module '../../db/tables.ts' {
  interface Database {
    'filing.news': NewsTable;
    'filing.wyf_reporter': WyfReporterTable;
    'filing.wyf_clue': WyfClueTable;
    'filing.wyf_clue_step': WyfClueStepTable;
    'filing.wyf_evidence': WyfEvidenceTable;
  }
}

declare module '../filing/tables.ts' {
  interface PublicationTable {
    /** Generated: title and parties, for the bigram keyword index. */
    search_text: ColumnType<string, never, never>;
    /** Generated: the bigrams of lower(search_text), GIN-indexed. */
    search_bigrams: ColumnType<string[], never, never>;
  }
}
