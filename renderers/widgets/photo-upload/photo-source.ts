/**
 * Where the browser fetches a stored photo: the environment's file address for the attachment id (in
 * the app, file.getImage with the session in the query: an <img> cannot send headers). A value that
 * already is an address (data:, blob:, http…, /…) is used as it is, which is also how fixtures show
 * pictures.
 */
export function isAddress(value: string): boolean {
  return /^(data:|blob:|https?:|\/)/.test(value);
}

export function photoSource(value: string, fileAddress: (attachmentId: string) => string): string {
  return isAddress(value) ? value : fileAddress(value);
}
