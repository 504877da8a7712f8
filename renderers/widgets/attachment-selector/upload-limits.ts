/**
 * What the upload tab says and checks before sending, from the rules the server enforces
 * (schemas/file-rules.ts, used by server/files/upload.ts): the size it names is the size the server
 * takes, per group of files, never a number of its own.
 */
import {
  FILE_GROUPS,
  formatBytes,
  nameProblem,
  splitFileName,
  uploadGroupOf,
  uploadGroupsFor,
} from '../../../schemas/file-rules.ts';
import { FILE_NAME_MAX_UNITS } from '../../../schemas/validators/cn-length.ts';

export interface Text {
  key: string;
  params?: Record<string, unknown>;
}

/** The hint under the drop area: one size for one group, else each group with its own. */
export function sizeHint(fileType: string | undefined, t: (key: string) => string): Text {
  const groups = uploadGroupsFor(fileType);
  if (groups.length === 1)
    return { key: 'file.selector.sizeHint', params: { size: formatBytes(FILE_GROUPS[groups[0]].maxBytes) } };
  const limits = groups
    .map((g) => `${t(`file.group.${g}`)} ${formatBytes(FILE_GROUPS[g].maxBytes)}`)
    .join(t('file.selector.limitSeparator'));
  return { key: 'file.selector.sizeHintByType', params: { limits } };
}

/** Why the server would refuse this file before a byte is sent, or undefined when it takes it. */
export function uploadProblem(
  file: { name: string; size: number },
  fileType: string | undefined,
): Text | undefined {
  const { base, ext } = splitFileName(file.name);
  const group = uploadGroupOf(fileType, ext);
  if (!group) return { key: 'file.selector.typeNotAllowed' };
  const np = nameProblem(base);
  if (np === 'tooLong') return { key: 'file.error.nameTooLong', params: { limit: FILE_NAME_MAX_UNITS } };
  if (np === 'empty') return { key: 'file.error.nameEmpty' };
  if (np) return { key: 'file.error.nameBadCharacters' };
  const { maxBytes } = FILE_GROUPS[group];
  if (file.size > maxBytes) return { key: 'file.selector.tooLarge', params: { size: formatBytes(maxBytes) } };
  return undefined;
}
