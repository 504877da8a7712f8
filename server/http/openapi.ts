/**
 * The API catalogue as OpenAPI 3.1 (`<API_BASE>/openapi.json`) and a reference page (`<API_BASE>/docs`),
 * both built from schemas/api and schemas/entities at start, so they can never drift from the routes.
 * The page is plain HTML with <details> (no script, no CDN): it works behind the app's CSP and offline.
 */
import type { FastifyInstance } from 'fastify';
import type { Operation } from '../../schemas/catalogue.ts';
import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import type { ServerConfig } from '../config.ts';
import { pickLanguage, translate, type Language } from './i18n.ts';

type Json = Record<string, unknown>;

/** Entity refs (`{ $ref: employee }`) become component refs; draft-07 markers are dropped. */
function toComponents(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toComponents);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === '$id') continue;
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#'))
      out.$ref = `#/components/schemas/${value}`;
    else out[key] = toComponents(value);
  }
  return out;
}

const ENVELOPE_ERROR = {
  description: 'An envelope whose state is not 200: its message says why, translated.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/envelope' } } },
};

function queryParameters(schema: JsonSchema | undefined): Json[] {
  if (!schema) return [];
  const s = schema as { properties?: Record<string, unknown>; required?: string[]; $ref?: string };
  if (!s.properties) return [];
  return Object.entries(s.properties).map(([name, prop]) => ({
    name,
    in: 'query',
    required: (s.required ?? []).includes(name),
    schema: toComponents(prop),
  }));
}

function operationObject(op: Operation): Json {
  const success = op.binary
    ? { description: 'The file itself.', content: { 'application/octet-stream': {} } }
    : {
        description: 'The envelope with state 200; data as described.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                state: { const: 200 },
                message: { type: 'string' },
                data: op.response ? toComponents(op.response) : { type: 'null' },
              },
            },
          },
        },
      };
  const body = op.request?.body;
  return {
    operationId: op.id,
    summary: op.summary,
    tags: [op.area],
    ...(op.access === 'public' ? { security: [] } : {}),
    'x-access': op.access,
    'x-permission': op.permission,
    ...(queryParameters(op.request?.query).length ? { parameters: queryParameters(op.request?.query) } : {}),
    ...(body || op.request?.multipart
      ? {
          requestBody: {
            required: true,
            content: op.request?.multipart
              ? {
                  'multipart/form-data': {
                    schema: {
                      type: 'object',
                      properties: { file: { type: 'string', format: 'binary' } },
                    },
                  },
                }
              : { 'application/json': { schema: toComponents(body) } },
          },
        }
      : {}),
    responses: { '200': success, default: ENVELOPE_ERROR },
  };
}

export function buildOpenApi(
  operations: Map<string, Operation>,
  entities: JsonSchema[],
  apiBase: string,
  version: string,
): Json {
  const paths: Record<string, Json> = {};
  for (const op of [...operations.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  }
  const schemas: Json = {};
  for (const e of entities) schemas[String((e as { $id: string }).$id)] = toComponents(e);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Merger filing API (经营者集中申报)',
      version,
      description:
        'Every call answers an envelope {state, message, data}. Send the access token as `Authorization: Bearer …`; the tenant comes from the session.',
    },
    servers: [{ url: apiBase || '/' }],
    security: [{ bearer: [] }],
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The reference page: areas, and per operation its call, rule, request and answer. */
export function renderApiDocs(operations: Map<string, Operation>, apiBase: string, lang: Language): string {
  const t = (key: string, params?: Record<string, unknown>) =>
    translate(lang, `server.apiDocs.${key}`, params);
  const byArea = new Map<string, Operation[]>();
  for (const op of operations.values())
    (byArea.get(op.area) ?? byArea.set(op.area, []).get(op.area)!).push(op);
  const block = (title: string, schema: unknown) =>
    schema === undefined
      ? ''
      : `<p>${escape(title)}</p><pre>${escape(JSON.stringify(schema, null, 2))}</pre>`;
  const areas = [...byArea.keys()].sort();
  const sections = areas.map((area) => {
    const ops = byArea.get(area)!.sort((a, b) => a.path.localeCompare(b.path));
    const items = ops
      .map(
        (op) => `<details id="${escape(op.id)}"><summary><span class="m ${op.method}">${op.method}</span>
<code>${escape(apiBase + op.path)}</code> ${escape(op.summary)}</summary>
<p>${escape(t('rule', { id: op.id, access: op.access, permission: op.permission }))}</p>
${block(t('query'), op.request?.query)}${block(t('body'), op.request?.body)}${block(t('response'), op.response)}</details>`,
      )
      .join('\n');
    return `<section><h2 id="area-${escape(area)}">${escape(area)} <small>${escape(t('count', { count: ops.length }))}</small></h2>\n${items}</section>`;
  });
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escape(t('title'))}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#1f1f1f}
summary{cursor:pointer;padding:4px 0}code{font-size:13px}pre{background:#f5f5f5;padding:8px;overflow:auto;font-size:12px}
.m{display:inline-block;min-width:44px;font-weight:600;color:#fff;border-radius:3px;text-align:center;margin-right:6px}
.GET{background:#1a5fb4}.POST{background:#2e7d1e}small{color:#595959;font-weight:normal}nav a{margin-right:10px}</style></head>
<body><h1>${escape(t('title'))}</h1><p>${escape(t('intro'))} <a href="${escape(apiBase)}/openapi.json">openapi.json</a></p>
<nav>${areas.map((a) => `<a href="#area-${escape(a)}">${escape(a)}</a>`).join('')}</nav>
${sections.join('\n')}</body></html>`;
}

export function registerOpenApiRoutes(
  app: FastifyInstance,
  deps: { operations: Map<string, Operation>; entities: JsonSchema[]; config: ServerConfig; version: string },
): void {
  const { operations, entities, config, version } = deps;
  const document = JSON.stringify(buildOpenApi(operations, entities, config.apiBase, version));
  app.get(`${config.apiBase}/openapi.json`, async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
  const pages = new Map<Language, string>();
  app.get(`${config.apiBase}/docs`, async (req, reply) => {
    const lang = pickLanguage((req.query as { lang?: unknown }).lang, req.headers['accept-language']);
    let page = pages.get(lang);
    if (!page) pages.set(lang, (page = renderApiDocs(operations, config.apiBase, lang)));
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
