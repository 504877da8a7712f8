/** Maps every failure to an envelope with a translated message and the matching HTTP status. */
import { appPageFor } from './public-pages.ts';
import type { PublicPageRenderer } from './public-render.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, httpStatusFor } from './codes.ts';
import { ApiError, type Envelope } from './envelope.ts';
import type { Socket } from 'node:net';
import { DEFAULT_LANGUAGE, translate, type Language } from './i18n.ts';
import { describeValidationErrors } from './validation.ts';
import { detailsText, withFieldLabels } from './field-labels.ts';

function langOf(req: FastifyRequest): Language {
  return req.lang;
}

/** Fastify's own request errors (before any handler runs) and what they mean to a user. */
const FASTIFY_ERRORS: Record<string, { status: number; key: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'server.bodyTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'server.unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'server.malformedBody' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'server.emptyBody' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'server.malformedJson' },
};

/**
 * What the multipart parser (@fastify/busboy, through @fastify/multipart) throws at a malformed body: a
 * boundary it cannot use, a body that ends mid-part. The catalogue routes refuse a bad boundary before
 * the handler; these are the same refusal when the body itself is broken.
 */
const MULTIPART_PARSE_ERROR =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Malformed part header)$/;

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a value out of range, not a valid date or number, a
 * character it cannot store) and 54000 (a value too long for an index): the database refusing a value
 * the request carried. The input guard and the handlers refuse such values first; this is the net
 * below them, so a value that slips through is still a translated 400 (and logged), never a 500.
 */
function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '54000');
}

export function envelopeFor(
  err: FastifyError | ApiError | Error,
  lang: Language,
): { status: number; body: Envelope<null> } {
  if (err instanceof ApiError) {
    return {
      status: httpStatusFor(err.code),
      body: {
        state: err.code,
        message: translate(lang, err.key, err.params),
        cause: withFieldLabels(err.causeDetail, lang),
        data: null,
      },
    };
  }
  const fe = err as FastifyError;
  if (fe.validation) {
    const fields = describeValidationErrors(fe.validation as never, lang);
    return {
      status: 400,
      body: {
        state: Code.ILLEGAL_REQUEST,
        message: translate(lang, 'server.invalidRequest', {
          details: detailsText(fields),
        }),
        cause: fields,
        data: null,
      },
    };
  }
  if (MULTIPART_PARSE_ERROR.test(err.message ?? '') && !fe.statusCode)
    return {
      status: 400,
      body: { state: 400, message: translate(lang, 'server.badMultipart'), cause: null, data: null },
    };
  if (isDataException(err))
    return {
      status: 400,
      body: {
        state: Code.ILLEGAL_REQUEST,
        message: translate(lang, 'server.badValue'),
        cause: null,
        data: null,
      },
    };
  const known = fe.code ? FASTIFY_ERRORS[fe.code] : undefined;
  if (known)
    return {
      status: known.status,
      body: { state: known.status, message: translate(lang, known.key), cause: null, data: null },
    };
  if (err instanceof SyntaxError || (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)) {
    const status = fe.statusCode ?? 400;
    return {
      status,
      body: { state: status, message: translate(lang, 'server.malformedBody'), cause: null, data: null },
    };
  }
  return {
    status: 500,
    body: { state: Code.SERVER_ERROR, message: translate(lang, 'error.code.500'), cause: null, data: null },
  };
}

export function installErrorHandling(
  app: FastifyInstance,
  apiBase: string,
  hasApp: () => boolean,
  /** Answers a public page's address with its content rendered (public-render.ts), when available. */
  publicPage?: () => PublicPageRenderer | undefined,
): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = envelopeFor(err, langOf(req));
    if (status >= 500 && !(err instanceof ApiError)) req.log.error({ err }, 'request failed');
    // A value the database refused is the client's mistake, but one the door should have stopped.
    else if (isDataException(err))
      req.log.warn({ err: String(err), url: req.routeOptions.url }, 'value refused by the database');
    // A warning (state 2, 103) goes out as HTTP 200: not through the route's success schema.
    return reply.status(status).serializer(JSON.stringify).send(body);
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    // HEAD too: link checkers and monitors ask an address with HEAD and must get what GET gets.
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !path.startsWith(`${apiBase}/`) &&
      path !== apiBase &&
      !/\.[a-z0-9]+$/i.test(path);
    // History-mode routes of the app: every other GET gets the app's index page (public ones the public page).
    if (wantsPage && hasApp()) {
      const page = appPageFor(path);
      const renderer = page === 'public.html' ? publicPage?.() : undefined;
      if (renderer) return renderer.send(req, reply);
      return reply.type('text/html').sendFile(page);
    }
    const lang = langOf(req);
    return reply
      .status(404)
      .send({ state: Code.NOT_FOUND, message: translate(lang, 'error.code.404'), cause: path, data: null });
  });
}

/** The language of the last request seen on each connection, for answers the connection itself needs. */
const socketLanguage = new WeakMap<Socket, Language>();

export function rememberLanguage(req: FastifyRequest): void {
  if (req.raw.socket) socketLanguage.set(req.raw.socket, req.lang);
}

/**
 * Fastify's clientErrorHandler: what Node's HTTP parser refuses before (or while) a request reaches a
 * route — a request not received within REQUEST_TIMEOUT_SECONDS (408), a body that ends before its
 * declared length (400), headers too large (431), unparsable bytes (400) — answered with a translated
 * envelope (in the connection's last language) instead of Fastify's plain JSON, then the connection closes.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const lang = socketLanguage.get(socket) ?? DEFAULT_LANGUAGE;
  const [status, reason, key] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'server.requestTimeout']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'server.malformedBody']
        : err.code === 'HPE_INVALID_EOF_STATE'
          ? [400, 'Bad Request', 'server.incompleteBody']
          : [400, 'Bad Request', 'server.malformedBody'];
  const body = JSON.stringify({ state: status, message: translate(lang, key), cause: null, data: null });
  // Once the answer is out the connection goes, whatever the client does with its end of it.
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
