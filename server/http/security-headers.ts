/**
 * Security headers on every answer (helmet): a Content Security Policy without inline scripts and
 * without eval (the built app loads only its own module scripts, and its forms' validators are compiled
 * at build time: tools/form-validators/; antd writes its styles at run time, so inline styles stay
 * allowed), no framing by other sites (frame-ancestors 'self'), nosniff, a strict referrer policy,
 * HSTS-free (TLS ends at the reverse proxy, which sets it). Menu entries with an http address open in an
 * iframe tab, so frames may come from https: sources; CSP_CONNECT_SRC adds API base addresses the
 * environment dialog may switch to.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerConfig } from '../config.ts';

export function contentSecurityPolicy(config: Pick<ServerConfig, 'cspConnectSrc'>) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // No inline scripts and no eval: the forms' ajv validators are compiled at build time
      // (tools/form-validators/), and pdf.js is told not to try compiling its PostScript functions.
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...config.cspConnectSrc],
      frameSrc: ["'self'", 'https:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  };
}

function helmetOptions(config: ServerConfig): HelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Same-origin frames only (the /iframe route); the CSP's frame-ancestors says the same to new browsers.
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // TLS ends at the reverse proxy: it sets HSTS for the real host name.
    strictTransportSecurity: false,
    // Preview iframes and images are same-origin; the app embeds no cross-origin resources needing CORP.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with these options, worked out once. None of them depends on the request (no
 * nonces, no function directives), and @fastify/helmet rebuilt helmet — re-parsing the CSP — on every
 * request: about 3 % of an employee.query under load.
 */
export function securityHeaders(config: ServerConfig): [string, string][] {
  const headers: [string, string][] = [];
  const capture = {
    setHeader: (name: string, value: string | number | string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined, // X-Powered-By: Fastify never sets it
  };
  helmet(helmetOptions(config))({} as IncomingMessage, capture as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const headers = securityHeaders(config);
  // On the raw response, as helmet does, so what a route sets itself (a file's sandbox CSP) still wins.
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
