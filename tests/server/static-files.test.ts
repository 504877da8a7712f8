/**
 * The built app's files (app.ts: one wildcard static route): a built file is served as itself, an app
 * address without a file gets the app's page (the public page for public addresses), and a missing
 * file or API address gets the 404 envelope, never a page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

describe('static files of the built app', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mf-static-'));
  let t: TestServer;
  const get = (path: string) => fetch(`${t.baseUrl}${path}`);

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'public.html'), '<!doctype html><title>public</title>');
    writeFileSync(join(dir, 'assets', 'main-abc.js'), 'console.log(1);');
    writeFileSync(join(dir, '.secret'), 'no');
    t = await startTestServer('pglite', { staticDir: dir });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a built file as itself', async () => {
    const r = await get('/assets/main-abc.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/javascript/);
    expect(await r.text()).toBe('console.log(1);');
    // Named by content: kept by the browser for good, never asked for again.
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers an app address with the app page', async () => {
    for (const path of ['/', '/system/employeeList', '/login?redirect=%2Fdashboard']) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(await r.text(), path).toContain('<title>app</title>');
      // The page names this build's files: checked again on every load, so a new build is picked up.
      expect(r.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers HEAD for an app address as GET would, without a body', async () => {
    for (const path of ['/dashboard', '/system/employeeList']) {
      const r = await fetch(`${t.baseUrl}${path}`, { method: 'HEAD' });
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(await r.text(), path).toBe('');
    }
    expect((await fetch(`${t.baseUrl}/assets/missing-123.js`, { method: 'HEAD' })).status).toBe(404);
  });

  it('answers a missing file, a dot file and an unknown API address with the 404 envelope', async () => {
    for (const path of [
      '/assets/missing-123.js',
      '/.secret',
      '/api/no/such/operation',
      '/assets/../.secret',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(((await r.json()) as { state: number }).state, path).toBe(404);
    }
  });
});
