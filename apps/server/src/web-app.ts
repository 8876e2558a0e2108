import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { screenOfPath, type ScreenFeature } from '@portal/contract/screens';

/**
 * index.html for a path of the web app, with the screen's files announced in the head.
 *
 * The browser otherwise learns which files a screen needs only after the entry script has arrived
 * and run (the router then imports the layout, the screen and its translations): one more round
 * of downloads before anything can paint. `<link rel="modulepreload">` / `preload` let it fetch them
 * together with the entry. The file names come from Vite's manifest (build.manifest); the screens
 * are those of the contract's SCREENS, from which the web app builds its router (apps/web/src/app/router.tsx);
 * chunk names: apps/web/chunking.ts (`<feature>-screen` per features/<feature>/routes.tsx, `login-page`, `app-layout`).
 */

/** Any other path is a page of the app layout (the in-app not-found page, say). */
const OTHER = { chunks: ['app-layout'], ns: [] as string[] };

/** The build's chunk of a feature's pages: its routes.tsx, or the login page (a chunk of its own). */
const chunkOf = (feature: ScreenFeature) => (feature === 'auth' ? 'login-page' : `${feature}-screen`);

/**
 * Public calls a screen makes first, preloaded with the page (`<link rel="preload" as="fetch">`, which
 * the app's fetch() then takes from the preload cache): the login page's demo logins. Calls that need
 * the token cannot be preloaded this way (a link sends no Authorization header).
 */
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

/**
 * The web app's language for a request: the `portal.lang` cookie (the app keeps its choice in
 * localStorage and mirrors it there), else the browser's languages, else English.
 */
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
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.name && !byName.has(chunk.name) && !chunk.src?.endsWith('.json')) byName.set(chunk.name, key);
  // per language, what the page says before the app's translations arrive (written by the build: vite.config.ts)
  const bootPath = path.join(webDist, '.vite', 'boot.json');
  const boot: Record<string, { loading: string }> = existsSync(bootPath) ? JSON.parse(readFileSync(bootPath, 'utf8')) : {};
  /** index.html in the request's language: `<html lang>` and the loading indicator's label */
  const localised = (lang: string) => {
    const loading = boot[lang]?.loading;
    const page = html.replace(/<html lang="[^"]*">/, `<html lang="${lang}">`);
    return loading ? page.replace('aria-label="Loading"', `aria-label="${escapeAttribute(loading)}"`) : page;
  };
  const cache = new Map<string, { raw: Buffer; br: Buffer; gzip: Buffer }>();

  /** The files a set of chunks needs, without the entry's (index.html already loads those). */
  const filesOf = (chunkNames: string[], ns: string[], lang: string) => {
    const js = new Set<string>();
    const css = new Set<string>();
    const walk = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || key === 'index.html' || js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) walk(i);
    };
    for (const name of chunkNames) {
      const key = byName.get(name);
      if (key) walk(key);
    }
    // i18next loads the language and English, its fallback
    for (const l of new Set([lang, 'en'])) for (const n of ['common', ...ns]) walk(`src/locales/${l}/${n}.json`);
    return { js: [...js], css: [...css] };
  };

  const variant = (pathname: string, lang: string) => {
    const screen = screenFor(pathname);
    const calls = callsFor(pathname);
    const key = `${screen.chunks.join(',')}|${screen.ns.join(',')}|${calls.join(',')}|${lang}`;
    let v = cache.get(key);
    if (!v) {
      const { js, css } = filesOf(screen.chunks, screen.ns, lang);
      const links = [
        ...css.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
        ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        // crossorigin: the credentials mode of the app's fetch(), without which the preload is not used
        ...calls.map((u) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(u)}">`),
      ].join('\n    ');
      const base = localised(lang);
      const page = links && base.includes('</head>') ? base.replace('</head>', `  ${links}\n  </head>`) : base;
      const raw = Buffer.from(page);
      v = {
        raw,
        br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(raw, { level: 9 }),
      };
      cache.set(key, v);
    }
    return v;
  };

  return (url: string, headers: { cookie?: string; 'accept-language'?: string; 'accept-encoding'?: string }): IndexPage => {
    const pathname = url.split('?')[0] ?? '/';
    const v = variant(pathname, requestLanguage(headers.cookie, headers['accept-language']));
    const accept = headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accept)) return { body: v.br, encoding: 'br' };
    if (/\bgzip\b/.test(accept)) return { body: v.gzip, encoding: 'gzip' };
    return { body: v.raw };
  };
}
