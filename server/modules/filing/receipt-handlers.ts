/**
 * The receipt operations of the `filing` catalogue section (filing.receipt.*) over service/receipts.ts:
 * the service checks that the caller may read the receipt's case (a stranger gets "not found").
 */
import { listReceipts, getReceipt, verifyReceipt } from './service/receipts.ts';
import { defineHandlers, type HandlerContext } from '../../http/handler.ts';
import { actorOf } from './actor-of.ts';

const filingOf = (ctx: HandlerContext) => ctx.request.server.filing;

export const receiptHandlers = defineHandlers({
  'filing.receipt.list': async (ctx) => {
    const rows = await listReceipts(filingOf(ctx), await actorOf(ctx), ctx.body.caseId);
    return { rows, total: rows.length };
  },
  'filing.receipt.get': async (ctx) => getReceipt(filingOf(ctx), await actorOf(ctx), ctx.query.receiptId),
  'filing.receipt.verify': async (ctx) =>
    verifyReceipt(filingOf(ctx), await actorOf(ctx), ctx.query.receiptId),
});
