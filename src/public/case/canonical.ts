/**
 * A case's one public address, /publicityIndex/case/<case number>: the lists and detail pages link to it
 * and the case page names it as its canonical link (head.ts sets `<link rel="canonical">` in the
 * document's head in an effect, and gives it to a server render), so a search engine or a share keeps
 * one address for the case however the page was reached.
 */
import { useCanonical } from '../head.ts';

export const CASE_PATH_PREFIX = '/publicityIndex/case/';

export const casePath = (caseNo: string): string => `${CASE_PATH_PREFIX}${encodeURIComponent(caseNo)}`;

/** The case page's canonical link; none while the case is loading or not found. */
export function useCaseCanonical(caseNo: string | null | undefined): void {
  useCanonical(caseNo ? casePath(caseNo) : null);
}
