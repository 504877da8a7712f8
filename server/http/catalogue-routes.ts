/**
 * Registers one Fastify route per catalogue operation: the path with and without its service prefix,
 * request validation from the catalogue's schemas, the session and permission check, then the
 * operation's handler — or state 501 'unsupported' when it has none yet.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Operation } from '../../schemas/catalogue.ts';
import { SERVICE_PREFIX } from '../../schemas/catalogue-types.ts';
import { resolveSession, type AuthContext } from '../auth/session.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { HandlerMap } from '../modules/handler.ts';
import { enforceActingLimits } from '../auth/acting-limits.ts';
import { authorize } from './access.ts';
import { Code } from './codes.ts';
import { ApiError, unsupported } from './envelope.ts';
import { pickLanguage, translate, type Language } from './i18n.ts';
import { routeResponseSchemas } from './response-schemas.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
}

/** Parameters the client adds to any call that are not part of an operation's contract. */
const TRANSPORT_QUERY = ['_t', 'lang', 'access_token', 'tenantId'];

/**
 * The request's access token: the Authorization header; the query's access_token only where the
 * operation allows it (`queryToken`: file preview, download and image addresses used in img and iframe
 * tags, spec §7), because a token in an address ends up in histories, logs and Referer headers.
 */
export function bearerToken(req: FastifyRequest, allowQuery = false): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || undefined;
  if (!allowQuery) return undefined;
  const q = (req.query as Record<string, unknown> | undefined)?.access_token;
  return typeof q === 'string' && q ? q : undefined;
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
  });

  for (const op of operations.values()) {
    const responses = routeResponseSchemas(op);
    const urls = [`${config.apiBase}${op.path}`, `${config.apiBase}${SERVICE_PREFIX[op.service]}${op.path}`];
    for (const url of urls) {
      app.route({
        method: op.method,
        url,
        schema: {
          ...(op.request?.query ? { querystring: op.request.query } : {}),
          ...(op.request?.body && !op.request.multipart && op.method !== 'GET'
            ? { body: op.request.body }
            : {}),
          ...(responses ? { response: responses } : {}),
        },
        preValidation: async (req) => {
          const query = (req.query ?? {}) as Record<string, unknown>;
          const token = bearerToken(req, op.queryToken === true);
          for (const k of TRANSPORT_QUERY) delete query[k];
          if (op.access === 'public') {
            req.auth = token ? await resolveSession(db, token).catch(() => null) : null;
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
          if (data === reply) return reply;
          return {
            state: Code.SUCCESS,
            message: translate(req.lang, 'server.success'),
            cause: null,
            data: data ?? null,
          };
        },
      });
    }
  }
}

export { ApiError };
