/** What a handler of one catalogue operation receives and returns. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Operation } from '../../schemas/catalogue.ts';
import type { AuthContext } from '../auth/session.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Language } from '../http/i18n.ts';

export interface HandlerContext<Q = any, B = any> {
  db: Db;
  config: ServerConfig;
  op: Operation;
  /** Null only for public operations called without a token. */
  auth: AuthContext | null;
  query: Q;
  body: B;
  lang: Language;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Returns the envelope's data. A handler that sends its own reply (binary downloads) returns the
 * reply object instead.
 */
export type Handler = (ctx: HandlerContext) => Promise<unknown>;

export type HandlerMap = Record<string, Handler>;

/** Handlers that need a tenant get its schema; the access check guarantees it is set. */
export function tenantSchemaOf(ctx: HandlerContext): string {
  const schema = ctx.auth?.tenantSchema;
  if (!schema) throw new Error(`operation ${ctx.op.id} reached its handler without a tenant`);
  return schema;
}

export function authOf(ctx: HandlerContext): AuthContext {
  if (!ctx.auth) throw new Error(`operation ${ctx.op.id} reached its handler without a session`);
  return ctx.auth;
}
