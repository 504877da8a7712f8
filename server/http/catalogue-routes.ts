/**
 * Registers one Fastify route per catalogue operation: the path with and without its service prefix,
 * request validation from the catalogue's schemas, the session and permission check, the input guard
 * (input-guard.ts: NUL, invalid Unicode, reserved keys, absurd numbers, deep nesting), then the
 * operation's handler — or state 501 'unsupported' when it has none yet.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Operation } from '../../schemas/catalogue.ts';
import { SERVICE_PREFIX } from '../../schemas/catalogue-types.ts';
import { resolveSession, type AuthContext } from '../auth/session.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { HandlerMap } from './handler.ts';
import { enforceActingLimits } from '../auth/acting-limits.ts';
import { deliverTokens, issuesTokens } from '../auth/refresh-cookie.ts';
import { redeemTicket } from '../files/tickets.ts';
import { authorize } from './access.ts';
import { Code } from './codes.ts';
import { ApiError, unsupported } from './envelope.ts';
import { pickLanguage, translate, type Language } from './i18n.ts';
import { badMultipartBoundary, guardInput } from './input-guard.ts';
import { rememberLanguage } from './errors.ts';
import { watchUploadIdle } from './upload-idle.ts';
import { routeResponseSchemas } from './response-schemas.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
}

/** Parameters the client adds to any call that are not part of an operation's contract. */
const TRANSPORT_QUERY = ['_t', 'lang', 'tenantId'];

/**
 * The request's access token: the Authorization header only. A token in an address ends up in
 * histories, proxy and server logs and Referer headers, so no route takes `?access_token=` (a request
 * carrying one is refused, see below): addresses for img tags, pdf.js and links carry the ticket of a
 * signed link instead (`linkPurpose`, server/files/tickets.ts).
 */
export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || undefined;
  return undefined;
}

export function registerCatalogueRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: ServerConfig; operations: Map<string, Operation>; handlers: HandlerMap },
): void {
  const { db, config, operations, handlers } = deps;
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('auth', null);
  // Set before body parsing so even a rejected body is answered in the caller's language.
  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(
      (req.query as Record<string, unknown> | undefined)?.lang,
      req.headers['accept-language'],
    );
    rememberLanguage(req);
  });

  for (const op of operations.values()) {
    const responses = routeResponseSchemas(op);
    const urls = [`${config.apiBase}${op.path}`, `${config.apiBase}${SERVICE_PREFIX[op.service]}${op.path}`];
    for (const url of urls) {
      app.route({
        method: op.method,
        url,
        // The operation a request was, for the metrics (metrics.ts) and logs.
        config: { operation: op.id },
        schema: {
          ...(op.request?.query ? { querystring: op.request.query } : {}),
          ...(op.request?.body && !op.request.multipart && op.method !== 'GET'
            ? { body: op.request.body }
            : {}),
          ...(responses ? { response: responses } : {}),
        },
        preValidation: [
          async (req) => {
            const query = (req.query ?? {}) as Record<string, unknown>;
            // Refused rather than ignored, so a client still putting its token in addresses learns it.
            if (query.access_token !== undefined)
              throw new ApiError(Code.ILLEGAL_TOKEN, 'auth.token.inAddress');
            const token = bearerToken(req);
            for (const k of TRANSPORT_QUERY) delete query[k];
            // A signed link's ticket stands for its session, for this file on this route only.
            const ticket = op.linkPurpose && !token ? query.ticket : undefined;
            if (op.linkPurpose) delete query.ticket;
            if (typeof ticket === 'string' && ticket) {
              const auth = await redeemTicket(db, config, ticket, {
                purpose: op.linkPurpose!,
                attachmentId: String(query.attachmentId ?? ''),
              });
              await enforceActingLimits(db, config, auth, req.ip);
              if (op.access !== 'public') await authorize(db, op, auth, undefined);
              req.auth = auth;
              return;
            }
            if (op.access === 'public') {
              const auth = token ? await resolveSession(db, token).catch(() => null) : null;
              // An acting session past its limits is no session here either: a public route answers it as
              // it answers anyone (it would otherwise keep reading the tenant's files through them).
              req.auth =
                auth &&
                (await enforceActingLimits(db, config, auth, req.ip).then(
                  () => auth,
                  () => null,
                ));
              return;
            }
            const auth = await resolveSession(db, token);
            await enforceActingLimits(db, config, auth, req.ip);
            const tenantHeader = req.headers['x-tenant-id'];
            await authorize(
              db,
              op,
              auth,
              typeof tenantHeader === 'string' && tenantHeader ? tenantHeader : undefined,
            );
            req.auth = auth;
          },
          // The body once more before the schemas: a key such as `toString` would reach the validator's
          // deep equality (uniqueItems) and fail there as a server error (input-guard.ts).
          async (req) => guardInput({ body: req.body }, req.lang),
        ],
        // After the schemas (and their coercion of query text), before the handler: input no schema
        // refuses but no handler or database can take (input-guard.ts).
        preHandler: async (req, reply) => {
          guardInput({ query: req.query, params: req.params, body: req.body }, req.lang);
          if (op.request?.multipart && req.isMultipart()) {
            if (badMultipartBoundary(req.headers['content-type']))
              throw new ApiError(Code.BAD_REQUEST, 'server.badMultipart');
            watchUploadIdle(req, reply, config.uploadIdleMs);
          }
        },
        handler: async (req, reply) => {
          const handler = handlers[op.id];
          if (!handler) throw unsupported(op.id);
          const data = await handler({
            db,
            config,
            op,
            auth: req.auth,
            query: req.query ?? {},
            body: req.body ?? {},
            lang: req.lang,
            request: req,
            reply,
          });
          // A handler that sent its own reply (a file): its promise resolves once the reply is sent, with
          // nothing (awaiting the reply adopts its then). Answering anything else here would send twice,
          // which Fastify reports with a warning naming the request's whole address.
          if (data === reply || reply.sent || reply.raw.headersSent) return reply;
          return {
            state: Code.SUCCESS,
            message: translate(req.lang, 'server.success'),
            cause: null,
            data: (issuesTokens(op) ? deliverTokens(req, reply, config, data) : data) ?? null,
          };
        },
      });
    }
  }
}

export { ApiError };
