/**
 * Responses are serialised by the catalogue's response schemas (server/http/response-schemas.ts): a
 * field an operation does not declare never leaves the server, a write-only field (a password) is
 * never sent back, null stays null, an operation without a response answers data null, and error
 * envelopes (warnings sent as HTTP 200 included) pass unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { loadCatalogue } from '../../schemas/catalogue.ts';
import { SERVICE_PREFIX } from '../../schemas/catalogue-types.ts';
import { Code } from '../../server/http/codes.ts';
import { ApiError } from '../../server/http/envelope.ts';
import { routeResponseSchemas } from '../../server/http/response-schemas.ts';
import type { HandlerMap } from '../../server/http/handler.ts';
import { allHandlers } from '../../server/modules/index.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';

describe('response schemas', () => {
  it('exist for every operation that answers with an envelope', () => {
    const ops = [...loadCatalogue().values()];
    for (const op of ops) {
      const schemas = routeResponseSchemas(op);
      if (op.binary) expect(schemas, op.id).toBeUndefined();
      else expect(schemas?.[200], op.id).toMatchObject({ properties: { data: expect.any(Object) } });
    }
  });

  it('are on every registered route of a catalogue operation (both of its addresses)', async () => {
    const routes: RouteOptions[] = [];
    const t = await startTestServer('pglite', {}, { onRoute: (r) => void routes.push(r) });
    try {
      const byUrl = new Map(routes.map((r) => [`${String(r.method)} ${r.url}`, r]));
      const missing: string[] = [];
      let checked = 0;
      for (const op of loadCatalogue().values()) {
        const urls = [
          `${t.config.apiBase}${op.path}`,
          `${t.config.apiBase}${SERVICE_PREFIX[op.service]}${op.path}`,
        ];
        for (const url of urls) {
          const route = byUrl.get(`${op.method} ${url}`);
          expect(route, `${op.id} ${url}`).toBeDefined();
          const response = (route!.schema?.response ?? {}) as Record<string, unknown>;
          checked += 1;
          if (!op.binary && !response[200]) missing.push(`${op.id} ${url}`);
        }
      }
      expect(missing).toEqual([]);
      expect(checked).toBeGreaterThan(100);
    } finally {
      await t.close();
    }
  });
});

describe('responses serialised by schema', () => {
  let t: TestServer;
  let admin: string;
  // Handlers that return more than their operation declares, as a careless handler might.
  const handlers: HandlerMap = {
    ...allHandlers,
    'org.get': async () => ({
      id: 'o1',
      name: '总部',
      code: 'hq',
      grade: null,
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$secret',
      internal: { tenantSchema: 'tenant_demo' },
    }),
    'user.getByAccount': async () => ({ id: 'e1', account: 'someone', name: '某人', password: 'Secret#123' }),
    'org.remove': async () => ({ removed: ['o1'], secret: 'x' }),
    'org.saveSort': async () => {
      throw new ApiError(Code.WARNING, 'auth.phone.oldMismatch', {}, [{ field: 'ids', message: 'm' }]);
    },
  };

  beforeAll(async () => {
    t = await startTestServer('pglite', {}, { handlers });
    admin = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  it('leaves out every field the response schema does not declare', async () => {
    const res = await call(t, 'GET', '/org/get?id=o1', { token: admin });
    expect(res.body).toEqual({
      state: 200,
      message: expect.any(String),
      cause: null,
      data: { id: 'o1', name: '总部', code: 'hq', grade: null },
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('never sends a write-only field back, though the entity declares it', async () => {
    const res = await call(t, 'GET', '/user/getByAccount?account=someone', { token: admin });
    expect(res.body.data).toEqual({ id: 'e1', account: 'someone', name: '某人' });
  });

  it('answers data null for an operation without a response', async () => {
    const res = await call(t, 'POST', '/org/remove?ids=o1', { token: admin });
    expect(res.body).toMatchObject({ state: 200, data: null });
  });

  it('keeps nulls as nulls and real records whole', async () => {
    const tree = await call(t, 'POST', '/position/findTreeData', { token: admin, body: {} });
    const gm = tree.body.data[0].children[0];
    expect(gm).toMatchObject({ name: '总经理', code: 'gm', disabled: false, isParent: true });
    expect(gm.orgName).toBe('集团总部');
    const below = await call(t, 'POST', '/position/findTreeData', {
      token: admin,
      body: { parentId: gm.id },
    });
    expect(below.body.data.every((n: { code?: unknown }) => typeof n.code === 'string')).toBe(true);
  });

  it('sends error envelopes, warnings with HTTP 200 included, unchanged', async () => {
    const warning = await call(t, 'POST', '/org/saveSort?ids=a,b', { token: admin });
    expect(warning.status).toBe(200);
    expect(warning.body).toMatchObject({
      state: Code.WARNING,
      cause: [{ field: 'ids', message: 'm' }],
      data: null,
    });
    expect(warning.body.message).not.toBe('');
    const invalid = await call(t, 'POST', '/org/save', { token: admin, body: { name: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.state).toBe(6010101);
    expect(Array.isArray(invalid.body.cause)).toBe(true);
  });
});
