/**
 * The public statistics page's calls (schemas/api/public-stats.yaml): the figures, and the same figures
 * as open data through the register's download gate (export-gate.ts: rate limit per address, short-lived
 * cache, at most two builds at once).
 */
import { defineHandlers, type HandlerContext } from '../../../http/handler.ts';
import { exportGateOf, type Download } from '../export-gate.ts';
import { todayOf } from '../publications.ts';
import { statsCsv, statsJson } from './stats-open-data.ts';
import { registerStats, yearRangeOf } from './stats.ts';

/** A download through the gate, with the headers the lists' open data carries. */
async function gatedDownload(ctx: HandlerContext, key: string, build: () => Promise<Download>) {
  const gate = exportGateOf(ctx.request.server, ctx.config);
  gate.admit(ctx.request.ip, ctx.reply);
  const { download, cached } = await gate.get(key, build);
  return ctx.reply
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'public, max-age=300')
    .header('x-cache', cached ? 'hit' : 'miss')
    .type(download.type)
    .send(download.body);
}

export const publicStatsHandlers = defineHandlers({
  'publicity.stats': async (ctx) => registerStats(ctx.db, yearRangeOf(ctx.body), todayOf()),

  'publicity.openData.stats': async (ctx) => {
    const range = yearRangeOf(ctx.query);
    const format = ctx.query.format === 'json' ? 'json' : 'csv';
    const today = todayOf();
    // The CSV speaks the request's language (headers, labels); the JSON does not.
    const lang = format === 'csv' ? ctx.lang : '';
    const key = JSON.stringify(['stats', format, lang, today, range.fromYear, range.toYear]);
    const years = [range.fromYear, range.toYear].filter((y) => y !== null).join('-');
    return gatedDownload(ctx, key, async () => {
      const { rows } = await registerStats(ctx.db, range, today);
      return {
        body: format === 'json' ? statsJson(rows) : statsCsv(rows, ctx.lang),
        type: format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
        fileName: `statistics-${years ? `${years}-` : ''}${today}.${format}`,
      };
    });
  },
});
