/**
 * The tenant's message alert setting (issue 14): which message types alert their receivers by SMS
 * and/or e-mail (server/modules/alerts/message-alerts.ts does the sending).
 */
import { alertSettings, saveAlertSettings, type AlertSetting } from '../alerts/message-alerts.ts';
import { defineHandlers, tenantSchemaOf } from '../../http/handler.ts';
import { invalid } from '../people/common.ts';

export const alertHandlers = defineHandlers({
  'msg.alertSetting.query': async (ctx) => ({
    dataResult: await alertSettings(ctx.db, tenantSchemaOf(ctx)),
  }),

  'msg.alertSetting.save': async (ctx) => {
    const settings = ctx.body.settings as AlertSetting[];
    const seen = new Set<string>();
    for (const s of settings) {
      // The catalogue's enum refuses other types; a type given twice would be ambiguous.
      if (seen.has(s.messageType))
        throw invalid(ctx.lang, 'message.alert.duplicateType', { type: s.messageType }, 'settings');
      seen.add(s.messageType);
    }
    await saveAlertSettings(ctx.db, tenantSchemaOf(ctx), settings);
    return { dataResult: await alertSettings(ctx.db, tenantSchemaOf(ctx)) };
  },
});
