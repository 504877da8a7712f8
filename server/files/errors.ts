/** Translated refusals of the file store (locales/<lang>/file.yaml, key file.error.<reason>). */
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';

export type FileRefusal =
  | 'noFile'
  | 'tooManyFiles'
  | 'empty'
  | 'nameEmpty'
  | 'nameTooLong'
  | 'nameBadCharacters'
  | 'typeNotAllowed'
  | 'unknownFileType'
  | 'contentMismatch'
  | 'tooLarge'
  | 'quotaExceeded'
  | 'notFound'
  | 'referenced'
  | 'noPreview'
  | 'notImage'
  | 'rangeNotSatisfiable'
  | 'interrupted'
  | 'notOwner'
  | 'locked'
  | 'linkInvalid'
  | 'linkExpired';

const CODE: Partial<Record<FileRefusal, number>> = {
  tooLarge: Code.PAYLOAD_TOO_LARGE,
  quotaExceeded: Code.PAYLOAD_TOO_LARGE,
  notFound: Code.NOT_FOUND,
  typeNotAllowed: Code.UNSUPPORTED_MEDIA,
  contentMismatch: Code.UNSUPPORTED_MEDIA,
  noPreview: Code.UNSUPPORTED_MEDIA,
  notImage: Code.UNSUPPORTED_MEDIA,
  referenced: Code.WARNING,
  rangeNotSatisfiable: 416,
  // Only its uploader changes a file; a file a sent message, a filing or a publication holds, nobody.
  notOwner: Code.NO_PERMISSION,
  locked: Code.NO_PERMISSION,
  // A signed file link (tickets.ts) for another file or purpose, altered, or past its minute.
  linkInvalid: Code.NO_PERMISSION,
  linkExpired: Code.NO_PERMISSION,
};

export function fileError(reason: FileRefusal, params: Record<string, unknown> = {}): ApiError {
  // No cause: the app shows 'message：cause', and the translated message already says it all.
  return new ApiError(CODE[reason] ?? Code.BAD_REQUEST, `file.error.${reason}`, params);
}
