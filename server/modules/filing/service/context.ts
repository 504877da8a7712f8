/**
 * What every service function needs: the database, the time (injectable for tests and for the clocks),
 * the document store, the deadline scheduler and the event hooks. The HTTP layer builds one per app.
 */
import type { Db } from '../../../db/database.ts';
import { ContentTableStore, type DocumentStore } from '../documents/store.ts';
import type { PlainDate } from '../dates.ts';

/** Schedules the deadline job of a clock inside the caller's transaction (see jobs/deadline-jobs.ts). */
export interface DeadlineScheduler {
  scheduleClock(trx: Db, clockId: string, dueOn: PlainDate): Promise<void>;
}

/** Domain events for alerts (messages, SMS, e-mail) and the event bus; the service only announces. */
export type FilingEvent =
  | { type: 'case.transition'; caseId: string; action: string; from: string | null; to: string }
  | { type: 'document.served'; caseId: string; documentId: string; tenantIds: string[] }
  | { type: 'supplement.lapsed'; caseId: string; supplementId: string }
  | { type: 'comment.received'; caseId: string | null; commentId: string }
  | { type: 'publication.published'; caseIds: string[] }
  | { type: 'publication.disclosed'; caseId: string };

export interface FilingContext {
  db: Db;
  now: () => Date;
  store: DocumentStore;
  scheduler: DeadlineScheduler;
  /** Called after the transaction that caused the events commits. */
  emit: (events: FilingEvent[]) => void;
}

/** A scheduler that records nothing: only for pure service tests that never run deadlines. */
export const noScheduler: DeadlineScheduler = { scheduleClock: async () => {} };

export function filingContext(db: Db, over: Partial<Omit<FilingContext, 'db'>> = {}): FilingContext {
  return {
    db,
    now: over.now ?? (() => new Date()),
    store: over.store ?? new ContentTableStore(db),
    scheduler: over.scheduler ?? noScheduler,
    emit: over.emit ?? (() => {}),
  };
}
