/**
 * The under-review list and the authority's per-case switch (schemas/api/public-review.yaml): the list
 * is public; the switch is disclosure:manage, which counts only in the authority's tenant.
 */
import { defineHandlers } from '../../../http/handler.ts';
import { applySortAndPage, pageOf } from '../../../http/list-query.ts';
import { actorOf } from '../../filing/actor-of.ts';
import { requireAuthority } from '../authority.ts';
import { todayOf } from '../publications.ts';
import { DISCLOSURE_MANAGE, getDisclosure, setDisclosure } from './disclosure-switch.ts';
import { reviewFiltersOf } from './review-filters.ts';
import {
  UNDER_REVIEW_COLUMNS,
  UNDER_REVIEW_SPEC,
  underReviewRows,
  underReviewTotal,
  underReviewView,
} from './under-review.ts';

export const reviewListHandlers = defineHandlers({
  'publicity.review.query': async (ctx) => {
    const req = ctx.body;
    const today = todayOf();
    const base = underReviewRows(ctx.db, reviewFiltersOf(req.parameters), today);
    const { query, page, limit } = applySortAndPage(
      base.select([...UNDER_REVIEW_COLUMNS]),
      UNDER_REVIEW_SPEC,
      req,
    );
    const rows = (await query.execute()) as Record<string, unknown>[];
    const total = await underReviewTotal(base, req, page);
    return pageOf(
      rows.map((r) => underReviewView(r, today)),
      total,
      page,
      limit,
    );
  },

  'publicity.disclosure.get': async (ctx) => {
    await requireAuthority(ctx.db, ctx.auth, DISCLOSURE_MANAGE);
    return getDisclosure(ctx.request.server.filing, await actorOf(ctx), ctx.body);
  },
  'publicity.disclosure.save': async (ctx) => {
    await requireAuthority(ctx.db, ctx.auth, DISCLOSURE_MANAGE);
    return setDisclosure(ctx.request.server.filing, await actorOf(ctx), ctx.body);
  },
});
