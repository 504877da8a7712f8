/**
 * Does the content match its extension? The type is read from the magic bytes (file-type), never from
 * the name or the client's Content-Type, so an executable renamed to .pdf or .txt is refused.
 */

/** What file-type may report for each allowed extension. Office zip formats may be seen as plain zip
 *  when their marker entry lies beyond the sampled head; the legacy ones are compound files (cfb). */
const ACCEPTED: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  tif: ['tif'],
  tiff: ['tif'],
  pdf: ['pdf'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  wps: ['cfb'],
  zip: ['zip'],
  rar: ['rar'],
  '7z': ['7z'],
  mp4: ['mp4', 'm4v', 'm4a'],
  mp3: ['mp3'],
};

/** Types by extension when the sniffed one is generic (zip, cfb) or absent (text). */
const MIME_BY_EXT: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  wps: 'application/vnd.ms-works',
};

const TEXT_EXTENSIONS = new Set(['txt', 'csv']);

export type SniffResult = { ok: true; mime: string } | { ok: false; detected: string | undefined };

export async function sniffMatches(ext: string, head: Buffer): Promise<SniffResult> {
  // Loaded on the first upload rather than at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(head);
  if (TEXT_EXTENSIONS.has(ext)) {
    // Text has no magic number: anything with one, or a NUL byte, is not text.
    if (found || head.includes(0)) return { ok: false, detected: found?.ext ?? 'binary' };
    return { ok: true, mime: MIME_BY_EXT[ext] };
  }
  const accepted = ACCEPTED[ext];
  if (!found || !accepted?.includes(found.ext)) return { ok: false, detected: found?.ext };
  const generic = found.ext === 'zip' || found.ext === 'cfb';
  return { ok: true, mime: (generic && MIME_BY_EXT[ext]) || found.mime };
}
