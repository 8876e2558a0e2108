import { describe, expect, it } from 'vitest';
import { planChunks, SMALL_CHUNK, type FirstPassChunk } from './chunking';

const SRC = '/repo/apps/web/src';
/** A first-pass chunk: `fileName` is also its one module unless `modules` says otherwise. */
const chunk = (fileName: string, o: Partial<FirstPassChunk> & { modules?: string[] } = {}): FirstPassChunk => ({
  fileName,
  name: fileName.replace(/\.js$/, ''),
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  imports: [],
  moduleIds: o.modules ?? [`${SRC}/shared/${fileName.replace(/\.js$/, '.ts')}`],
  size: 1000,
  ...o,
});
const lazy = (fileName: string, facade: string, imports: string[] = []) =>
  chunk(fileName, { isDynamicEntry: true, facadeModuleId: facade, imports, modules: [facade] });

/**
 * An app as the first pass splits it: the entry; lazy login page, app layout, dashboard and help
 * screens, and the dashboard's lazy chart; shared chunks, each named after where it should go.
 */
const app = () => [
  chunk('main.js', { isEntry: true, facadeModuleId: `${SRC}/main.tsx`, imports: ['by-entry.js'], modules: [`${SRC}/main.tsx`] }),
  lazy('login.js', `${SRC}/features/auth/components/login-page.tsx`, ['login-and-dash.js', 'login-only.js']),
  lazy('layout.js', `${SRC}/app/layout/app-layout.tsx`, ['by-layout.js']),
  lazy('dashboard.js', `${SRC}/features/dashboard/routes.tsx`, [
    'login-and-dash.js',
    'dash-and-chart.js',
    'by-layout.js',
    'small-shared.js',
    'big-shared.js',
    'small-on-big.js',
  ]),
  lazy('chart.js', `${SRC}/features/dashboard/components/chart.tsx`, ['dash-and-chart.js']),
  lazy('help.js', `${SRC}/features/help/routes.tsx`, ['small-shared.js', 'big-shared.js', 'small-on-big.js']),
  lazy('ko.js', `${SRC}/i18n/ko.json`),
  chunk('by-entry.js'),
  chunk('login-and-dash.js'),
  chunk('login-only.js'),
  chunk('dash-and-chart.js'),
  chunk('by-layout.js'),
  chunk('small-shared.js', { size: SMALL_CHUNK }),
  chunk('big-shared.js', { size: SMALL_CHUNK + 1 }),
  chunk('small-on-big.js', { imports: ['big-shared.js'] }),
];
const where = (plan: Map<string, string>, file: string) => plan.get(`${SRC}/shared/${file.replace(/\.js$/, '.ts')}`);

describe('planChunks (one file per screen)', () => {
  const plan = planChunks(app());

  it('names each entry after what it opens: the entry index, a screen <feature>-screen, another lazy module its own name', () => {
    expect(plan.get(`${SRC}/main.tsx`)).toBe('index');
    expect(plan.get(`${SRC}/features/dashboard/routes.tsx`)).toBe('dashboard-screen');
    expect(plan.get(`${SRC}/features/help/routes.tsx`)).toBe('help-screen');
    expect(plan.get(`${SRC}/app/layout/app-layout.tsx`)).toBe('layout');
    expect(plan.get(`${SRC}/features/dashboard/components/chart.tsx`)).toBe('chart');
  });

  it('moves code the entry uses, or the login page and another screen use, into the entry', () => {
    expect(where(plan, 'by-entry.js')).toBe('index');
    expect(where(plan, 'login-and-dash.js')).toBe('index');
  });

  it('moves code one lazy module uses into it, and code used within one feature into its screen', () => {
    expect(where(plan, 'login-only.js')).toBe('login');
    expect(where(plan, 'dash-and-chart.js')).toBe('dashboard-screen');
  });

  it('moves code the layout uses, and small code several screens share, into the layout', () => {
    expect(where(plan, 'by-layout.js')).toBe('layout');
    expect(where(plan, 'small-shared.js')).toBe('layout');
  });

  it('leaves big shared code, and small shared code that imports it, to the bundler', () => {
    expect(where(plan, 'big-shared.js')).toBeUndefined();
    // in the layout it would make every screen load the big chunk it imports
    expect(where(plan, 'small-on-big.js')).toBeUndefined();
  });

  it('leaves translation files one chunk each', () => {
    expect(plan.has(`${SRC}/i18n/ko.json`)).toBe(false);
  });

  it('keeps entry names unique when two lazy modules share a name', () => {
    const twice = planChunks([
      chunk('main.js', { isEntry: true, facadeModuleId: `${SRC}/main.tsx`, modules: [`${SRC}/main.tsx`] }),
      lazy('a.js', `${SRC}/features/help/components/map.tsx`),
      { ...lazy('b.js', `${SRC}/features/dashboard/components/map.tsx`), name: 'a' },
    ]);
    expect(twice.get(`${SRC}/features/help/components/map.tsx`)).toBe('a');
    expect(twice.get(`${SRC}/features/dashboard/components/map.tsx`)).toBe('a2');
  });
});
