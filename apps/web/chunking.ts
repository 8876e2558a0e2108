/**
 * How the build splits code into files: per screen, not per set of importers.
 *
 * Left to itself the bundler makes one chunk for every distinct set of lazy modules that share code:
 * /dashboard needed 33 JavaScript files, most under 2 KiB. Over HTTP/1.1 (6 connections per origin)
 * every 6 requests cost another round trip, and a screen paints only when its last file is in.
 *
 * So the build runs twice: a first, automatic split (not written) tells which lazy modules use each
 * chunk (the bundler knows which exports are really used, through the libraries' index files); the
 * real build then moves each of those chunks as a whole:
 * - used by the entry, or by the login page and another screen → the entry (loaded everywhere; the
 *   login page loads nothing more than before);
 * - used by one lazy module only → that module's chunk (a screen, the chart, the map, …);
 * - used within one feature (a screen and its chart) → that screen, if small;
 * - used by the app layout → the layout chunk (every screen but login loads it);
 * - used by several screens and small → the layout chunk too;
 * - otherwise (the data table, shared by some screens, or the rich text editor) → left as it is, so
 *   that no screen loads big code it does not use.
 * Translation files stay one chunk each (one language is loaded).
 */
import type { Plugin } from 'vite';

/** What the first pass tells about one output chunk. */
export interface FirstPassChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  /** file names of the chunks it imports statically */
  imports: string[];
  moduleIds: string[];
  /** bytes of minified code */
  size: number;
}

/** Below this size (minified bytes) a chunk shared by several screens joins the layout chunk. */
export const SMALL_CHUNK = 12 * 1024;

const norm = (id: string | null) => (id ?? '').replace(/\\/g, '/');
const screenOf = (id: string | null) => /\/src\/features\/([^/]+)\/routes\.tsx$/.exec(norm(id))?.[1];
const featureOf = (id: string | null) => /\/src\/features\/([^/]+)\//.exec(norm(id))?.[1];
const isLayout = (id: string | null) => norm(id).endsWith('/src/app/layout/app-layout.tsx');
const isLogin = (id: string | null) => norm(id).endsWith('/src/features/auth/components/login-page.tsx');
const isData = (id: string | null) => /\.json$/.test(norm(id));

/**
 * The chunk name of every module that moves (module id → name); modules not in the map are left
 * to the bundler. Pure: tested in chunking.test.ts.
 */
export function planChunks(chunks: FirstPassChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entries = chunks.filter((c) => (c.isEntry || c.isDynamicEntry) && !isData(c.facadeModuleId));

  // the name of an entry's chunk: unique per entry (one name = one chunk)
  const taken = new Set<string>();
  const entryName = new Map<FirstPassChunk, string>();
  for (const e of entries) {
    const screen = screenOf(e.facadeModuleId);
    let name = e.isEntry ? 'index' : screen ? `${screen}-screen` : e.name;
    for (let i = 2; taken.has(name); i++) name = `${e.name}${i}`;
    taken.add(name);
    entryName.set(e, name);
  }

  // users: the entries whose static imports reach a chunk
  const users = new Map<string, FirstPassChunk[]>();
  for (const e of entries) {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      users.set(file, [...(users.get(file) ?? []), e]);
      for (const i of byFile.get(file)?.imports ?? []) walk(i);
    };
    walk(e.fileName);
  }

  const layout = entries.find((e) => isLayout(e.facadeModuleId));
  const screenEntry = (feature: string | undefined) => entries.find((e) => feature && screenOf(e.facadeModuleId) === feature);

  const layoutName = layout && entryName.get(layout);
  /** small and used by screens (and their lazy parts) only: worth loading with the layout */
  const sharedSmall = new Set<string>();
  const target = (c: FirstPassChunk): string | undefined => {
    if (isData(c.facadeModuleId)) return undefined;
    if (c.isEntry || c.isDynamicEntry) return entryName.get(c);
    const us = users.get(c.fileName) ?? [];
    if (us.length === 0) return undefined;
    if (us.some((u) => u.isEntry)) return 'index';
    if (us.length === 1) return entryName.get(us[0]!);
    if (us.some((u) => isLogin(u.facadeModuleId))) return 'index';
    const features = new Set(us.map((u) => featureOf(u.facadeModuleId)));
    const [feature] = features;
    const screen = screenEntry(feature);
    if (features.size === 1 && screen && us.includes(screen)) return entryName.get(screen);
    if (layout && us.includes(layout)) return layoutName;
    if (layoutName && c.size <= SMALL_CHUNK) {
      sharedSmall.add(c.fileName);
      return layoutName;
    }
    return undefined;
  };
  const targets = new Map(chunks.map((c) => [c.fileName, target(c)]));
  // The layout chunk is loaded by every screen: a small shared chunk joins it only if all it imports
  // is there too (or in the entry); else it stays a file of its own.
  for (let changed = true; changed;) {
    changed = false;
    for (const file of sharedSmall) {
      const ok = (byFile.get(file)?.imports ?? []).every((i) => targets.get(i) === 'index' || targets.get(i) === layoutName);
      if (!ok) {
        targets.set(file, undefined);
        sharedSmall.delete(file);
        changed = true;
      }
    }
  }

  const plan = new Map<string, string>();
  for (const c of chunks) {
    const name = targets.get(c.fileName);
    if (name) for (const m of c.moduleIds) plan.set(m, name);
  }
  return plan;
}

/** The first pass: an automatic split of the same app, not written to disk. */
export async function firstPass(root: string, plugins: Plugin[]): Promise<FirstPassChunk[]> {
  const { build } = await import('vite');
  const out = await build({
    configFile: false,
    root,
    plugins,
    logLevel: 'silent',
    build: { write: false, manifest: false, sourcemap: false, chunkSizeWarningLimit: 100_000 },
  });
  const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
  return outputs.flatMap((c) =>
    c.type === 'chunk'
      ? [
          {
            fileName: c.fileName,
            name: c.name,
            isEntry: c.isEntry,
            isDynamicEntry: c.isDynamicEntry,
            facadeModuleId: c.facadeModuleId,
            imports: c.imports,
            moduleIds: c.moduleIds,
            size: c.code.length,
          },
        ]
      : [],
  );
}

/** `output.codeSplitting` for the real build. */
export async function screenChunks(root: string, plugins: () => Plugin[]) {
  const plan = planChunks(await firstPass(root, plugins()));
  return {
    // every module of a moved chunk is named above: nothing more to pull in
    groups: [{ name: (id: string) => plan.get(id) ?? null, debugName: 'screens', includeDependenciesRecursively: false }],
  };
}
