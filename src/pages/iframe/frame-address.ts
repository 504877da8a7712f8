/**
 * Which address the public /iframe route (spec §2 'Public routes') may show, from its `?url=`. Anyone can
 * send a link to it, so unlike a menu entry (configured by an administrator) it frames only this site's
 * pages and the origins a deployment allows at build time (VITE_IFRAME_ORIGINS=https://a.example,…):
 * another site inside ours, under our address, is how a phishing page would pass for us.
 */
export const IFRAME_PATH = '/iframe';

export type FrameAddress =
  | { kind: 'ok'; src: string }
  /** No address, or only blanks. */
  | { kind: 'missing' }
  /** Not an http(s) address or a path of this site (javascript:, data:, a bare word), or /iframe itself. */
  | { kind: 'invalid' }
  /** A well-formed address on a site that is neither this one nor allowed. */
  | { kind: 'disallowed'; host: string };

/** The origins besides our own that /iframe may show: a comma list of http(s) addresses, bad ones dropped. */
export function allowedFrameOrigins(
  configured: string | undefined = import.meta.env.VITE_IFRAME_ORIGINS as string | undefined,
): string[] {
  const origins: string[] = [];
  for (const item of (configured ?? '').split(',')) {
    try {
      const url = new URL(item.trim());
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.push(url.origin);
    } catch {
      /* not an address: ignored */
    }
  }
  return origins;
}

export function frameAddress(
  raw: string | null | undefined,
  origin: string,
  allowed: readonly string[] = allowedFrameOrigins(),
): FrameAddress {
  const text = raw?.trim();
  if (!text) return { kind: 'missing' };
  // A path of this site ('/…', not the protocol-relative '//host'), or an absolute http(s) address.
  const isPath = text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\');
  if (!isPath && !/^https?:\/\//i.test(text)) return { kind: 'invalid' };
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.origin === origin) {
    // The route inside itself would only nest frames.
    if (url.pathname === IFRAME_PATH) return { kind: 'invalid' };
    return { kind: 'ok', src: `${url.pathname}${url.search}${url.hash}` };
  }
  if (allowed.includes(url.origin)) return { kind: 'ok', src: url.href };
  return { kind: 'disallowed', host: url.host };
}
