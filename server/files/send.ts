/**
 * Sends a stored file: RFC 5987 Content-Disposition (so Chinese names survive every browser), single
 * byte ranges (206, or 416 for a range past the end), an ETag from the SHA-256, and headers that stop a
 * browser from running anything it is shown.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AttachmentRow } from './attachments.ts';
import { nameOf } from './attachments.ts';
import { fileError } from './errors.ts';
import type { ByteRange, FileStorage } from './storage/index.ts';

/** `attachment; filename="ascii"; filename*=UTF-8''%E5%90%88…` (RFC 6266 with the RFC 5987 parameter). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The one range of a `Range: bytes=…` header; null to send everything (absent, several, or not bytes). */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a, b] = m;
  if (a === '' && b === '') return null;
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export async function sendAttachment(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  row: AttachmentRow,
  disposition: 'attachment' | 'inline',
): Promise<FastifyReply> {
  const sha = row.sha256;
  const size = sha ? await storage.size(sha) : null;
  if (!sha || size === null) throw fileError('notFound', { id: row.id });
  const etag = `"${sha}"`;
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw fileError('rangeNotSatisfiable');
  }
  reply
    .header('content-type', row.mime || 'application/octet-stream')
    .header('content-disposition', contentDisposition(disposition, nameOf(row)))
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    // Nothing served from the store may run script, whatever a browser makes of it.
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await storage.read(sha, range));
  }
  reply.header('content-length', size);
  return reply.send(await storage.read(sha));
}
