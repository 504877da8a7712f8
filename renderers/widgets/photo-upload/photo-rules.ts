/**
 * What a photo may be (spec §2, §5, §9): one image of type jpeg, gif, png or jpg, a sane name, and at
 * most the size the server takes for the upload's fileType (schemas/file-rules.ts, 25 MB for images).
 */
import { cnLength, FILE_NAME_MAX_UNITS } from '../../../schemas/validators/cn-length.ts';
import { FILE_GROUPS, isFileGroup } from '../../../schemas/file-rules.ts';

export const PHOTO_TYPES = ['jpeg', 'gif', 'png', 'jpg'] as const;
/** The fileType the widget uploads with unless the screen names another. */
export const DEFAULT_FILE_TYPE = 'images';

/**
 * The largest photo the server takes for this fileType; a screen's maxSizeMb may only lower it (a
 * larger one would be refused by the server after the upload).
 */
export function photoMaxBytes(fileType: unknown, maxSizeMb?: unknown): number {
  const group = FILE_GROUPS[isFileGroup(fileType) ? fileType : DEFAULT_FILE_TYPE];
  const asked = typeof maxSizeMb === 'number' && maxSizeMb > 0 ? maxSizeMb * 1024 * 1024 : Infinity;
  return Math.min(group.maxBytes, asked);
}

export type PhotoProblem =
  | { key: 'form.photo.badType'; params: { types: string } }
  | { key: 'form.photo.tooLarge'; params: { size: string } }
  | { key: 'validation.fileNameTooLong'; params: { limit: number } };

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** 26214400 → '25 MB'; the size named in the 'too large' message. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** The first reason the file cannot be the photo, or undefined when it can. */
export function photoProblem(
  file: { name: string; size: number; type?: string },
  types: readonly string[] = PHOTO_TYPES,
  maxBytes = photoMaxBytes(DEFAULT_FILE_TYPE),
): PhotoProblem | undefined {
  const ext = extensionOf(file.name);
  // The extension decides; a declared MIME type, when there is one, must agree that it is an image.
  if (!types.includes(ext) || (file.type && !file.type.startsWith('image/'))) {
    return { key: 'form.photo.badType', params: { types: types.join(', ') } };
  }
  if (file.size > maxBytes) return { key: 'form.photo.tooLarge', params: { size: formatSize(maxBytes) } };
  const base = file.name.slice(0, file.name.length - ext.length - 1);
  if (cnLength(base) > FILE_NAME_MAX_UNITS) {
    return { key: 'validation.fileNameTooLong', params: { limit: FILE_NAME_MAX_UNITS } };
  }
  return undefined;
}
