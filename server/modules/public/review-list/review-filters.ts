/**
 * The under-review list's filters: keyword, industry and transactionMode are checked exactly as the
 * notice list checks them (../filters.ts, the same translated refusals); phase is this list's own.
 */
import { filtersFromParameters, type Filters } from '../filters.ts';
import { Code } from '../../../http/codes.ts';
import { ApiError } from '../../../http/envelope.ts';

export const PHASES = ['NOTICE', 'PHASE_I', 'PHASE_II', 'SUSPENDED'] as const;
export type Phase = (typeof PHASES)[number];

/** The keys the notice list shares with this one (its state and date filters are not this list's). */
const SHARED = new Set(['keyword', 'industry', 'transactionMode']);

export interface ReviewFilters extends Filters {
  phase?: Phase;
}

export function reviewFiltersOf(parameters: { key: string; value?: unknown }[] | undefined): ReviewFilters {
  const shared: { key: string; value?: unknown }[] = [];
  let phase: Phase | undefined;
  for (const p of parameters ?? []) {
    if (p.key === 'phase') {
      const v = p.value === undefined || p.value === null ? '' : p.value;
      if (v === '') continue;
      if (typeof v !== 'string' || !(PHASES as readonly string[]).includes(v.trim()))
        throw new ApiError(Code.ILLEGAL_REQUEST, 'publicReview.error.badFilter', { key: 'phase' });
      phase = v.trim() as Phase;
    } else if (SHARED.has(p.key)) shared.push(p);
    else throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownFilter', { key: p.key });
  }
  return { ...filtersFromParameters('notice', shared), ...(phase ? { phase } : {}) };
}
