/**
 * log/upload: the shell's error-log dialog sends the browser's local error log here. Entries are
 * stored per account with secrets redacted; each account keeps its newest entries only, so a
 * misbehaving page cannot fill the database.
 */
import { defineHandlers } from '../../http/handler.ts';
import { authOf } from '../../http/handler.ts';
import { cleanLogText } from './redact.ts';
import './log-table.ts';

/** How many entries one account keeps. */
export const LOG_ENTRIES_PER_ACCOUNT = 1000;

export const logHandlers = defineHandlers({
  'log.upload': async (ctx) => {
    const auth = authOf(ctx);
    const { logs } = ctx.body;
    const rows = logs.map((entry) => ({
      account_id: auth.accountId,
      account: auth.account,
      tenant_id: auth.tenantId,
      type: cleanLogText(entry.type, 32),
      message: cleanLogText(entry.message, 4000) ?? '',
      component: cleanLogText(entry.component, 500),
      url: cleanLogText(entry.meta?.url, 2000),
      browser_session: cleanLogText(entry.meta?.uuid, 64),
      occurred_at: cleanLogText(entry.time, 32),
      ip: ctx.request.ip,
      // meta.token is never stored, not even masked: the account column says whose session it was.
    }));
    await ctx.db.insertInto('platform.client_log').values(rows).execute();
    await ctx.db
      .deleteFrom('platform.client_log')
      .where('account_id', '=', auth.accountId)
      .where(
        'id',
        'not in',
        ctx.db
          .selectFrom('platform.client_log')
          .select('id')
          .where('account_id', '=', auth.accountId)
          .orderBy('id', 'desc')
          .limit(LOG_ENTRIES_PER_ACCOUNT),
      )
      .execute();
    return { count: rows.length };
  },
});
