/**
 * Sending: a new message (msg/innerMessage/save) and a reply (msg/innerMessage/saveReply). The sender
 * is always the signed-in user; receivers are stored as targets (recipients.ts), never expanded to one
 * row per person; the HTML is sanitised before it is stored. Each send raises an event on the bus, so
 * the bells of the receivers (or, for a reply, of the sender) hear it at once.
 */
import type { Kysely } from 'kysely';
import { newId } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/database.ts';
import type { Language } from '../../http/i18n.ts';
import { defineHandlers, tenantSchemaOf, type HandlerContext } from '../../http/handler.ts';
import { denied, formatDateTime, invalid, MAX_IDS, notFound, spaceOf, type Space } from '../people/common.ts';
import { messageNotFound, messageOut, MESSAGE_COLUMNS } from './common.ts';
import { storeMessage } from './store.ts';
import { callerOf, receivedBy, receiverOf, TARGET_ALL, targetKey, type Caller } from './recipients.ts';

/** Longest reply text (entity `reply`). */
const MAX_REPLY = 2000;

interface Target {
  key: string;
  name: string | null;
}

/** A comma list from the body: trimmed, without blanks and repeats; empty when absent. */
function optionalIds(lang: Language, raw: string | undefined, field: string): string[] {
  const ids = [
    ...new Set(
      String(raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_IDS) throw invalid(lang, 'people.tooManyIds', { field, limit: MAX_IDS }, field);
  return ids;
}

const TARGET_TABLES = [
  ['receiverIds', 'user', 'employee', 'employee'],
  ['orgIds', 'org', 'org', 'org'],
  ['positionIds', 'position', 'position', 'position'],
  ['groupIds', 'group', 'user_group', 'group'],
] as const;

type TargetFields = { [K in (typeof TARGET_TABLES)[number][0]]?: string } & { toAll?: 0 | 1 };

/** The body's receivers as targets; each id must exist in this tenant. */
async function targetsOf(space: Space, lang: Language, body: TargetFields): Promise<Target[]> {
  const targets: Target[] = body.toAll === 1 ? [{ key: TARGET_ALL, name: null }] : [];
  for (const [field, kind, table, what] of TARGET_TABLES) {
    const ids = optionalIds(lang, body[field], field);
    if (!ids.length) continue;
    const rows: { id: string; name: string }[] = await (space as unknown as Kysely<any>)
      .selectFrom(table)
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute();
    const names = new Map(rows.map((r) => [r.id, r.name]));
    const missing = ids.find((id) => !names.has(id));
    if (missing !== undefined) throw notFound(what, missing);
    for (const id of ids) targets.push({ key: targetKey(kind, id), name: names.get(id) ?? null });
  }
  if (!targets.length) throw invalid(lang, 'message.error.noReceivers', {}, 'receiverIds');
  return targets;
}

/** Attachment ids of the body; each must exist, and be the sender's own upload. */
async function attachmentsOf(
  space: Space,
  lang: Language,
  caller: Caller,
  files: { src: string }[] = [],
): Promise<string[]> {
  const ids = [...new Set(files.map((f) => f.src.trim()).filter(Boolean))];
  if (!ids.length) return [];
  const rows = await space
    .selectFrom('attachment')
    .select(['id', 'owner_id'])
    .where('id', 'in', ids)
    .execute();
  const owners = new Map(rows.map((r) => [r.id, r.owner_id]));
  for (const id of ids) {
    if (!owners.has(id)) throw invalid(lang, 'message.error.attachmentMissing', { id }, 'fileMsg');
    const owner = owners.get(id);
    // Only one's own uploads: a file the system wrote (a generated notice, a commenter's upload) has no
    // uploader and is read through its record, never by being sent in a message.
    if (!owner || !caller.ids.includes(owner)) throw denied('message.error.attachmentNotYours', { id });
  }
  return ids;
}

const tenantSpace = (ctx: HandlerContext, db: Db): Space => db.withSchema(tenantSchemaOf(ctx));

async function publish(ctx: HandlerContext, event: { type: string; [k: string]: unknown }): Promise<void> {
  try {
    await ctx.request.server.events.publish({ ...event, tenantId: ctx.auth?.tenantId ?? null });
  } catch (err) {
    // The message is stored; bells still learn of it by polling.
    console.warn(`messages: event ${event.type} not published: ${(err as Error).message}`);
  }
}

export const sendHandlers = defineHandlers({
  'msg.innerMessage.save': async (ctx) => {
    const body = ctx.body;
    const space = spaceOf(ctx);
    const caller = await callerOf(ctx, space);
    // Sending never edits: a sent message is what its receivers saw.
    if (body.id) throw invalid(ctx.lang, 'message.error.noEdit', {}, 'id');
    if (body.ownerId !== undefined && !caller.ids.includes(body.ownerId))
      throw denied('message.error.notOwner');
    if (body.ownerName !== undefined && body.ownerName !== caller.name)
      throw denied('message.error.notOwner');
    const targets = await targetsOf(space, ctx.lang, body);
    const attachments = await attachmentsOf(space, ctx.lang, caller, [
      ...(body.fileMsg ?? []),
      ...optionalIds(ctx.lang, body.attachmentIds, 'attachmentIds').map((src) => ({ src })),
    ]);
    // SMS / e-mail alerts are one job queued with the message (alert-jobs.ts): the request never
    // waits on the receivers. (Ready first: on PGlite the queue shares the transaction's connection.)
    const alerts = ctx.request.server.messageAlerts;
    await alerts.ready();
    const id = await inTransaction(ctx.db, async (tx) => {
      const messageId = await storeMessage(tenantSpace(ctx, tx), {
        subject: body.subject,
        ownerId: caller.accountId,
        ownerName: caller.name,
        messageType: body.messageType ?? 'normal',
        isPublic: body.isPublic === 1,
        canReply: body.canreply === 1,
        content: body.content ?? '',
        targets,
        attachmentIds: attachments,
      });
      await alerts.enqueue(tx, {
        schema: tenantSchemaOf(ctx),
        messageId,
        messageType: body.messageType ?? 'normal',
        subject: body.subject.trim(),
        senderName: caller.name,
        targetKeys: targets.map((t) => t.key),
      });
      return messageId;
    });
    await publish(ctx, { type: 'message.new', messageId: id });
    const m = await space
      .selectFrom('message as m')
      .select([...MESSAGE_COLUMNS])
      .where('m.id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...messageOut(m), receivers: targets.map((t) => t.name ?? t.key).join(',') };
  },

  'msg.innerMessage.saveReply': async (ctx) => {
    const { innerMessageId, content } = ctx.body;
    const space = spaceOf(ctx);
    const r = await receiverOf(ctx, space);
    const text = content.trim();
    if (!text) throw invalid(ctx.lang, 'message.error.replyBlank', {}, 'content');
    if ([...text].length > MAX_REPLY)
      throw invalid(ctx.lang, 'message.error.replyTooLong', { max: MAX_REPLY }, 'content');
    // Receivers and the sender may reply; anyone else (even to a public message) may not.
    const m = await space
      .selectFrom('message as m')
      .select(['m.id', 'm.owner_id', 'm.can_reply'])
      .where('m.id', '=', innerMessageId)
      .where((eb) => eb.or([eb('m.owner_id', 'in', r.ids), receivedBy(r)(eb)]))
      .executeTakeFirst();
    if (!m) throw messageNotFound(innerMessageId);
    if (!m.can_reply) throw denied('message.error.replyNotAllowed');
    const id = newId();
    const row = await space
      .insertInto('message_reply')
      .values({
        id,
        message_id: m.id,
        content: text,
        replier_id: r.accountId,
        replier_name: r.name,
      })
      .returning(['id', 'message_id', 'content', 'replier_id', 'replier_name', 'created_at'])
      .executeTakeFirstOrThrow();
    await publish(ctx, { type: 'message.reply', messageId: m.id, ownerId: m.owner_id, replyId: id });
    return {
      id: row.id,
      messageId: row.message_id,
      content: row.content,
      replyId: row.replier_id ?? undefined,
      reply: row.replier_name ?? undefined,
      replyTime: formatDateTime(row.created_at) ?? undefined,
    };
  },
});
