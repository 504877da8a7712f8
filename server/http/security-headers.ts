/**
 * Security headers on every answer (@fastify/helmet): a Content Security Policy without inline scripts
 * (the built app loads only its own module scripts; antd writes its styles at run time, so inline styles
 * stay allowed, and the forms' ajv compiles validators at run time, so eval does too), no framing by other sites (frame-ancestors 'self'), nosniff, a strict referrer policy,
 * HSTS-free (TLS ends at the reverse proxy, which sets it). Menu entries with an http address open in an
 * iframe tab, so frames may come from https: sources; CSP_CONNECT_SRC adds API base addresses the
 * environment dialog may switch to.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

export function contentSecurityPolicy(config: Pick<ServerConfig, 'cspConnectSrc'>) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // No inline scripts. 'unsafe-eval' stays until the forms' validators are precompiled: ajv (under
      // rjsf) compiles each schema into a function at run time.
      scriptSrc: ["'self'", "'unsafe-eval'"],
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

export async function installSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Same-origin frames only (the /iframe route); the CSP's frame-ancestors says the same to new browsers.
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // TLS ends at the reverse proxy: it sets HSTS for the real host name.
    strictTransportSecurity: false,
    // Preview iframes and images are same-origin; the app embeds no cross-origin resources needing CORP.
    crossOriginEmbedderPolicy: false,
  });
}
