/**
 * Row types of the `filing` schema for Kysely, added to the app's Database by module augmentation so every
 * `Db` can query 'filing.<table>'. Dates (`date` columns) come back as 'YYYY-MM-DD' strings.
 */
import type { ColumnType, Generated } from 'kysely';
import type { TenantKind } from '../../../schemas/catalogue-types.ts';
import type { PlainDate } from './dates.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** numeric: a string from the driver, a number or string going in. */
type Numeric = ColumnType<string, number | string, number | string>;
type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export type { TenantKind } from '../../../schemas/catalogue-types.ts';

export const CASE_STATES = [
  'DRAFT',
  'SUBMITTED',
  'AWAITING_SUPPLEMENT',
  'DEEMED_NOT_FILED',
  'RETURNED',
  'PHASE_I',
  'PHASE_II',
  'SUSPENDED',
  'WITHDRAWAL_PENDING',
  'WITHDRAWN',
  'CLEARED',
  'CLEARED_WITH_CONDITIONS',
  'PROHIBITED',
  'DEEMED_CLEARED',
] as const;
export type CaseState = (typeof CASE_STATES)[number];
export type Procedure = 'SIMPLIFIED' | 'NORMAL';
export type Basis = 'THRESHOLD_MET' | 'CALLED_IN' | 'VOLUNTARY';
export const TRANSACTION_MODES = [
  'MERGER_ABSORPTION',
  'MERGER_NEW',
  'EQUITY_ACQUISITION',
  'ASSET_ACQUISITION',
  'CONTRACT_CONTROL',
  'JOINT_VENTURE',
  'JOINT_TO_SOLE',
] as const;
export type TransactionMode = (typeof TRANSACTION_MODES)[number];
export const PARTY_ROLES = ['ACQUIRER', 'TARGET', 'MERGING', 'JV_PARENT', 'JV', 'SELLER'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
export type MembershipRole = 'FILER' | 'CO_PARTY' | 'AGENT';
export type ClockKind = 'SUPPLEMENT' | 'NOTICE' | 'PHASE_I' | 'PHASE_II';
export type ClockState = 'RUNNING' | 'STOPPED' | 'DONE' | 'LAPSED' | 'CANCELLED';
export type Decision = 'CLEARED' | 'CLEARED_WITH_CONDITIONS' | 'PROHIBITED' | 'DEEMED_CLEARED';
export type PublicationKind = 'CLEARANCE' | 'NOTICE' | 'CONDITIONAL' | 'PROHIBITION';
export type CommentTriage = 'NEW' | 'RELEVANT' | 'NOT_RELEVANT' | 'SPAM';

export interface CalendarDayTable {
  day: PlainDate;
  kind: 'HOLIDAY' | 'WORKDAY';
  name: string;
  source: Nullable<string>;
  created_by: Nullable<string>;
  created_at: Timestamp;
}

export interface CounterTable {
  name: string;
  value: number;
}

export interface CaseTable {
  id: string;
  owner_tenant_id: string;
  created_by: Nullable<string>;
  case_no: Nullable<string>;
  title: Defaulted<string>;
  procedure: Defaulted<Procedure>;
  basis: Nullable<Basis>;
  called_in_on: Nullable<PlainDate>;
  transaction_mode: Nullable<TransactionMode>;
  is_horizontal: Defaulted<boolean>;
  is_vertical: Defaulted<boolean>;
  is_conglomerate: Defaulted<boolean>;
  jv_abroad_no_china_activity: Defaulted<boolean>;
  foreign_target_no_china_activity: Defaulted<boolean>;
  deal_value: NullableNumeric;
  deal_currency: Nullable<string>;
  signing_date: Nullable<PlainDate>;
  planned_closing_date: Nullable<PlainDate>;
  reference_year: Nullable<number>;
  industries: Defaulted<string[]>;
  rationale: Nullable<string>;
  simplified_reasons: Defaulted<number[]>;
  state: Defaulted<CaseState>;
  suspended_from: Nullable<'PHASE_I' | 'PHASE_II'>;
  refiled_from_id: Nullable<string>;
  handler_account_id: Nullable<string>;
  division_id: Nullable<string>;
  division_name: Nullable<string>;
  delegated_region: Nullable<string>;
  submitted_at: Nullable<Date | string>;
  accepted_on: Nullable<PlainDate>;
  decided_on: Nullable<PlainDate>;
  decision: Nullable<Decision>;
  version: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembershipTable {
  id: string;
  case_id: string;
  tenant_id: string;
  role: MembershipRole;
  on_behalf_of_tenant_id: Nullable<string>;
  account_id: Nullable<string>;
  poa_document_id: Nullable<string>;
  status: Defaulted<'ACTIVE' | 'REVOKED'>;
  invited_by: Nullable<string>;
  created_at: Timestamp;
  revoked_at: Nullable<Date | string>;
}

export interface PartyTable {
  id: string;
  case_id: string;
  contributed_by_tenant_id: string;
  role: PartyRole;
  name_zh: string;
  name_original: Nullable<string>;
  registered_place: Nullable<string>;
  established_on: Nullable<PlainDate>;
  listing_exchange: Nullable<string>;
  listed_since: Nullable<PlainDate>;
  main_business: Nullable<string>;
  business_scope: Nullable<string>;
  address: Nullable<string>;
  ultimate_controller: Nullable<string>;
  china_affiliates: Nullable<string>;
  uscc: Nullable<string>;
  sn: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TurnoverTable {
  id: string;
  case_id: string;
  party_id: string;
  contributed_by_tenant_id: string;
  year: number;
  worldwide: Numeric;
  china: Numeric;
  currency: Defaulted<string>;
  rate_to_cny: ColumnType<string, number | string | undefined, number | string>;
  worldwide_band_low: NullableNumeric;
  worldwide_band_high: NullableNumeric;
  china_band_low: NullableNumeric;
  china_band_high: NullableNumeric;
}

export interface MarketTable {
  id: string;
  case_id: string;
  contributed_by_tenant_id: string;
  product: string;
  geography: string;
  relation: 'HORIZONTAL' | 'UPSTREAM' | 'DOWNSTREAM' | 'ADJACENT';
  reasoning: Nullable<string>;
  sn: Defaulted<number>;
}

export interface MarketShareTable {
  id: string;
  market_id: string;
  case_id: string;
  contributed_by_tenant_id: string;
  holder_name: string;
  party_id: Nullable<string>;
  year: number;
  share: Numeric;
  band_low: Numeric;
  band_high: Numeric;
}

export interface JurisdictionTable {
  id: string;
  case_id: string;
  jurisdiction: string;
  status: 'PLANNED' | 'FILED' | 'CLEARED' | 'CLEARED_WITH_CONDITIONS' | 'PROHIBITED' | 'WITHDRAWN';
  status_date: Nullable<PlainDate>;
  sn: Defaulted<number>;
}

export interface PartyIntro {
  partyId: string;
  text: string;
}

export interface NoticeFormTable {
  case_id: string;
  title: Defaulted<string>;
  summary: Defaulted<string>;
  party_intros: ColumnType<PartyIntro[], string | undefined, string>;
  reasons: Defaulted<number[]>;
  remarks: Defaulted<string>;
  updated_at: Timestamp;
}

export interface StoredContentTable {
  id: string;
  tenant_id: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  content: Uint8Array;
  created_at: Timestamp;
}

export interface DocumentTable {
  id: string;
  case_id: string;
  kind: string;
  title: string;
  language: Defaulted<string>;
  confidential: Defaulted<boolean>;
  public_version_of: Nullable<string>;
  translation_of: Nullable<string>;
  party_id: Nullable<string>;
  supplement_id: Nullable<string>;
  file_tenant_id: string;
  attachment_id: string;
  sha256: string;
  size: Defaulted<number>;
  mime: Nullable<string>;
  file_name: Nullable<string>;
  generated: Defaulted<boolean>;
  contributed_by_tenant_id: string;
  uploaded_by: Nullable<string>;
  created_at: Timestamp;
  removed_at: Nullable<Date | string>;
}

export interface TransitionTable {
  id: Generated<number>;
  case_id: string;
  action: string;
  from_state: Nullable<string>;
  to_state: string;
  actor_account_id: Nullable<string>;
  actor_tenant_id: Nullable<string>;
  by_system: Defaulted<boolean>;
  reason: Nullable<string>;
  ground: Nullable<string>;
  document_ids: Defaulted<string[]>;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  at: Timestamp;
}

export interface ClockTable {
  id: string;
  case_id: string;
  kind: ClockKind;
  ref_id: Nullable<string>;
  started_on: PlainDate;
  length_days: number;
  extension_days: Defaulted<number>;
  stopped_days: Defaulted<number>;
  nominal_due_on: PlainDate;
  due_on: PlainDate;
  state: Defaulted<ClockState>;
  stopped_on: Nullable<PlainDate>;
  ended_on: Nullable<PlainDate>;
  lapse_flagged_at: Nullable<Date | string>;
  created_at: Timestamp;
}

export interface SupplementTable {
  id: string;
  case_id: string;
  stage: 'PRE_ACCEPTANCE' | 'REVIEW';
  items: string;
  requested_by: Nullable<string>;
  requested_at: Timestamp;
  due_on: PlainDate;
  state: Defaulted<'OPEN' | 'ANSWERED' | 'LAPSED' | 'CANCELLED'>;
  answer_text: Nullable<string>;
  answer_document_ids: Defaulted<string[]>;
  answered_by: Nullable<string>;
  answered_at: Nullable<Date | string>;
  notice_document_id: Nullable<string>;
}

export interface ServedDocumentTable {
  id: string;
  case_id: string;
  document_id: string;
  tenant_id: string;
  served_at: Timestamp;
  first_opened_at: Nullable<Date | string>;
  first_opened_by: Nullable<string>;
}

export interface WithdrawalTable {
  id: string;
  case_id: string;
  from_state: string;
  reason: string;
  requested_by: Nullable<string>;
  requested_at: Timestamp;
  state: Defaulted<'PENDING' | 'CONSENTED' | 'REFUSED'>;
  decided_by: Nullable<string>;
  decided_at: Nullable<Date | string>;
  decision_reason: Nullable<string>;
}

export interface StopRequestTable {
  id: string;
  case_id: string;
  reason: string;
  requested_by: Nullable<string>;
  requested_at: Timestamp;
  state: Defaulted<'PENDING' | 'USED' | 'WITHDRAWN'>;
}

export interface ConcernTable {
  id: string;
  case_id: string;
  text: string;
  opinion_due_on: PlainDate;
  raised_by: Nullable<string>;
  raised_at: Timestamp;
  document_id: Nullable<string>;
}

export type ProposalState = 'PENDING' | 'ADOPTED' | 'OVERRULED' | 'REJECTED' | 'SUPERSEDED' | 'CLOSED';

/** 拟办意见: a delegated reviewer's proposed decision for the lead who delegated the case. */
export interface ProposalTable {
  id: string;
  case_id: string;
  /** The transition proposed (accept, returnFiling, deemNotFiled, clearPhaseI, furtherReview). */
  action: string;
  reason: string;
  document_ids: Defaulted<string[]>;
  proposed_by: string;
  proposed_at: Timestamp;
  lead_account_id: Nullable<string>;
  state: Defaulted<ProposalState>;
  decided_by: Nullable<string>;
  decided_at: Nullable<Date | string>;
  /** The transition the lead took (the proposed one when adopted). */
  decided_action: Nullable<string>;
  decision_note: Nullable<string>;
}

export interface RemedyTable {
  id: string;
  case_id: string;
  version: number;
  kind: 'STRUCTURAL' | 'BEHAVIOURAL' | 'HYBRID';
  text: string;
  document_ids: Defaulted<string[]>;
  submitted_by: Nullable<string>;
  submitted_at: Timestamp;
}

export interface PublicationBatchTable {
  id: string;
  title: string;
  published_on: PlainDate;
  created_by: Nullable<string>;
  created_at: Timestamp;
}

export interface PublicationTable {
  id: string;
  kind: PublicationKind;
  case_id: Nullable<string>;
  batch_id: Nullable<string>;
  seq: Nullable<number>;
  title: string;
  parties: Defaulted<string>;
  procedure: Nullable<string>;
  transaction_mode: Nullable<string>;
  industries: Defaulted<string[]>;
  decided_on: Nullable<PlainDate>;
  live_from: Nullable<PlainDate>;
  live_until: Nullable<PlainDate>;
  notice_state: Nullable<'SCHEDULED' | 'LIVE' | 'CLOSED'>;
  notice_form: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  full_text: Nullable<string>;
  conditions: Nullable<string>;
  condition_term: Nullable<string>;
  variations: ColumnType<unknown[], string | undefined, string>;
  allow_anonymous: Defaulted<boolean>;
  published_by: Nullable<string>;
  published_at: Timestamp;
  hidden_at: Nullable<Date | string>;
}

export interface CommentTable {
  id: string;
  publication_id: string;
  case_id: Nullable<string>;
  anonymous: Defaulted<boolean>;
  name: Nullable<string>;
  organisation: Nullable<string>;
  contact: Nullable<string>;
  text: string;
  attachment_tenant_id: Nullable<string>;
  attachment_id: Nullable<string>;
  attachment_sha256: Nullable<string>;
  triage: Defaulted<CommentTriage>;
  triage_note: Nullable<string>;
  triaged_by: Nullable<string>;
  triaged_at: Nullable<Date | string>;
  ip: Nullable<string>;
  created_at: Timestamp;
}

export interface AuditLogTable {
  seq: number;
  at: Date | string;
  action: string;
  actor_account_id: string | null;
  actor_tenant_id: string | null;
  case_id: string | null;
  object_type: string | null;
  object_id: string | null;
  detail: ColumnType<Record<string, unknown>, string, string>;
  prev_hash: string;
  hash: string;
}

declare module '../../db/tables.ts' {
  interface TenantTable {
    kind: Defaulted<TenantKind>;
  }
  interface Database {
    'filing.calendar_day': CalendarDayTable;
    'filing.counter': CounterTable;
    'filing.case': CaseTable;
    'filing.membership': MembershipTable;
    'filing.party': PartyTable;
    'filing.turnover': TurnoverTable;
    'filing.market': MarketTable;
    'filing.market_share': MarketShareTable;
    'filing.jurisdiction': JurisdictionTable;
    'filing.notice_form': NoticeFormTable;
    'filing.stored_content': StoredContentTable;
    'filing.document': DocumentTable;
    'filing.transition': TransitionTable;
    'filing.clock': ClockTable;
    'filing.supplement': SupplementTable;
    'filing.served_document': ServedDocumentTable;
    'filing.withdrawal': WithdrawalTable;
    'filing.stop_request': StopRequestTable;
    'filing.concern': ConcernTable;
    'filing.remedy': RemedyTable;
    'filing.proposal': ProposalTable;
    'filing.publication_batch': PublicationBatchTable;
    'filing.publication': PublicationTable;
    'filing.comment': CommentTable;
    'filing.audit_log': AuditLogTable;
  }
}
