/**
 * Row types of the receipt tables (migration 022_filing_receipt), added to the app's Database the way
 * tables.ts adds the rest of the filing schema. Kept apart so the receipts stay one self-contained module.
 */
import type { ColumnType } from 'kysely';

export type ReceiptKind = 'SUBMISSION' | 'SERVICE';

export interface ReceiptTable {
  id: string;
  case_id: string;
  case_no: string;
  case_title: string;
  kind: ReceiptKind;
  /** The act: submit, or the transition that served the documents (accept, requestSupplement …). */
  act: string;
  at: ColumnType<Date, Date | string, never>;
  actor_account_id: string | null;
  actor_tenant_id: string | null;
  item_count: number;
}

export interface ReceiptItemTable {
  receipt_id: string;
  seq: number;
  document_id: string;
  name: string;
  file_name: string | null;
  kind: string;
  /** bigint: a string from the driver. */
  size: ColumnType<string, number | string, never>;
  sha256: string;
  file_tenant_id: string;
  attachment_id: string;
  confidential: boolean;
  contributed_by_tenant_id: string;
}

declare module '../../db/tables.ts' {
  interface Database {
    'filing.receipt': ReceiptTable;
    'filing.receipt_item': ReceiptItemTable;
  }
}
