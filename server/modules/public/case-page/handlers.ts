/** publicity.case.get (schemas/api/public-case.yaml): the public page of one case, by its number. */
import { Code } from '../../../http/codes.ts';
import { ApiError } from '../../../http/envelope.ts';
import { defineHandlers } from '../../../http/handler.ts';
import { todayOf } from '../publications.ts';
import { publicCaseView } from './case-view.ts';

export const publicCaseHandlers = defineHandlers({
  'publicity.case.get': async (ctx) => {
    const view = await publicCaseView(ctx.db, ctx.body.caseNo.trim(), todayOf());
    // The same answer for a case that does not exist and one with nothing public: no number leaks.
    if (!view) throw new ApiError(Code.NOT_FOUND, 'publicCase.error.notFound');
    return view;
  },
});
