import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { DEMO_LOGINS_MARK, demoLoginsText, YEAR_MARK, type TLoginHints } from '@portal/contract';
import { screenOfPath, type ScreenFeature } from '@portal/contract/screens';
import type { FastifyInstance } from 'fastify';
import { AppError } from './lib/errors';
import { markRoutesPublic } from './plugins/auth';

/** The built web app: its files (hashed assets cached a year), index.html for other GETs outside /api, else 404. */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const indexHtml = webDist && existsSync(path.join(webDist, 'index.html')) ? createIndexHtml(webDist) : undefined;
  if (webDist && indexHtml) {
    // the web app's files are public (marked by their routes' options, plugins/auth)
    await app.register(async (web) => {
      markRoutesPublic(web);
      // hashed assets never change; .br/.gz written at build time are sent as they are
      await web.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    });
  }
  // paths under /api have their own not-found handler (api-routes.ts)
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && indexHtml && !path.extname(url)) {
      // the login screen is in the page, with the demo logins the API answers for it
      const demoLogins = indexHtml.wantsDemoLogins(request.url) ? await loginHintsText(app) : '';
      const page = indexHtml(request.url, request.headers, demoLogins);
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, accept-language, cookie').type('text/html; charset=utf-8');
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply.send(page.body);
    }
    throw new AppError(404, 'NOT_FOUND', 'Not found');
  });
}

// index.html per screen announces its chunks and translations; /login and app-layout pages carry what the build rendered (login-prerender.md)

/** Any other path is a page of the app layout (the in-app not-found page, say). */
const OTHER = { chunks: ['app-layout'], ns: [] as string[] };

/** The build's chunk of a feature's pages: its routes.tsx, or the login page (a chunk of its own). */
const chunkOf = (feature: ScreenFeature) => (feature === 'auth' ? 'login-page' : `${feature}-screen`);

/** Public calls a screen makes first, preloaded with the page (a link sends no token, so only public ones). */
const DATA: Record<string, string[]> = { '/login': ['/api/common/loginHints'] };

/** The public calls preloaded for a path. */
const callsFor = (pathname: string): string[] => DATA[screenOfPath(pathname)?.path ?? ''] ?? [];

/** The chunks (manifest `name`) and translation namespaces preloaded for a path. */
export function screenFor(pathname: string): { chunks: string[]; ns: string[] } {
  const screen = screenOfPath(pathname);
  if (!screen) return OTHER;
  return {
    chunks: [...(screen.layout === 'app' ? ['app-layout'] : []), ...(screen.feature ? [chunkOf(screen.feature)] : [])],
    ns: screen.feature ? [screen.feature] : [],
  };
}

const LANGUAGES = ['en', 'ko', 'es', 'zh', 'ja'];

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  css?: string[];
}

/** The request's language: the `portal.lang` cookie, else Accept-Language, else English. */
export function requestLanguage(cookie: string | undefined, acceptLanguage: string | undefined): string {
  const fromCookie = /(?:^|;\s*)portal\.lang=([a-z]{2})/.exec(cookie ?? '')?.[1];
  if (fromCookie && LANGUAGES.includes(fromCookie)) return fromCookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().split(';')[0]?.split('-')[0]?.toLowerCase();
    if (base && LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What the build wrote per language (.vite/boot.json). */
interface BootTexts {
  loading: string;
  /** the login screen as HTML, without and with the demo logins (in place of DEMO_LOGINS_MARK) */
  login?: { plain: string; hinted: string };
  /** the app layout's frame around a loading indicator, as HTML (the footer's year is YEAR_MARK) */
  appShell?: string;
}
/** index.html's loading indicator, which the login screen replaces */
const BOOT_LOADER = /<div class="boot-loader"[^>]*><\/div>/;

/** Vite's script tag of the app's entry */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The preloads of scripts and calls in the head (the server's and Vite's own). */
const SCRIPT_PRELOADS = /\n\s*<link rel="(?:modulepreload|preload" as="fetch)"[^>]*>/g;

/** The login page: the entry script and preloads go into a template paint-first.js loads after the first paint. */
const scriptsAfterPaint = (page: string) => {
  const entry = ENTRY_SCRIPT.exec(page)?.[1];
  if (!entry) return page;
  const preloads = page.match(SCRIPT_PRELOADS) ?? [];
  const deferred = [
    `\n      <link rel="modulepreload" crossorigin href="${entry}" data-entry>`,
    ...preloads.map((l) => `\n      ${l.trim()}`),
  ];
  return page
    .replace(SCRIPT_PRELOADS, '')
    .replace(
      ENTRY_SCRIPT,
      () => `<script type="module" src="/paint-first.js"></script>\n    <template data-after-paint>${deferred.join('')}\n    </template>`,
    );
};

/** The path of the login screen, whose page carries the screen rendered by the build. */
const isLogin = (pathname: string) => screenOfPath(pathname)?.path === '/login';

/** A page of the app layout (behind the session guard), whose page carries the layout's frame. */
const inAppLayout = (pathname: string) => screenOfPath(pathname)?.layout === 'app';

/** The demo logins as GET /api/common/loginHints answers them (asked in-process); empty on failure. */
async function loginHintsText(app: FastifyInstance): Promise<string> {
  try {
    const res = await app.inject({ method: 'GET', url: '/api/common/loginHints' });
    return res.statusCode === 200 ? demoLoginsText((res.json() as TLoginHints).demo_logins) : '';
  } catch {
    return '';
  }
}

export interface IndexPage {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

/** Builds index.html variants (one per screen and language, compressed once, kept). */
export function createIndexHtml(webDist: string) {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const byName = new Map<string, string>();
  // a translation file's chunk by `<lng>/<ns>` (the files are packages/contract/locales/<lng>/<ns>.json)
  const translations = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.name && !byName.has(chunk.name) && !chunk.src?.endsWith('.json')) byName.set(chunk.name, key);
    const file = /(?:^|\/)locales\/([a-z]{2})\/(\w+)\.json$/.exec(key);
    if (file) translations.set(`${file[1]}/${file[2]}`, key);
  }
  // per language, what the page says before the app's translations arrive, the login screen and the
  // app layout's frame rendered by the build (vite.config.ts, apps/web/src/app/prerender.tsx)
  const bootPath = path.join(webDist, '.vite', 'boot.json');
  const boot: Record<string, BootTexts> = existsSync(bootPath) ? JSON.parse(readFileSync(bootPath, 'utf8')) : {};
  /** index.html in `lang`, with the login screen or the app layout's frame the build rendered in place of the loader */
  const localised = (lang: string, login: string | undefined, appShell: number | undefined): { page: string; prerendered: boolean } => {
    const texts = boot[lang];
    const page = html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
    const screen =
      login !== undefined && texts?.login
        ? login
          ? texts.login.hinted.replace(DEMO_LOGINS_MARK, () => escapeText(login))
          : texts.login.plain
        : appShell !== undefined && texts?.appShell
          ? texts.appShell.replace(YEAR_MARK, String(appShell))
          : undefined;
    if (screen !== undefined) {
      // inert until React replaces it (main.tsx): nothing typed or clicked in it can be lost
      const prerendered = page.replace(BOOT_LOADER, () => `<div inert>${screen}</div>`);
      if (prerendered !== page) return { page: prerendered, prerendered: true };
    }
    const label = texts?.loading;
    return { page: label ? page.replace('aria-label="Loading"', `aria-label="${escapeAttribute(label)}"`) : page, prerendered: false };
  };
  const paintFirst = existsSync(path.join(webDist, 'paint-first.js'));
  const cache = new Map<string, { raw: Buffer; br: Buffer; gzip: Buffer }>();

  /** The files a set of chunks needs, without the entry's (index.html already loads those). */
  const filesOf = (chunkNames: string[], ns: string[], lang: string) => {
    const js = new Set<string>();
    const css = new Set<string>();
    const walk = (key: string | undefined) => {
      const chunk = key === undefined ? undefined : manifest[key];
      if (!chunk || key === 'index.html' || js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) walk(i);
    };
    for (const name of chunkNames) walk(byName.get(name));
    // i18next loads the language and English, its fallback
    for (const l of new Set([lang, 'en'])) for (const n of ['common', ...ns]) walk(translations.get(`${l}/${n}`));
    return { js: [...js], css: [...css] };
  };

  const variant = (pathname: string, lang: string, demoLogins: string) => {
    const screen = screenFor(pathname);
    const calls = callsFor(pathname);
    const login = isLogin(pathname) ? demoLogins : undefined;
    // the footer's year, as the server's clock has it (a page kept from last year is not sent)
    const appShell = inAppLayout(pathname) ? new Date().getFullYear() : undefined;
    const key = `${screen.chunks.join(',')}|${screen.ns.join(',')}|${calls.join(',')}|${lang}|${login ?? '-'}|${appShell ?? '-'}`;
    let v = cache.get(key);
    if (!v) {
      // the demo logins are few and seldom change; a bound all the same
      if (cache.size >= 200) cache.clear();
      const { js, css } = filesOf(screen.chunks, screen.ns, lang);
      const { page: base, prerendered } = localised(lang, login, appShell);
      // not what the page announces already (Vite's own modulepreloads of the entry's imports)
      const notIn = (f: string) => !base.includes(`href="/${f}"`);
      const links = [
        ...css.filter(notIn).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
        ...js.filter(notIn).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        // crossorigin: the credentials mode of the app's fetch(), without which the preload is not used
        ...calls.map((u) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(u)}">`),
      ].join('\n    ');
      const full = links && base.includes('</head>') ? base.replace('</head>', `  ${links}\n  </head>`) : base;
      const raw = Buffer.from(prerendered && paintFirst ? scriptsAfterPaint(full) : full);
      v = {
        raw,
        br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(raw, { level: 9 }),
      };
      cache.set(key, v);
    }
    return v;
  };

  /** `demoLogins`: asked only when `wantsDemoLogins(url)`. */
  const page = (
    url: string,
    headers: { cookie?: string; 'accept-language'?: string; 'accept-encoding'?: string },
    demoLogins = '',
  ): IndexPage => {
    const pathname = url.split('?')[0] ?? '/';
    const v = variant(pathname, requestLanguage(headers.cookie, headers['accept-language']), demoLogins);
    const accept = headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accept)) return { body: v.br, encoding: 'br' };
    if (/\bgzip\b/.test(accept)) return { body: v.gzip, encoding: 'gzip' };
    return { body: v.raw };
  };
  /** Whether the page of `url` shows the demo logins (the login screen the build rendered). */
  const wantsDemoLogins = (url: string) => isLogin(url.split('?')[0] ?? '/') && Object.values(boot).some((t) => t.login);
  return Object.assign(page, { wantsDemoLogins });
}
