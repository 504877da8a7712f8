/**
 * What a handler of one catalogue operation receives and returns. `defineHandlers` types each handler
 * from the operation types generated from the catalogue (schemas/generated/operations.ts,
 * `npm run gen:types`): its query, body and result are the catalogue's, so a catalogue change that a
 * handler does not follow fails the type check.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Operation } from '../../schemas/catalogue.ts';
import type { ApiOperations, OperationId } from '../../schemas/generated/operations.ts';
import type { AuthContext } from '../auth/session.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Language } from './i18n.ts';
import type { ListRequest } from './list-query.ts';

export type { OperationId };

export interface HandlerContext<Q = unknown, B = unknown> {
  db: Db;
  config: ServerConfig;
  op: Operation;
  /** Null only for public operations called without a token. */
  auth: AuthContext | null;
  /** The query string, validated against the operation's query schema ({} when it has none). */
  query: Q;
  /** The JSON body, validated against the operation's body schema ({} when it has none). */
  body: B;
  lang: Language;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What helpers shared by list operations receive: any query, the list request as body. */
export type ListContext = HandlerContext<unknown, ListRequest>;

/** A part the operation does not take (`never` in the generated map) arrives as an empty object. */
type Part<T> = [T] extends [never] ? Record<string, never> : T;

export type OperationQuery<Id extends OperationId> = Part<ApiOperations[Id]['query']>;
export type OperationBody<Id extends OperationId> = Part<ApiOperations[Id]['body']>;

/**
 * The envelope's data: the operation's response type; a binary download (response Blob) sends its
 * own reply and returns it; an operation without a response returns null.
 */
export type OperationResult<Id extends OperationId> = ApiOperations[Id]['response'] extends Blob
  ? FastifyReply
  : unknown extends ApiOperations[Id]['response']
    ? null
    : Serialisable<ApiOperations[Id]['response']>;

/**
 * What the response serialiser (server/http/response-schemas.ts) turns into `T`: every scalar may be
 * null (its schemas are made nullable), and a Date stands for a free string (fast-json-stringify
 * writes it as ISO 8601, as JSON.stringify would), never for an enum; and a field may be missing (the
 * serialiser's schemas require nothing, so that a good answer is never turned into a 500). The shape (field names, nesting, enums) stays the
 * catalogue's, so a handler that returns a field under another name or of another kind fails to compile.
 */
export type Serialisable<T> = T extends string
  ? string extends T
    ? T | Date | null
    : T | null
  : T extends number | boolean
    ? T | null
    : T extends readonly (infer U)[]
      ? readonly Serialisable<U>[]
      : T extends object
        ? { [K in keyof T]?: Serialisable<T[K]> }
        : T;

/** The handler of operation `Id`, typed by the catalogue. */
export type Handler<Id extends OperationId> = (
  ctx: HandlerContext<OperationQuery<Id>, OperationBody<Id>>,
) => Promise<OperationResult<Id>>;

/** Typed handlers keyed by operation id: a key that is no operation id does not compile. */
export type TypedHandlers = { [Id in OperationId]?: Handler<Id> };

/**
 * How the router calls a handler. Returns the envelope's data; a handler that sends its own reply
 * (binary downloads) returns the reply object instead.
 */
export type RoutedHandler = (ctx: HandlerContext) => Promise<unknown>;

/** Every handler keyed by operation id; an operation without one answers 501 'unsupported'. */
export type HandlerMap = Record<string, RoutedHandler>;

/**
 * Types each handler by its operation. The router validates query and body against the same
 * catalogue schemas the types are generated from, so it may call them as RoutedHandler.
 */
export function defineHandlers(handlers: TypedHandlers): HandlerMap {
  return handlers as unknown as HandlerMap;
}

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
