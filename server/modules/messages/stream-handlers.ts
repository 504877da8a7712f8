/**
 * The bell's push channel (msg/innerMessage/stream): one Server-Sent Events stream per signed-in tab,
 * opened after the catalogue's session, tenant and permission check. Events sent:
 *   message {id}        a new message reaches this user
 *   reply   {messageId} someone replied to a message this user sent
 *   read    {}          this user read or removed messages in another tab (the badge changes)
 *   end     {reason}    the session ended; the stream closes
 * What reaches whom is decided in this process from the bus event (routeMessageEvents). A stream's
 * target keys follow membership changes ('membership.changed'): added to a group, the user hears the
 * group's next message on the stream already open.
 */
import type { Db } from '../../db/database.ts';
import type { AppEvent, EventBus } from '../../events/bus.ts';
import type { StreamRegistry } from '../../events/streams.ts';
import { authOf, defineHandlers, tenantSchemaOf } from '../../http/handler.ts';
import { spaceOf } from '../people/common.ts';
import { receiverOf, type Receiver } from './recipients.ts';
import { MEMBERSHIP_CHANGED } from '../../events/membership.ts';

export const streamHandlers = defineHandlers({
  'msg.innerMessage.stream': async (ctx) => {
    const auth = authOf(ctx);
    const r = await receiverOf(ctx, spaceOf(ctx));
    const reply = ctx.reply;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies (nginx) must pass events on at once rather than buffer them.
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const keysOf = (x: Receiver) => [...x.keys, ...x.ids.map((id) => `owner:${id}`)];
    const stream = ctx.request.server.streams.open(res, {
      sessionId: auth.sessionId,
      familyId: auth.familyId ?? null,
      accountId: auth.accountId,
      tenantId: auth.tenantId!,
      tenantSchema: tenantSchemaOf(ctx),
      keys: new Set(keysOf(r)),
      // The caller's organisations, positions and groups as they are now (membership.changed).
      refreshKeys: async () => keysOf(await receiverOf(ctx, spaceOf(ctx))),
    });
    stream.send('ready', { id: stream.id });
    return reply;
  },
});

/**
 * Works out the target keys of the tenant's open streams again. One pass at a time per tenant; changes
 * that arrive meanwhile cause one more pass, not one each.
 */
function keyRefresher(streams: StreamRegistry): (tenantId: string) => void {
  const running = new Set<string>();
  const again = new Set<string>();
  const pass = async (tenantId: string) => {
    for (const s of streams.of(tenantId)) {
      if (!s.refreshKeys) continue;
      try {
        const keys = [...(await s.refreshKeys())];
        s.keys.clear();
        for (const k of keys) s.keys.add(k);
      } catch (err) {
        console.warn(`streams: keys of stream ${s.id} not refreshed: ${(err as Error).message}`);
      }
    }
  };
  return (tenantId) => {
    if (running.has(tenantId)) return void again.add(tenantId);
    running.add(tenantId);
    void (async () => {
      do {
        again.delete(tenantId);
        await pass(tenantId);
      } while (again.has(tenantId));
    })().finally(() => running.delete(tenantId));
  };
}

/** Sends the bus's message events to the open streams they concern. */
export function routeMessageEvents(db: Db, bus: EventBus, streams: StreamRegistry): () => void {
  const refresh = keyRefresher(streams);
  return bus.subscribe((e: AppEvent) => {
    if (e.type === MEMBERSHIP_CHANGED) {
      if (e.tenantId && streams.of(e.tenantId).length) refresh(e.tenantId);
      return;
    }
    if (!e.tenantId || (typeof e.messageId !== 'string' && e.type !== 'message.read')) return;
    const open = streams.of(e.tenantId);
    if (!open.length) return;
    if (e.type === 'message.new') {
      const messageId = e.messageId as string;
      // One look-up per event and process, whatever the number of streams.
      void db
        .withSchema(open[0].tenantSchema)
        .selectFrom('message_target')
        .select('target_key')
        .where('message_id', '=', messageId)
        .execute()
        .then((rows) => {
          const keys = rows.map((x) => x.target_key);
          for (const s of open) if (keys.some((k) => s.keys.has(k))) s.send('message', { id: messageId });
        })
        .catch((err) => console.warn(`streams: message ${messageId} not routed: ${(err as Error).message}`));
    } else if (e.type === 'message.reply' && typeof e.ownerId === 'string') {
      for (const s of open) if (s.keys.has(`owner:${e.ownerId}`)) s.send('reply', { messageId: e.messageId });
    } else if (e.type === 'message.read' && typeof e.accountId === 'string') {
      for (const s of open) if (s.accountId === e.accountId) s.send('read', {});
    }
  });
}
