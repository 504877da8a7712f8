/**
 * Public pages answered with their content in the HTML (issue 25): the built public page
 * (dist/public.html) with the server's render of the address (dist-ssr/public-render.js, built from
 * src/public/server-render.tsx) in its root, the answers it was rendered with for the browser's
 * hydration, its title, language, canonical link and status. Without the render bundle (a development
 * server, `npm run serve` before a build) or when a render fails or runs long, the plain page is sent
 * and the browser renders it, as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, pickLanguage, type Language } from './i18n.ts';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** What the render bundle exports (src/public/server-render.tsx). */
export interface RenderBundle {
  createPublicRenderer(options: {
    call: (url: string, init: RequestInit) => Promise<Response>;
    sanitise: (html: string) => string;
  }): (
    request: { path: string; search: string; language: Language },
    signal?: AbortSignal,
  ) => Promise<{
    html: string;
    data: Record<string, unknown>;
    title?: string;
    canonical?: string;
    status: number;
  }>;
}

type Render = ReturnType<RenderBundle['createPublicRenderer']>;

export const RENDER_FILE = 'public-render.js';
/** The cookie the public page sets when a visitor picks a language (src/public/i18n.ts). */
const LANGUAGE_COOKIE = 'mf_public_lang';
/** A render that takes longer is abandoned for the plain page (the browser renders it). */
const RENDER_DEADLINE_MS = 3000;

export async function loadRenderBundle(dir: string): Promise<RenderBundle | undefined> {
  const file = resolve(dir, RENDER_FILE);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as RenderBundle;
}

function cookieLanguage(header: string | undefined): Language | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(header ?? '');
  const value = match?.[1];
  return isLanguage(value) ? value : undefined;
}

/** ?lang=, else the language the visitor picked on the page (cookie), else Accept-Language. */
export function renderLanguage(req: FastifyRequest): Language {
  const query = (req.query ?? {}) as Record<string, unknown>;
  if (isLanguage(query.lang)) return query.lang;
  return cookieLanguage(req.headers.cookie) ?? pickLanguage(undefined, req.headers['accept-language']);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
/** JSON inside <script type="application/json">: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A plain host[:port] only: a forged Host header cannot put markup or another site in the page. */
function originOf(req: FastifyRequest): string {
  const host = req.headers.host ?? '';
  return `${req.protocol}://${/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? host : 'localhost'}`;
}

export interface PublicPageRenderer {
  /** Answers a public page's address with its rendered HTML (or the plain page). */
  send(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * The bundle is loaded with the first public page asked for, not at start (React's server renderer is
 * not small); without one every public page is the plain page.
 */
export function publicPageRenderer(
  app: FastifyInstance,
  loadBundle: () => Promise<RenderBundle | undefined>,
  options: { staticDir: string; sanitise: (html: string) => string },
): PublicPageRenderer {
  let renderer: Promise<Render | undefined> | undefined;
  const rendererOnce = () => (renderer ??= loadBundle().then((bundle) => bundle && makeRender(bundle)));
  const makeRender = (bundle: RenderBundle) =>
    bundle.createPublicRenderer({
      sanitise: options.sanitise,
      // The page's calls go through the server's own routes: the same validation, limits and answers.
      call: async (url, init) => {
        const res = await app.inject({
          method: (init.method ?? 'GET') as 'GET' | 'POST',
          url,
          headers: (init.headers ?? {}) as Record<string, string>,
          payload: typeof init.body === 'string' ? init.body : undefined,
        });
        return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode });
      },
    });
  let template: string | undefined;
  const plainPage = () => (template ??= readFileSync(resolve(options.staticDir, 'public.html'), 'utf8'));

  return {
    async send(req, reply) {
      const [path, search = ''] = req.url.split('?', 2);
      const language = renderLanguage(req);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), RENDER_DEADLINE_MS);
      let page: Awaited<ReturnType<Render>> | undefined;
      try {
        const render = await rendererOnce();
        if (render) page = await render({ path, search, language }, controller.signal);
      } catch (err) {
        req.log.warn({ err, path }, 'public page not rendered on the server');
      } finally {
        clearTimeout(timer);
      }
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language');
      if (!page) return reply.send(plainPage());
      let html = plainPage()
        .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
        .replace(
          '<div id="root"></div>',
          `<div id="root" data-language="${language}">${page.html}</div>` +
            `<script id="page-data" type="application/json">${scriptJson(page.data)}</script>`,
        );
      if (page.title)
        html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
      if (page.canonical)
        html = html.replace(
          '</head>',
          `<link rel="canonical" href="${escapeHtml(originOf(req) + page.canonical)}" />\n  </head>`,
        );
      return reply.status(page.status).send(html);
    },
  };
}
