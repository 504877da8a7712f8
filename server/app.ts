/**
 * Builds the Fastify app: API catalogue routes under the base address, the built front end at '/'
 * with history fallback, envelope errors. Built by a function so tests start it in-process.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { loadCatalogue, loadEntities, type Operation } from '../schemas/catalogue.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { registerCatalogueRoutes } from './http/catalogue-routes.ts';
import { installErrorHandling } from './http/errors.ts';
import { buildValidatorCompiler } from './http/validation.ts';
import { allHandlers } from './modules/index.ts';
import type { HandlerMap } from './modules/handler.ts';

export const BODY_LIMIT = 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  operations: Map<string, Operation>;
}

export interface BuildOptions {
  logger?: boolean;
  /** Handlers by operation id; tests may pass fewer to see the 501 path. */
  handlers?: HandlerMap;
}

export async function buildApp(db: Db, config: ServerConfig, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger ? { level: config.logLevel } : false,
    bodyLimit: BODY_LIMIT,
    // Only a configured proxy may name the client's address (per-IP limits depend on it).
    // (Fastify's overloads reject the union type; each member is a valid value at run time.)
    ...(config.trustProxy === false ? {} : { trustProxy: config.trustProxy as string[] }),
    // Token-bearing query strings must not end up in logs, so per-request lines are off.
    logController: new LogController({ disableRequestLogging: true }),
  });
  const operations = loadCatalogue();
  app.setValidatorCompiler(buildValidatorCompiler(loadEntities()));

  const staticDir = resolve(config.staticDir);
  const hasApp = existsSync(resolve(staticDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: ['index.html'] });
  }
  installErrorHandling(app, config.apiBase, () => hasApp);
  (await import('./auth/acting-audit.ts')).installActingAudit(app, db, config, operations);
  registerCatalogueRoutes(app, { db, config, operations, handlers: opts.handlers ?? allHandlers });
  return { app, operations };
}
