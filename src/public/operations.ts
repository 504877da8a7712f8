/**
 * The catalogue operations the public page calls or links to, by id: their method and path, and their
 * request and response types. Only these entries reach public.html, not the table of every operation;
 * like src/api/operation-meta.ts, the type holds each entry to the generated table's exact values, so
 * tsc fails when the catalogue moves one (public-page.test.ts compares them too). The generated module
 * is imported for its types only, so it adds nothing to the bundle.
 */
import type { ApiOperations, PageResult, operations } from '../../schemas/generated/operations.ts';

export type PublicOperationId =
  | 'publicity.clearance.query'
  | 'publicity.notice.query'
  | 'publicity.decision.query'
  | 'publicity.batch.query'
  | 'publicity.notice.get'
  | 'publicity.decision.get'
  | 'publicity.case.get'
  | 'publicity.comment.submit'
  | 'publicity.openData.clearance'
  | 'publicity.openData.notice'
  | 'publicity.openData.decision'
  | 'publicity.feed'
  | 'publicity.follow.subscribe'
  | 'publicity.follow.confirm'
  | 'publicity.follow.unsubscribe'
  | 'publicity.follow.feed'
  | 'publicity.review.query'
  | 'publicity.stats'
  | 'publicity.openData.stats'
  | 'tnewsGg.queryContent'
  | 'tnewsGg.get'
  | 'user.captcha';

/** What the page needs of an entry: its method and path (this page calls without a service prefix). */
type Entry<Id extends PublicOperationId> = Pick<(typeof operations)[Id], 'method' | 'path'>;

export const PUBLIC_OPERATIONS: { [Id in PublicOperationId]: Entry<Id> } = {
  'publicity.clearance.query': { method: 'POST', path: '/publicity/clearance/query' },
  'publicity.notice.query': { method: 'POST', path: '/publicity/notice/query' },
  'publicity.decision.query': { method: 'POST', path: '/publicity/decision/query' },
  'publicity.batch.query': { method: 'POST', path: '/publicity/batch/query' },
  'publicity.notice.get': { method: 'POST', path: '/publicity/notice/get' },
  'publicity.decision.get': { method: 'POST', path: '/publicity/decision/get' },
  'publicity.case.get': { method: 'POST', path: '/publicity/case/get' },
  'publicity.comment.submit': { method: 'POST', path: '/publicity/comment/submit' },
  'publicity.openData.clearance': { method: 'GET', path: '/publicity/openData/clearance' },
  'publicity.openData.notice': { method: 'GET', path: '/publicity/openData/notice' },
  'publicity.openData.decision': { method: 'GET', path: '/publicity/openData/decision' },
  'publicity.feed': { method: 'GET', path: '/publicity/feed' },
  'publicity.follow.subscribe': { method: 'POST', path: '/publicity/follow/subscribe' },
  'publicity.follow.confirm': { method: 'POST', path: '/publicity/follow/confirm' },
  'publicity.follow.unsubscribe': { method: 'POST', path: '/publicity/follow/unsubscribe' },
  'publicity.follow.feed': { method: 'GET', path: '/publicity/follow/feed' },
  'publicity.review.query': { method: 'POST', path: '/publicity/review/query' },
  'publicity.stats': { method: 'POST', path: '/publicity/stats' },
  'publicity.openData.stats': { method: 'GET', path: '/publicity/openData/stats' },
  'tnewsGg.queryContent': { method: 'POST', path: '/tnewsGg/queryContent' },
  'tnewsGg.get': { method: 'POST', path: '/tnewsGg/get' },
  'user.captcha': { method: 'GET', path: '/user/captcha' },
};

export const pathOf = (id: PublicOperationId): string => PUBLIC_OPERATIONS[id].path;

export type QueryOf<Id extends PublicOperationId> = ApiOperations[Id]['query'];
export type BodyOf<Id extends PublicOperationId> = ApiOperations[Id]['body'];
export type ResponseOf<Id extends PublicOperationId> = ApiOperations[Id]['response'];

/** The operations that answer a page of rows. */
export type ListOperationId = {
  [Id in PublicOperationId]: ResponseOf<Id> extends PageResult ? Id : never;
}[PublicOperationId];

/**
 * A row of a list. The generated page type is PageResult (rows unknown) narrowed with allOf, so its
 * dataResult is `unknown[] & Row[]`: indexing it gives the row, where mapping it would give unknown.
 */
export type RowOf<Id extends ListOperationId> =
  ResponseOf<Id> extends { dataResult: infer Rows extends unknown[] } ? Rows[number] : never;

/** A page of a list with its rows typed (the answer is assignable to it as it is). */
export interface ListPage<Id extends ListOperationId> {
  dataResult: RowOf<Id>[];
  pageResult: PageResult['pageResult'];
}
