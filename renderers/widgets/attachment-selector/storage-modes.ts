/**
 * How the attachment selector keeps its value in the form data (spec §3 'Attachment/file', storage
 * modes): `json` a JSON string of the attachments, `id` their ids comma-separated, `array` the
 * attachment objects, `arrayId` an array of ids, `bind` the attachment object itself (one file) or the
 * objects (several), for forms that bind its fields.
 */
export type StorageMode = 'json' | 'id' | 'array' | 'arrayId' | 'bind';
export const STORAGE_MODES: readonly StorageMode[] = ['json', 'id', 'array', 'arrayId', 'bind'];

export interface AttachmentRef {
  id: string;
  fileName: string;
  ext: string;
  totalBytes?: number;
}

const slim = (a: AttachmentRef): AttachmentRef => ({
  id: a.id,
  fileName: a.fileName,
  ext: a.ext,
  ...(a.totalBytes !== undefined ? { totalBytes: a.totalBytes } : {}),
});

export function toValue(mode: StorageMode, files: AttachmentRef[], single: boolean): unknown {
  if (files.length === 0) return undefined;
  switch (mode) {
    case 'json':
      return JSON.stringify(files.map(slim));
    case 'id':
      return files.map((f) => f.id).join(',');
    case 'array':
      return files.map(slim);
    case 'arrayId':
      return files.map((f) => f.id);
    case 'bind':
      return single ? slim(files[0]) : files.map(slim);
  }
}

const isRef = (v: unknown): v is AttachmentRef =>
  !!v && typeof v === 'object' && typeof (v as AttachmentRef).id === 'string';

/** The attachments a value names: whole ones where the value holds them, else ids to look up. */
export function fromValue(mode: StorageMode, value: unknown): { files: AttachmentRef[]; ids: string[] } {
  if (value === undefined || value === null || value === '') return { files: [], ids: [] };
  switch (mode) {
    case 'json': {
      try {
        const parsed = JSON.parse(String(value)) as unknown;
        return { files: Array.isArray(parsed) ? parsed.filter(isRef) : [], ids: [] };
      } catch {
        return { files: [], ids: [] };
      }
    }
    case 'id':
      return {
        files: [],
        ids: String(value)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    case 'arrayId':
      return {
        files: [],
        ids: Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [],
      };
    case 'array':
      return { files: Array.isArray(value) ? value.filter(isRef) : [], ids: [] };
    case 'bind':
      return { files: Array.isArray(value) ? value.filter(isRef) : isRef(value) ? [value] : [], ids: [] };
  }
}

/** Spec §5: the checks on confirm, as translation keys with their parameters. */
export function selectionProblem(
  count: number,
  opts: { limit: number; exact?: boolean },
): { key: string; params?: Record<string, unknown> } | undefined {
  if (opts.limit === 0) return { key: 'file.selector.limitZero' };
  if (count === 0) return { key: 'file.selector.nothingSelected' };
  if (opts.exact && count !== opts.limit)
    return { key: 'file.selector.exactCount', params: { count: opts.limit } };
  if (count > opts.limit) return { key: 'file.selector.overLimit', params: { limit: opts.limit } };
  return undefined;
}
