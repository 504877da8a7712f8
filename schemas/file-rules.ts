/**
 * Upload rules shared by the browser (accept lists, size notices, checks before sending) and the server
 * (the authority): file groups of spec §9 with their extensions and size limits, the name rules of §5,
 * and which extensions preview how.
 */
import { cnLength, FILE_NAME_MAX_UNITS } from './validators/cn-length.ts';

const MB = 1024 * 1024;

export interface FileGroup {
  extensions: readonly string[];
  maxBytes: number;
}

/** `fileType` of an upload names one of these; none means any allowed extension at its group's size. */
export const FILE_GROUPS = {
  images: { extensions: ['bmp', 'gif', 'jpg', 'jpeg', 'png', 'tif', 'tiff'], maxBytes: 25 * MB },
  /** The employee photo (spec §9: one image, jpeg gif png jpg). */
  photo: { extensions: ['jpeg', 'gif', 'png', 'jpg'], maxBytes: 5 * MB },
  docs: {
    extensions: ['pdf', 'txt', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'wps', 'csv'],
    maxBytes: 2048 * MB,
  },
  compress: { extensions: ['zip', 'rar', '7z'], maxBytes: 4096 * MB },
  videos: { extensions: ['mp4'], maxBytes: 4096 * MB },
  audios: { extensions: ['mp3'], maxBytes: 500 * MB },
} as const satisfies Record<string, FileGroup>;

export type FileGroupName = keyof typeof FILE_GROUPS;

export const isFileGroup = (v: unknown): v is FileGroupName => typeof v === 'string' && v in FILE_GROUPS;

/** The largest file any group takes (the resumable server's ceiling; each upload meets its own group's). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_GROUPS).map((g) => g.maxBytes));

/** Above this size the browser uploads through tus (resumable) rather than one multipart request. */
export const RESUMABLE_THRESHOLD = 25 * MB;

/** The group an extension belongs to when the upload names none (photo is a narrower images). */
export function groupOfExtension(ext: string): FileGroupName | undefined {
  for (const [name, g] of Object.entries(FILE_GROUPS)) {
    if (name !== 'photo' && (g.extensions as readonly string[]).includes(ext)) return name as FileGroupName;
  }
  return undefined;
}

/**
 * The group whose rules an upload meets, exactly as the server decides it (server/files/upload.ts): the
 * named `fileType`, else the group of the extension; undefined when the extension is not allowed there.
 * The browser calls it too, so the size it checks and names is the size the server enforces.
 */
export function uploadGroupOf(fileType: string | undefined, ext: string): FileGroupName | undefined {
  const group = fileType ? (isFileGroup(fileType) ? fileType : undefined) : groupOfExtension(ext);
  return group && (FILE_GROUPS[group].extensions as readonly string[]).includes(ext) ? group : undefined;
}

/** The groups an upload with this `fileType` may fall in: that one, or (none named) every group but photo. */
export function uploadGroupsFor(fileType: string | undefined): FileGroupName[] {
  if (fileType) return isFileGroup(fileType) ? [fileType] : [];
  return (Object.keys(FILE_GROUPS) as FileGroupName[]).filter((name) => name !== 'photo');
}

/** Splits 'a.b.PDF' into {base: 'a.b', ext: 'pdf'}. */
export function splitFileName(name: string): { base: string; ext: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { base: name, ext: '' };
  return { base: name.slice(0, dot), ext: name.slice(dot + 1).toLowerCase() };
}

export type NameProblem = 'empty' | 'tooLong' | 'badCharacters';

// Path separators, NUL and control characters (C0, DEL, C1) and the bidi overrides that disguise an
// extension: none of them belongs in a file name shown to people.
// eslint-disable-next-line no-control-regex
const BAD_NAME = /[\u0000-\u001f\u007f-\u009f/\\\u202a-\u202e\u2066-\u2069]/;

/** What is wrong with a file name (without its extension), if anything. */
export function nameProblem(base: string): NameProblem | undefined {
  if (!base.trim() || base === '.' || base === '..') return 'empty';
  if (BAD_NAME.test(base) || base.startsWith('..')) return 'badCharacters';
  if (cnLength(base) > FILE_NAME_MAX_UNITS) return 'tooLong';
  return undefined;
}

/** How the preview shows a file of this extension (spec §2 'File preview', §9). */
export type PreviewKind = 'image' | 'pdf' | 'text' | 'unsupported';

export function previewKindOf(ext: string): PreviewKind {
  const e = ext.toLowerCase();
  if (['jpg', 'jpeg', 'bmp', 'png', 'gif'].includes(e)) return 'image';
  if (e === 'pdf') return 'pdf';
  if (e === 'txt' || e === 'csv') return 'text';
  return 'unsupported';
}

/** '25 MB', '1.5 GB': the size in the notices of spec §5. */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${units[i]}`;
}
