/**
 * What the server log may say about a request. Addresses carry secrets now and then (a signed link's
 * ticket, an old client's access_token, an SSO code), and Fastify names the whole address in some of its
 * own lines (e.g. 'Reply was already sent … in "/api/…?…"'). So every logged address keeps its path and
 * the names of its query parameters, but only the values of a few harmless ones; bearer headers quoted in
 * a message are cut too. Applied to the request serialiser, to error messages and stacks, and to every
 * message text (pino's logMethod hook).
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters whose values tell what was asked for and never who asked. */
const SHOWN = new Set(['attachmentId', 'id', 'ids', 'lang', '_t', 'format', 'tenantId', 'page', 'size']);

/** The query string (without '?') with every value but the harmless ones replaced. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return SHOWN.has(name) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
}

/** An address as the log may show it. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = hash < 0 ? url.slice(q + 1) : url.slice(q + 1, hash);
  return `${url.slice(0, q)}?${redactQuery(query)}${hash < 0 ? '' : url.slice(hash)}`;
}

/** A log text with the query strings of the addresses in it redacted, and bearer headers cut. */
export function redactLogText(text: string): string {
  return text
    .replace(/\?[^\s"'<>`]+/g, (query) => `?${redactQuery(query.slice(1))}`)
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`);
}

interface LoggedError {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  statusCode?: unknown;
}

/** Fastify's logger options: the level, an optional destination (tests read it), the redactions. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        hostname: req.hostname,
        remoteAddress: req.ip,
      }),
      err: (err: LoggedError) => ({
        type: typeof err?.name === 'string' ? err.name : 'Error',
        message: redactLogText(typeof err?.message === 'string' ? err.message : String(err?.message ?? '')),
        stack: typeof err?.stack === 'string' ? redactLogText(err.stack) : '',
        code: err?.code,
        statusCode: err?.statusCode,
      }),
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactLogText(a) : a)),
        );
      },
    },
  };
}
