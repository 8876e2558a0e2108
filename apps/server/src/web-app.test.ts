import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { SCREEN_REDIRECTS, SCREENS } from '@portal/contract/screens';
import { describe, expect, it } from 'vitest';
import { demoLoginsText } from '@portal/contract';
import { createIndexHtml, requestLanguage, screenFor } from './web-app';

// A web build as Vite writes it: index.html and .vite/manifest.json (chunk names: apps/web/chunking.ts).
function dist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-app-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-a.js"></script></head><body><div id="root"><div class="boot-loader" role="status" aria-label="Loading"></div></div></body></html>',
  );
  writeFileSync(
    path.join(dir, '.vite', 'boot.json'),
    JSON.stringify({ en: { loading: 'Loading…' }, ko: { loading: '불러오는 중…' }, es: { loading: 'Cargando "ya"…' } }),
  );
  const manifest = {
    'index.html': { file: 'assets/index-a.js', name: 'index', src: 'index.html', isEntry: true },
    '_app-layout-b.js': { file: 'assets/app-layout-b.js', name: 'app-layout', imports: ['index.html'] },
    '_dashboard-screen-c.js': {
      file: 'assets/dashboard-screen-c.js',
      name: 'dashboard-screen',
      imports: ['index.html', '_app-layout-b.js'],
    },
    '_login-page-d.js': { file: 'assets/login-page-d.js', name: 'login-page', imports: ['index.html'] },
    'src/locales/en/common.json': { file: 'assets/common-en.js', name: 'common', src: 'src/locales/en/common.json', isDynamicEntry: true },
    'src/locales/ko/common.json': { file: 'assets/common-ko.js', name: 'common', src: 'src/locales/ko/common.json', isDynamicEntry: true },
    'src/locales/en/dashboard.json': {
      file: 'assets/dashboard-en.js',
      name: 'dashboard',
      src: 'src/locales/en/dashboard.json',
      isDynamicEntry: true,
    },
    'src/locales/ko/dashboard.json': {
      file: 'assets/dashboard-ko.js',
      name: 'dashboard',
      src: 'src/locales/ko/dashboard.json',
      isDynamicEntry: true,
    },
    'src/locales/en/auth.json': { file: 'assets/auth-en.js', name: 'auth', src: 'src/locales/en/auth.json', isDynamicEntry: true },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map((m) => m[1]);

describe('index.html with the screen preloaded', () => {
  const page = createIndexHtml(dist());
  const html = (url: string, headers: Record<string, string> = {}) => page(url, headers).body.toString();

  it('announces the layout, the screen and its translations, not the entry (already there)', () => {
    expect(preloads(html('/dashboard'))).toEqual(['app-layout-b.js', 'dashboard-screen-c.js', 'common-en.js', 'dashboard-en.js']);
    expect(preloads(html('/'))).toEqual(preloads(html('/dashboard')));
  });

  it('the login page gets neither the layout nor another screen', () => {
    expect(preloads(html('/login?redirect=%2Fdashboard'))).toEqual(['login-page-d.js', 'common-en.js', 'auth-en.js']);
  });

  it("the login page's public call is preloaded as a fetch the app's fetch() takes (crossorigin); no other page's", () => {
    const fetches = (h: string) => [...h.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(fetches(html('/login?redirect=%2Fdashboard'))).toEqual(['/api/common/loginHints']);
    // the calls of the other screens need the token, which a link cannot send
    for (const p of ['/dashboard', '/password-reset', '/calculate/sale', '/no-such-page']) expect(fetches(html(p)), p).toEqual([]);
  });

  it('any other page of the layout gets the layout and the common texts', () => {
    expect(preloads(html('/no-such-page'))).toEqual(['app-layout-b.js', 'common-en.js']);
  });

  it('translations in the language of the cookie, else of the browser, with English (the fallback)', () => {
    expect(preloads(html('/dashboard', { cookie: 'a=1; portal.lang=ko' }))).toEqual([
      'app-layout-b.js',
      'dashboard-screen-c.js',
      'common-ko.js',
      'dashboard-ko.js',
      'common-en.js',
      'dashboard-en.js',
    ]);
    expect(requestLanguage(undefined, 'ko-KR,ko;q=0.9,en;q=0.8')).toBe('ko');
    expect(requestLanguage('portal.lang=ja', 'ko-KR')).toBe('ja');
    expect(requestLanguage('portal.lang=xx', 'fr-FR, es;q=0.5')).toBe('es');
    expect(requestLanguage(undefined, undefined)).toBe('en');
  });

  it("in the request's language: <html lang> and the loading indicator's label", () => {
    expect(html('/dashboard', { cookie: 'portal.lang=ko' })).toContain('<html lang="ko">');
    expect(html('/dashboard', { cookie: 'portal.lang=ko' })).toContain('aria-label="불러오는 중…"');
    expect(html('/login', { 'accept-language': 'es-ES' })).toContain('aria-label="Cargando &quot;ya&quot;…"');
    expect(html('/login')).toContain('<html lang="en">');
    expect(html('/login')).toContain('aria-label="Loading…"');
    // a language without boot texts keeps the page's own label
    expect(html('/login', { cookie: 'portal.lang=ja' })).toContain('<html lang="ja">');
    expect(html('/login', { cookie: 'portal.lang=ja' })).toContain('aria-label="Loading"');
  });

  it('compressed as the browser accepts', () => {
    const br = page('/dashboard', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html('/dashboard'));
    expect(page('/dashboard', { 'accept-encoding': 'gzip' }).encoding).toBe('gzip');
  });

  it('a build without a manifest is served as it is', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-app-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    expect(createIndexHtml(dir)('/dashboard', {}).body.toString()).toBe('<!doctype html><div id="root"></div>');
  });
});

describe('the login screen rendered by the build, in the page (issue 17)', () => {
  // what apps/web/src/app/prerender.tsx writes per language (vite.config.ts)
  const login = (lng: string) => ({
    plain: `<main lang-${lng}>form</main>`,
    hinted: `<main lang-${lng}>form<p data-testid="demo-hint">Demo: %DEMO_LOGINS%</p></main>`,
  });
  const appShell = (lng: string) => `<header lang-${lng}>bar</header><main>…</main><footer><p>© %YEAR% Portal</p></footer>`;
  function built({ paintFirst = true, shell = false } = {}) {
    const dir = dist();
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="en" data-mantine-color-scheme="light"><head>\n    <script type="module" crossorigin src="/assets/index-a.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/runtime-r.js">\n    <link rel="stylesheet" crossorigin href="/assets/style-s.css">\n  </head><body><div id="root"><div class="boot-loader" role="status" aria-label="Loading"></div></div></body></html>',
    );
    writeFileSync(
      path.join(dir, '.vite', 'boot.json'),
      JSON.stringify({
        en: { loading: 'Loading…', login: login('en'), ...(shell && { appShell: appShell('en') }) },
        ko: { loading: '불러오는 중…', login: login('ko'), ...(shell && { appShell: appShell('ko') }) },
      }),
    );
    // the runtime chunk that Vite's index.html preloads is also among the screen's imports
    const manifestPath = path.join(dir, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    manifest['_runtime-r.js'] = { file: 'assets/runtime-r.js', name: 'rolldown-runtime' };
    manifest['_dashboard-screen-c.js'].imports.push('_runtime-r.js');
    writeFileSync(manifestPath, JSON.stringify(manifest));
    if (paintFirst) writeFileSync(path.join(dir, 'paint-first.js'), '');
    return createIndexHtml(dir);
  }
  const page = built();
  const html = (url: string, headers: Record<string, string> = {}, demo = '') => page(url, headers, demo).body.toString();
  const logins = demoLoginsText([
    { id: 'demo', password: 'demo1234' },
    { id: 'a<b', password: 'x&y' },
  ]);

  it('replaces the loading indicator on /login, in the language of the request, inert until the app replaces it', () => {
    expect(logins).toBe('demo / demo1234, a<b / x&y');
    expect(html('/login?redirect=%2Fdashboard', {}, logins)).toContain(
      '<div id="root"><div inert><main lang-en>form<p data-testid="demo-hint">Demo: demo / demo1234, a&lt;b / x&amp;y</p></main></div></div>',
    );
    expect(html('/login', { cookie: 'portal.lang=ko' })).toContain('<div id="root"><div inert><main lang-ko>form</main></div></div>');
    expect(html('/login', { cookie: 'portal.lang=ko' })).toContain('<html lang="ko" data-mantine-color-scheme="light">');
    // a language the build rendered nothing for: the loading indicator, scripts as usual
    expect(html('/login', { cookie: 'portal.lang=ja' })).toContain('<div class="boot-loader" role="status" aria-label="Loading">');
    expect(html('/login', { cookie: 'portal.lang=ja' })).toContain('<script type="module" crossorigin src="/assets/index-a.js">');
    // other pages keep the indicator
    expect(html('/dashboard')).toContain('aria-label="Loading…"');
    expect(html('/dashboard')).not.toContain('inert');
  });

  it('asks for the demo logins only for the login page of a build that rendered it', () => {
    expect(page.wantsDemoLogins('/login?redirect=%2Fdashboard')).toBe(true);
    expect(page.wantsDemoLogins('/dashboard')).toBe(false);
    expect(page.wantsDemoLogins('/password-reset')).toBe(false);
    expect(createIndexHtml(dist()).wantsDemoLogins('/login')).toBe(false);
  });

  it('the scripts and calls of /login wait in a template for paint-first.js; the stylesheet stays', () => {
    const h = html('/login');
    const head = h.slice(0, h.indexOf('</head>'));
    const template = /<template data-after-paint>([\s\S]*)<\/template>/.exec(head)?.[1] ?? '';
    expect(head).toContain('<script type="module" src="/paint-first.js"></script>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/style-s.css">');
    expect([...template.matchAll(/<link [^>]*href="([^"]+)"[^>]*>/g)].map((m) => m[1])).toEqual([
      '/assets/index-a.js',
      '/assets/runtime-r.js',
      '/assets/login-page-d.js',
      '/assets/common-en.js',
      '/assets/auth-en.js',
      '/api/common/loginHints',
    ]);
    expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/index-a.js" data-entry>');
    // nothing outside the template loads a script but paint-first.js
    expect(head.replace(template, '')).not.toMatch(/modulepreload|as="fetch"|index-a\.js/);
  });

  it("a page of the app layout carries the layout's frame with this year, inert, its scripts after the paint; other layouts keep the indicator", () => {
    const shelled = built({ shell: true });
    const get = (url: string, headers: Record<string, string> = {}) => shelled(url, headers).body.toString();
    const year = new Date().getFullYear();
    for (const url of ['/dashboard', '/copyright/royalty?start=0', '/help/bbs/qna']) {
      const h = get(url, { cookie: 'portal.lang=ko' });
      expect(h, url).toContain(
        `<div id="root"><div inert><header lang-ko>bar</header><main>…</main><footer><p>© ${year} Portal</p></footer></div></div>`,
      );
      expect(h, url).toContain('<script type="module" src="/paint-first.js"></script>');
      expect(h, url).toMatch(/<template data-after-paint>[^]*index-a\.js[^]*<\/template>/);
    }
    expect(get('/dashboard')).toContain('<header lang-en>');
    // a guest page, the full-page lock screen, the distributor's console: the loading indicator, scripts as usual
    for (const url of ['/password-reset', '/lock', '/admin/imports']) {
      expect(get(url), url).toContain('aria-label="Loading…"');
      expect(get(url), url).not.toContain('inert');
      expect(get(url), url).toContain('<script type="module" crossorigin src="/assets/index-a.js">');
    }
    // a language the build rendered no frame for: the indicator
    expect(get('/dashboard', { cookie: 'portal.lang=ja' })).toContain('<div class="boot-loader"');
  });

  it('without paint-first.js in the build, the scripts load as on any page', () => {
    const h = built({ paintFirst: false })('/login', {}).body.toString();
    expect(h).toContain('<div inert>');
    expect(h).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(h).not.toContain('template');
  });

  it('a preload the page has already is not announced twice', () => {
    expect(preloads(html('/dashboard'))).toEqual([
      'runtime-r.js',
      'app-layout-b.js',
      'dashboard-screen-c.js',
      'common-en.js',
      'dashboard-en.js',
    ]);
    expect(html('/dashboard').match(/runtime-r\.js/g)).toHaveLength(1);
  });
});

describe("the path table (the contract's SCREENS, from which the web app builds its router)", () => {
  const example = (p: string) => p.replace(/:\w+\??/g, '1');

  it("preloads, for every screen of the app layout, the layout, its feature's chunk and translations", () => {
    const app = SCREENS.filter((s) => s.layout === 'app');
    expect(app.length).toBeGreaterThanOrEqual(10);
    for (const s of app) {
      expect(screenFor(example(s.path)), s.path).toEqual({ chunks: ['app-layout', `${s.feature}-screen`], ns: [s.feature] });
      expect(screenFor(`${example(s.path)}/`), s.path).toEqual(screenFor(example(s.path)));
    }
  });

  it('the login page, the placeholders and the paths that only redirect', () => {
    expect(screenFor('/login')).toEqual({ chunks: ['login-page'], ns: ['auth'] });
    expect(screenFor('/register')).toEqual({ chunks: [], ns: [] });
    expect(screenFor('/lock')).toEqual({ chunks: [], ns: [] });
    for (const [from, to] of Object.entries(SCREEN_REDIRECTS)) expect(screenFor(from), from).toEqual(screenFor(to));
    expect(screenFor('/settings/')).toEqual(screenFor('/settings/companyEdit'));
  });

  it("optional segments are optional; other paths are the layout's not-found page", () => {
    expect(screenFor('/help/bbs/qna/edit')).toEqual(screenFor('/help/bbs/qna/edit/7'));
    for (const p of ['/calculate/nothing', '/help/bbs', '/help/bbs/qna/edit/7/8', '/dashboardx', '/loginx'])
      expect(screenFor(p), p).toEqual({ chunks: ['app-layout'], ns: [] });
  });
});
