/**
 * The filing domain's public surface for the HTTP layer and screens (see README.md beside this file).
 * Every service function takes (ctx, actor, …) and throws FilingError (an ApiError with a translation key).
 */
export type { Actor } from './actor.ts';
export { FilingError, SYSTEM_ACTOR, has } from './actor.ts';
export * from './permissions.ts';
export {
  TRANSITIONS,
  availableActions,
  FINAL_STATES,
  WITHDRAWABLE_STATES,
  isFinal,
} from './state-machine.ts';
export { CASE_STATES, TRANSACTION_MODES, PARTY_ROLES } from './tables.ts';
export type { CaseState, TenantKind, Procedure, TransactionMode, PartyRole } from './tables.ts';
export {
  filingContext,
  type FilingContext,
  type FilingEvent,
  type DeadlineScheduler,
} from './service/context.ts';
export { checkThresholds } from './thresholds.ts';
export { checkSimplified } from './simplified.ts';
export { checkCompleteness, SECTIONS } from './completeness.ts';
export { usccProblem, isValidUscc } from './uscc.ts';
export { HolidayCalendar, periodEnd } from './calendar.ts';
export { PHASE_I_DAYS, PHASE_II_DAYS, PHASE_II_MAX_EXTENSION, NOTICE_DAYS } from './clocks.ts';
export { UPLOADED_KINDS, GENERATED_KINDS } from './documents/kinds.ts';
export type { DocumentStore, StoredFileRef } from './documents/store.ts';
export { ContentTableStore } from './documents/store.ts';
export { verifyAuditChain } from './audit.ts';

export * as cases from './service/cases.ts';
export * as parts from './service/parts.ts';
export * as documents from './service/documents.ts';
export * as members from './service/members.ts';
export * as transitions from './service/transitions.ts';
export * as proposals from './service/proposals.ts';
export * as worklists from './service/worklists.ts';
export * as office from './service/office.ts';
export * as publications from './service/publications.ts';
export * as calendar from './service/calendar-service.ts';
export { processDueClocks } from './service/deadlines.ts';
