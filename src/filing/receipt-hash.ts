/**
 * Checking a file the user holds against a receipt, in the browser: its SHA-256 by Web Crypto (the
 * bytes never leave the machine), and the receipt item with the same digest, if any.
 */

export interface ReceiptItem {
  seq: number;
  name: string;
  sha256: string;
}

/** Lower-case hex SHA-256 of a file (or any blob). Throws when the browser has no Web Crypto. */
export async function sha256OfFile(file: Blob): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new Error('no-webcrypto');
  const digest = await globalThis.crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The receipt item whose recorded SHA-256 is this digest (the first, should a file be listed twice). */
export function matchingItem<T extends ReceiptItem>(items: readonly T[], sha256: string): T | undefined {
  const wanted = sha256.toLowerCase();
  return items.find((i) => i.sha256.toLowerCase() === wanted);
}
