/**
 * Builds the Fastify app: API catalogue routes under the base address, the built front end at '/'
 * with history fallback, envelope errors. Built by a function so tests start it in-process.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import { loadCatalogue, loadEntities, type Operation } from '../schemas/catalogue.ts';
import type { JsonSchema } from '../schemas/catalogue-types.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { registerCatalogueRoutes } from './http/catalogue-routes.ts';
import { loggerOptions } from './http/log-redaction.ts';
import { forSerialising } from './http/response-schemas.ts';
import { installOperationLog } from './audit/operation-log.ts';
import { answerClientError, installErrorHandling } from './http/errors.ts';
import { installJsonBodies } from './http/json-body.ts';
import { loadRenderBundle, publicPageRenderer, type RenderBundle } from './http/public-render.ts';
import { sanitizeMessageHtml } from './modules/messages/sanitize.ts';
import { installAssetRoute } from './http/static-assets.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installHealthRoutes } from './http/health.ts';
import { installMetrics } from './http/metrics.ts';
import { buildValidatorCompiler } from './http/validation.ts';
import { allHandlers } from './modules/index.ts';
import { registerTusRoutes } from './files/tus.ts';
import { installTusSweep } from './files/tus-sweep.ts';
import { registerSitemapRoutes } from './modules/public/sitemap.ts';
import { registerOpenApiRoutes } from './http/openapi.ts';
import packageJson from '../package.json' with { type: 'json' };
import type { HandlerMap } from './http/handler.ts';
import { lazySerializers } from './http/lazy-serializers.ts';
import { openEventBus } from './events/bus.ts';
import { streamRegistry } from './events/streams.ts';
import { carryCacheInvalidations } from './events/cache-invalidation.ts';
import { installMembershipEvents } from './events/membership.ts';
import { routeMessageEvents } from './modules/messages/stream-handlers.ts';
import { routeScreenConfigEvents } from './modules/screen-config/events.ts';

export const BODY_LIMIT = 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  operations: Map<string, Operation>;
}

export interface BuildOptions {
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Handlers by operation id; tests may pass fewer to see the 501 path. */
  handlers?: HandlerMap;
  /** Run the filing deadline workers (default: FILING_WORKERS !== 'false'); false only enqueues. */
  filingWorkers?: boolean;
  /** How often the filing workers poll for due jobs (default 2 s). */
  filingPollSeconds?: number;
  /** Distinct addresses per alert batch job (default ALERT_PAGE_SIZE, 500); tests use fewer. */
  alertPageSize?: number;
  /** Start the filing deadline jobs in the background, after the server is ready (npm start). */
  backgroundJobs?: boolean;
  /** The public pages' server render (default: dist-ssr/public-render.js when built; tests pass the source). */
  renderBundle?: () => Promise<RenderBundle | undefined>;
  /** Sees every route as it is registered (tests check that each catalogue route has its schemas). */
  onRoute?: (route: RouteOptions) => void;
  /** The process's job queue (start.ts), for /ready and the metrics. */
  jobQueue?: { state(): 'starting' | 'running' | 'stopped' | 'failed' };
}

export async function buildApp(db: Db, config: ServerConfig, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    // Addresses, error texts and messages are logged with their query values redacted (log-redaction.ts).
    logger: opts.logger ? loggerOptions(config.logLevel, opts.logStream) : false,
    bodyLimit: BODY_LIMIT,
    // Only a configured proxy may name the client's address (per-IP limits depend on it).
    // (Fastify's overloads reject the union type; each member is a valid value at run time.)
    ...(config.trustProxy === false ? {} : { trustProxy: config.trustProxy as string[] }),
    // Token-bearing query strings must not end up in logs, so per-request lines are off.
    logController: new LogController({ disableRequestLogging: true }),
    // Each route's response serialiser is compiled on its first answer, not while starting.
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    // Every request has a deadline to arrive whole (408), every connection one for silence; an upload
    // that stalls is ended sooner (UPLOAD_IDLE_SECONDS, catalogue-routes.ts). What Node's parser refuses
    // is answered with a translated envelope (errors.ts).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionIdleMs,
    clientErrorHandler: answerClientError,
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  installJsonBodies(app);
  const operations = loadCatalogue();
  const entities = loadEntities();
  app.setValidatorCompiler(buildValidatorCompiler(entities));
  // Response schemas refer to the entities by $id (response-schemas.ts); only they read this store.
  for (const e of entities) app.addSchema(forSerialising(e) as JsonSchema);

  installSecurityHeaders(app, config);
  const staticDir = resolve(config.staticDir);
  const hasApp = existsSync(resolve(staticDir, 'index.html'));
  if (hasApp) {
    // One wildcard route that looks a file up when asked, rather than a route per built file made by
    // walking dist/ at every start (some 900 routes with their HEAD twins).
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: ['index.html'],
      dotfiles: 'ignore',
      // The build stores scripts and styles gzip-compressed beside themselves (tools/vite-precompress.ts).
      preCompressed: true,
      // Built files under assets/ are named by their content: a browser keeps them and never asks again.
      // The pages that name them (index.html, public.html) are checked with the server on every load.
      setHeaders: (reply, path) =>
        reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
    installAssetRoute(app, staticDir);
  }
  // Uploads are read as streams by their handler (server/modules/files): nothing is buffered whole.
  await app.register(fastifyMultipart, { limits: { fileSize: Number.MAX_SAFE_INTEGER } });
  const publicPages = hasApp
    ? publicPageRenderer(app, opts.renderBundle ?? (() => loadRenderBundle(resolve(config.ssrDir))), {
        staticDir,
        sanitise: sanitizeMessageHtml,
      })
    : undefined;
  installErrorHandling(
    app,
    config.apiBase,
    () => hasApp,
    () => publicPages,
  );
  (await import('./auth/acting-audit.ts')).installActingAudit(app, db, config, operations);
  installOperationLog(app, db, config, operations);
  // Events between requests and processes (bus.ts), and the open bell streams they reach.
  const events = openEventBus(db, config.databaseUrl);
  const streams = streamRegistry(db, events, config.streamSweepMs);
  const stopRouting = routeMessageEvents(db, events, streams);
  const stopScreens = routeScreenConfigEvents(events, streams);
  const stopInvalidations = carryCacheInvalidations(db, events);
  installMembershipEvents(app, config, operations, events);
  app.decorate('events', events);
  app.decorate('streams', streams);
  // Open streams end before the server stops listening (it would otherwise wait for them).
  app.addHook('preClose', async () => {
    stopRouting();
    stopScreens();
    stopInvalidations();
    streams.close();
  });
  app.addHook('onClose', async () => events.close());
  // With PostgreSQL, listen before serving: an event published meanwhile would reach no stream here.
  app.addHook('onReady', async () => events.ready());
  // For the load balancer and Prometheus (issue 28): /health, /ready, /metrics.
  const queueState = opts.jobQueue && (() => opts.jobQueue!.state());
  installHealthRoutes(app, { db, jobQueue: queueState });
  installMetrics(app, {
    openStreams: () => streams.size(),
    jobQueueUp: queueState && (() => (queueState() === 'running' ? 1 : 0)),
    token: config.metricsToken,
  });
  registerCatalogueRoutes(app, { db, config, operations, handlers: opts.handlers ?? allHandlers });
  await registerTusRoutes(app, db, config);
  registerSitemapRoutes(app, db);
  installTusSweep(app, config);
  registerOpenApiRoutes(app, { operations, entities, config, version: packageJson.version });
  return { app, operations };
}
