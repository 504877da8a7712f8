/** Maps every failure to an envelope with a translated message and the matching HTTP status. */
import { appPageFor } from './public-pages.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, httpStatusFor } from './codes.ts';
import { ApiError, type Envelope } from './envelope.ts';
import { translate, type Language } from './i18n.ts';
import { describeValidationErrors } from './validation.ts';

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
        cause: err.causeDetail,
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
          details: fields.map((f) => `${f.field}: ${f.message}`).join('; '),
        }),
        cause: fields,
        data: null,
      },
    };
  }
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

export function installErrorHandling(app: FastifyInstance, apiBase: string, hasApp: () => boolean): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = envelopeFor(err, langOf(req));
    if (status >= 500 && !(err instanceof ApiError)) req.log.error({ err }, 'request failed');
    // A warning (state 2, 103) goes out as HTTP 200: not through the route's success schema.
    return reply.status(status).serializer(JSON.stringify).send(body);
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const wantsPage =
      req.method === 'GET' &&
      !path.startsWith(`${apiBase}/`) &&
      path !== apiBase &&
      !/\.[a-z0-9]+$/i.test(path);
    // History-mode routes of the app: every other GET gets the app's index page (public ones the public page).
    if (wantsPage && hasApp()) return reply.type('text/html').sendFile(appPageFor(path));
    const lang = langOf(req);
    return reply
      .status(404)
      .send({ state: Code.NOT_FOUND, message: translate(lang, 'error.code.404'), cause: path, data: null });
  });
}
