/** What a photo may be (spec §2, §5, §9): one image of type jpeg, gif, png or jpg, at most 25 MB, a sane name. */
import { cnLength, FILE_NAME_MAX_UNITS } from '../../../schemas/validators/cn-length.ts';

export const PHOTO_TYPES = ['jpeg', 'gif', 'png', 'jpg'] as const;
export const DEFAULT_MAX_MB = 25;

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
  maxMb = DEFAULT_MAX_MB,
): PhotoProblem | undefined {
  const ext = extensionOf(file.name);
  // The extension decides; a declared MIME type, when there is one, must agree that it is an image.
  if (!types.includes(ext) || (file.type && !file.type.startsWith('image/'))) {
    return { key: 'form.photo.badType', params: { types: types.join(', ') } };
  }
  const limit = maxMb * 1024 * 1024;
  if (file.size > limit) return { key: 'form.photo.tooLarge', params: { size: formatSize(limit) } };
  const base = file.name.slice(0, file.name.length - ext.length - 1);
  if (cnLength(base) > FILE_NAME_MAX_UNITS) {
    return { key: 'validation.fileNameTooLong', params: { limit: FILE_NAME_MAX_UNITS } };
  }
  return undefined;
}
