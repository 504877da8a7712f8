/**
 * Files from the public (a comment's attachment, a reporter's evidence): the extension must be on a short
 * allowlist, the size under a limit, and the content must be what the extension says — the type is read
 * from the magic bytes (server/files/sniff.ts), never from the name or the client's Content-Type, so an
 * executable or an HTML page renamed to .pdf or .png is refused. Nothing is ever served inline.
 */
import { sniffMatches } from '../../files/sniff.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';

export const COMMENT_ATTACHMENT = {
  maxBytes: 512 * 1024,
  types: ['pdf', 'jpg', 'jpeg', 'png', 'txt', 'docx'],
};
export const CLUE_EVIDENCE = {
  maxBytes: 10 * 1024 * 1024,
  types: ['pdf', 'jpg', 'jpeg', 'png', 'txt', 'docx', 'xlsx', 'zip'],
};

export interface CheckedFile {
  name: string;
  mime: string;
  content: Buffer;
}

const extOf = (name: string) => (/\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1] ?? '').toLowerCase();

/** A safe display name: no path, no control characters, at most 200 characters. */
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return [...base.replace(/[\u0000-\u001f\u007f]/g, '').trim()].slice(-200).join('') || 'file';
}

export async function checkPublicFile(
  rule: { maxBytes: number; types: string[] },
  fileName: string,
  content: Buffer,
): Promise<CheckedFile> {
  const name = cleanName(fileName);
  const ext = extOf(name);
  if (!rule.types.includes(ext))
    throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.fileType', { types: rule.types.join(', ') });
  if (content.byteLength === 0) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.fileEmpty');
  if (content.byteLength > rule.maxBytes)
    throw new ApiError(Code.PAYLOAD_TOO_LARGE, 'publicData.error.fileTooLarge', {
      max: `${Math.round(rule.maxBytes / 1024)} KB`,
    });
  const sniffed = await sniffMatches(ext, content.subarray(0, 4100));
  if (!sniffed.ok) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.fileContent', { ext });
  return { name, mime: sniffed.mime, content };
}

/** Strict base64 (what a browser's FileReader produces, optionally as a data URL). */
export function decodeBase64(data: string): Buffer {
  const body = data.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.fileEncoding');
  return Buffer.from(body, 'base64');
}
