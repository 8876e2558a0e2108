/**
 * The dashboard's world map, projected at build time: `import url from 'virtual:world-geometry'` gives
 * the URL of a JSON file `{ height, countries: [{ id, d, centroid }] }` of SVG paths in a 960-wide
 * viewBox. Projecting the 110m TopoJSON in the browser (topojson-client + d3-geo) cost about 170 ms of
 * main thread on a phone-speed CPU (4x slowdown) and 10 KiB of gzip JS; the paths are the same for
 * every user, so the build does it once (docs/decisions/dashboard-world-map.md).
 */
import { createHash } from 'node:crypto';
import { geoEqualEarth, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';
import countries110m from 'world-atlas/countries-110m.json' with { type: 'json' };

/** The map is drawn in this coordinate space and scaled to its box by the SVG viewBox. */
export const VIEW_W = 960;
const ID = 'virtual:world-geometry';

export interface WorldGeometry {
  height: number;
  countries: { id: string; d: string; centroid: [number, number] }[];
}

type World = Topology<{ countries: GeometryCollection<{ name: string }> }>;
const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * world-atlas 110m projected with Equal Earth, Antarctica left out (no book shops and a fifth of the
 * height); coordinates to 0.1 of a viewBox unit (a tenth of a pixel at the widest map).
 */
export function worldGeometry(): WorldGeometry {
  const world = countries110m as unknown as World;
  const fc = feature(world, world.objects.countries);
  const shown = { ...fc, features: fc.features.filter((f) => f.id !== undefined && f.id !== '010') };
  // precision 0: no adaptive resampling (the 110m outlines are coarse already)
  const projection = geoEqualEarth()
    .precision(0)
    .fitWidth(VIEW_W, shown as GeoPermissibleObjects);
  const path = geoPath(projection).digits(1);
  const height = Math.ceil(path.bounds(shown as GeoPermissibleObjects)[1][1]);
  const countries = shown.features.map((f) => {
    const [x, y] = path.centroid(f);
    return { id: String(f.id), d: path(f) ?? '', centroid: [round1(x), round1(y)] as [number, number] };
  });
  return { height, countries };
}

/** Vite plugin: `virtual:world-geometry` exports the URL of the projected map (an asset in the build, served in dev). */
export function worldGeometryPlugin(): Plugin {
  let json: string | undefined;
  const source = () => (json ??= JSON.stringify(worldGeometry()));
  const fileName = () => `assets/world-110m-${createHash('sha256').update(source()).digest('hex').slice(0, 10)}.json`;
  return {
    name: 'portal-world-geometry',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      if (this.environment.mode === 'build') this.emitFile({ type: 'asset', fileName: fileName(), source: source() });
      return `export default ${JSON.stringify(`/${fileName()}`)};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url !== `/${fileName()}`) return next();
        res.setHeader('content-type', 'application/json');
        res.end(source());
      });
    },
  };
}
