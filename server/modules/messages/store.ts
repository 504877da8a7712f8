/**
 * Storing a message: one row, its targets and attachments, in the caller's transaction. Shared by the
 * compose handler (msg.innerMessage.save) and by the server's own senders (filing notices), which write
 * as the system: no owner account, a translated sender name.
 */
import { newId } from '../../auth/tokens.ts';
import type { Space } from '../people/common.ts';
import { sanitizeMessageHtml } from './sanitize.ts';

export interface NewMessage {
  subject: string;
  /** The sender's account id; null for messages the system sends. */
  ownerId: string | null;
  ownerName: string;
  messageType: 'normal' | 'system' | 'bulletin' | string;
  isPublic?: boolean;
  canReply?: boolean;
  /** HTML; sanitised here whoever wrote it. */
  content: string;
  /** Target keys (recipients.ts) with a display name. */
  targets: { key: string; name: string | null }[];
  attachmentIds?: string[];
}

/** Inserts the message in `space` (a tenant schema, inside a transaction); returns its id. */
export async function storeMessage(space: Space, m: NewMessage): Promise<string> {
  const id = newId();
  await space
    .insertInto('message')
    .values({
      id,
      subject: m.subject.trim(),
      owner_id: m.ownerId,
      owner_name: m.ownerName,
      message_type: m.messageType,
      is_public: m.isPublic ?? false,
      can_reply: m.canReply ?? false,
      content: sanitizeMessageHtml(m.content),
    })
    .execute();
  await space
    .insertInto('message_target')
    .values(m.targets.map((t) => ({ message_id: id, target_key: t.key, target_name: t.name })))
    .execute();
  if (m.attachmentIds?.length)
    await space
      .insertInto('message_attachment')
      .values(m.attachmentIds.map((attachment_id) => ({ message_id: id, attachment_id })))
      .execute();
  return id;
}
