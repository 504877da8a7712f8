/**
 * Signed file links (server/files/tickets.ts): an address a plain <img>, link or pdf.js can load cannot
 * carry the Authorization header, and an access token must never travel in an address. So the page asks
 * fldFile.link (with the header) for a link to one file for one purpose, and gets a ticket good for that
 * file on that route only, for about a minute: ask right before loading, never store the address.
 */
import type { FilePurpose } from '../../renderers/environment/environment-types.ts';
import { callApi } from '../api/call-api.ts';
import { apiClient } from '../api/client.ts';
import { operations, type OperationId } from '../api/generated/operations.ts';

export type { FilePurpose };

/** The route each purpose is good for (the catalogue's `linkPurpose`). */
export const LINK_ROUTES: Record<FilePurpose, OperationId> = {
  download: 'fldFile.download',
  preview: 'fldFile.preview',
  image: 'file.getImage',
};

/** The address of `attachmentId` for `purpose`, at the API address this client uses. */
export async function fileLink(
  attachmentId: string,
  purpose: FilePurpose,
  signal?: AbortSignal,
): Promise<string> {
  const { ticket } = await callApi('fldFile.link', { body: { attachmentId, purpose }, signal });
  const query = new URLSearchParams({ attachmentId, ticket });
  return `${apiClient.urlOf(operations[LINK_ROUTES[purpose]])}?${query}`;
}
