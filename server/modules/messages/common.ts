/** What the message handlers share: errors, the id lists of (params) calls, a message as the API shows it. */
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { formatDateTime } from '../people/common.ts';
import type { Selectable } from 'kysely';
import type { MessageTable } from '../../db/tables.ts';

export const messageNotFound = (id: string) => new ApiError(Code.NOT_FOUND, 'message.error.notFound', { id });

export type MessageRow = Pick<
  Selectable<MessageTable>,
  | 'id'
  | 'subject'
  | 'owner_id'
  | 'owner_name'
  | 'message_type'
  | 'is_public'
  | 'can_reply'
  | 'content'
  | 'created_at'
>;

export const MESSAGE_COLUMNS = [
  'm.id',
  'm.subject',
  'm.owner_id',
  'm.owner_name',
  'm.message_type',
  'm.is_public',
  'm.can_reply',
  'm.content',
  'm.created_at',
] as const;

export type MessageType = 'normal' | 'system' | 'bulletin';

/** A message row in the API's shape (entity `message`). */
export function messageOut(m: MessageRow) {
  return {
    id: m.id,
    subject: m.subject,
    ownerId: m.owner_id ?? undefined,
    ownerName: m.owner_name ?? undefined,
    createTime: formatDateTime(m.created_at) ?? undefined,
    messageType: m.message_type as MessageType,
    isPublic: (m.is_public ? 1 : 0) as 0 | 1,
    canreply: (m.can_reply ? 1 : 0) as 0 | 1,
    content: m.content ?? '',
  };
}
