import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/helper';

// The built web app as the server serves it: history fallback, precompressed assets, caching.
let t: TestContext;
const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"><div class="boot-loader" aria-label="Loading"></div></div>');
  // the login screen as the build renders it (apps/web/src/app/prerender.tsx; no app layout frame in this build)
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'boot.json'),
    JSON.stringify({ en: { loading: 'Loading…', login: { plain: '<main>form</main>', hinted: '<main>form %DEMO_LOGINS%</main>' } } }),
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), js);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(js));
  t = await createTestApp({ webDist: dist });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('answers every app route with index.html (history mode), never cached', async () => {
    for (const url of ['/', '/login', '/copyright/royalty?x=1', '/help/bbs/qna/view/3']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the brotli file written at build time, cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(js.length / 10);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('answers a missing asset and unknown API paths with 404, not the app', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    // unknown paths under /api, however spelled, are the API's 404 (the router decides), never the app
    for (const url of ['/api/nope', '/%61pi/nope', '/api/nope/deeper?x=1']) {
      const api = await t.app.inject({ method: 'GET', url });
      expect(api.statusCode, url).toBe(404);
      expect(api.json(), url).toEqual({ code: 'NOT_FOUND', message: 'Not found', requestId: expect.any(String) });
    }
  });

  it('/login carries the login screen, with the demo logins the API names (none here)', async () => {
    const hints = await t.app.inject({ method: 'GET', url: '/api/common/loginHints' });
    expect(hints.json()).toEqual({ demo_logins: [] });
    const res = await t.app.inject({ method: 'GET', url: '/login?redirect=%2Fdashboard' });
    expect(res.body).toContain('<div id="root"><div inert><main>form</main></div></div>');
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).body).toContain('aria-label="Loading…"');
  });

  it('sends the CSP and nosniff with the HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
