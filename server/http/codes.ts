/** The spec's §8 state codes. Every error the server answers with is one of these. */
export const Code = {
  SUCCESS: 200,
  WARNING: 2,
  WARN: 103,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  /** An upload that stalled, a request not received in time. */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  /** Past a per-address limit of downloads, or the downloads are busy (Retry-After says when to come back). */
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  UNSUPPORTED: 501,
  ILLEGAL_REQUEST: 6010101,
  ILLEGAL_IP: 6010102,
  NO_PERMISSION: 6010104,
  TENANT_DENIED: 6010105,
  SUPER_ONLY: 6010106,
  BAD_CREDENTIALS: 6020101,
  OTHER_CLIENT: 6020102,
  CAPTCHA_REQUIRED: 6020104,
  ILLEGAL_TOKEN: 6020201,
  TOKEN_EXPIRED: 6020301,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** HTTP status that accompanies each envelope state. */
export function httpStatusFor(code: number): number {
  switch (code) {
    case Code.SUCCESS:
    case Code.WARNING:
    case Code.WARN:
      return 200;
    case Code.ILLEGAL_TOKEN:
    case Code.TOKEN_EXPIRED:
    case Code.OTHER_CLIENT:
    case Code.BAD_CREDENTIALS:
    case Code.CAPTCHA_REQUIRED:
      return 401;
    case Code.NO_PERMISSION:
    case Code.TENANT_DENIED:
    case Code.SUPER_ONLY:
    case Code.ILLEGAL_IP:
      return 403;
    case Code.ILLEGAL_REQUEST:
      return 400;
    default:
      return code >= 400 && code < 600 ? code : 400;
  }
}
