/**
 * CAS ticket validation (CAS protocol 2.0): GET {CAS_URL}/serviceValidate?ticket=…&service=… answers
 *   <cas:serviceResponse><cas:authenticationSuccess><cas:user>name</cas:user>…
 * The service is this app's URL from CAS_SERVICE, never the client's word: a ticket issued to another
 * application must not open a session here.
 */
import type { ServerConfig } from '../config.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';

function decodeXml(s: string): string {
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(s.trim());
  if (cdata) return cdata[1].trim();
  return s
    .trim()
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The user of a CAS 2.0 serviceValidate answer, or null for a failure answer. */
export function parseServiceResponse(xml: string): string | null {
  const success =
    /<(?:[\w-]+:)?authenticationSuccess\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?authenticationSuccess>/.exec(xml);
  if (!success) return null;
  const user = /<(?:[\w-]+:)?user\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?user>/.exec(success[1]);
  const name = user ? decodeXml(user[1]) : '';
  return name || null;
}

export function casConfigured(config: ServerConfig): boolean {
  return Boolean(config.casUrl && config.casService);
}

/** Validates a ticket; answers the CAS user name. */
export async function validateCasTicket(config: ServerConfig, ticket: string): Promise<string> {
  if (!config.casUrl || !config.casService) throw new ApiError(Code.UNSUPPORTED, 'auth.sso.casOff');
  const url = `${config.casUrl}/serviceValidate?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(config.casService)}`;
  let text: string;
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/xml, text/xml' },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await res.text();
  } catch {
    throw new ApiError(503, 'auth.sso.unavailable');
  }
  const user = parseServiceResponse(text);
  if (!user) throw new ApiError(Code.BAD_CREDENTIALS, 'auth.sso.ticketInvalid');
  return user;
}

/** Where the browser ends the CAS session; '' when no CAS server is configured. */
export function casLogoutUrl(config: ServerConfig): string {
  if (!config.casUrl) return '';
  return config.casService
    ? `${config.casUrl}/logout?service=${encodeURIComponent(config.casService)}`
    : `${config.casUrl}/logout`;
}
