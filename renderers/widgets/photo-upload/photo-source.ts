/**
 * Where the browser fetches a stored photo: a value that already is an address (data:, blob:, http…, /…)
 * is used as it is, which is also how fixtures show pictures; an attachment id is shown through a signed
 * image link (the environment's `fileLink`: an <img> cannot send headers, and no token goes in an address).
 */
export function isAddress(value: string): boolean {
  return /^(data:|blob:|https?:|\/)/.test(value);
}

/** The attachment whose signed link shows the photo, or null when the value is an address itself. */
export function photoAttachment(value: string | undefined): string | null {
  return value && !isAddress(value) ? value : null;
}
