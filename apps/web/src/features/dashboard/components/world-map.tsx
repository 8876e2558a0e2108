import { Box, Group, Loader, Center, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { TGlobalSale } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState, type FocusEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
// the world map projected at build time (apps/web/world-geometry.ts): a static file, fetched only when the map is shown
import worldUrl from 'virtual:world-geometry';
import { fmtInt, fmtPercent } from '../format';
import { countryName } from '../country-name';
import classes from './dashboard.module.css';

interface Country {
  id: string;
  d: string;
  centroid: [number, number];
}
interface Geometry {
  countries: Country[];
  height: number;
}

/** The map's coordinate space (world-geometry.ts VIEW_W), scaled to its box by the SVG viewBox. */
const VIEW_W = 960;

/** Fill classes from few to many copies (square-root scale of the share of the largest country). */
const SHADES = [
  'var(--mantine-color-blue-2)',
  'var(--mantine-color-blue-4)',
  'var(--mantine-color-blue-6)',
  'var(--mantine-color-blue-8)',
  'var(--mantine-color-blue-9)',
];
const NO_SALES = 'var(--mantine-color-gray-2)';
const shadeOf = (cnt: number, max: number) => SHADES[Math.min(SHADES.length - 1, Math.floor(Math.sqrt(cnt / max) * SHADES.length))]!;

/** Fetches the SVG paths of the countries (Equal Earth, Antarctica left out), projected by the build. */
async function loadGeometry(signal: AbortSignal): Promise<Geometry> {
  const res = await fetch(worldUrl, { signal });
  if (!res.ok) throw new Error(`world geometry: ${res.status}`);
  return (await res.json()) as Geometry;
}

const worldQuery = {
  queryKey: ['dashboard', 'world-110m'],
  queryFn: ({ signal }: { signal: AbortSignal }) => loadGeometry(signal),
  staleTime: Infinity,
  gcTime: Infinity,
};

/**
 * World map shaded by sold copies (world-atlas 110m in the Equal Earth projection, projected by the build). Countries
 * with sales are focusable (in rank order) and show name and figure on hover or focus.
 */
export default function WorldMap({ sales }: { sales: TGlobalSale[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const { ref, width } = useElementSize();
  const world = useQuery(worldQuery);
  const [active, setActive] = useState<{ code: string; x: number; y: number } | null>(null);
  // 177 paths: drawn as background (transition) work, not in the query's synchronous update (section.tsx)
  const geometry = useDeferredValue(world.data);
  const countries = geometry?.countries ?? [];
  const viewH = geometry?.height ?? VIEW_W / 2;
  const boxH = width > 0 ? Math.round((width * viewH) / VIEW_W) : 240;

  const byNumeric = useMemo(() => new Map(sales.filter((s) => s.numeric).map((s) => [s.numeric, s])), [sales]);
  const byCode = useMemo(() => new Map(sales.map((s) => [s.code_3, s])), [sales]);
  const drawn = new Set(countries.map((c) => c.id));
  const notDrawn = sales.filter((s) => !s.numeric || (countries.length > 0 && !drawn.has(s.numeric)));
  const max = sales[0]?.cnt ?? 0;
  const leader = sales[0];
  // countries with sales after the others (drawn on top) and in rank order (the keyboard order)
  const withSales = countries.filter((c) => byNumeric.has(c.id)).sort((a, b) => byNumeric.get(a.id)!.rank - byNumeric.get(b.id)!.rank);
  const without = countries.filter((c) => !byNumeric.has(c.id));
  const activeRow = active ? byCode.get(active.code) : undefined;

  const onMove = (e: MouseEvent<SVGPathElement>, code: string) => {
    const box = (e.currentTarget.ownerSVGElement as SVGSVGElement).getBoundingClientRect();
    setActive({ code, x: e.clientX - box.left, y: e.clientY - box.top });
  };
  /** Focus has no pointer: the tooltip goes to the country's centroid, scaled from the viewBox. */
  const onFocus = (e: FocusEvent<SVGPathElement>, code: string, centroid: [number, number]) => {
    const box = (e.currentTarget.ownerSVGElement as SVGSVGElement).getBoundingClientRect();
    const k = box.width / VIEW_W;
    setActive({ code, x: centroid[0] * k, y: centroid[1] * k });
  };

  return (
    <div>
      <Box ref={ref} pos="relative" data-testid="world-map">
        {world.isError ? (
          <Center h={boxH}>
            <Text size="sm" c="red.8">
              {t('map.geometryError')}
            </Text>
          </Center>
        ) : countries.length === 0 ? (
          <Center h={boxH}>
            <Loader size="sm" aria-label={t('map.loading')} />
          </Center>
        ) : (
          <svg
            viewBox={`0 0 ${VIEW_W} ${viewH}`}
            width="100%"
            role="group"
            aria-label={t('map.ariaLabel')}
            style={{ display: 'block', height: 'auto', maxHeight: 360 }}
          >
            <g aria-hidden>
              {without.map((c) => (
                <path
                  key={c.id}
                  d={c.d}
                  fill={NO_SALES}
                  stroke="var(--mantine-color-white)"
                  strokeWidth={0.5}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            </g>
            {withSales.map((c) => {
              const row = byNumeric.get(c.id)!;
              const name = countryName(row, lng);
              const on = active?.code === row.code_3;
              return (
                <path
                  key={c.id}
                  d={c.d}
                  tabIndex={0}
                  role="img"
                  aria-label={t('map.countryLabel', { name, qty: fmtInt(row.cnt, lng), percent: fmtPercent(row.percent, lng) })}
                  data-code={row.code_3}
                  data-rank={row.rank}
                  data-name={name}
                  data-testid="map-country"
                  className={classes.country}
                  fill={shadeOf(row.cnt, max)}
                  stroke={on ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-white)'}
                  strokeWidth={on ? 1.5 : 0.5}
                  vectorEffect="non-scaling-stroke"
                  onMouseMove={(e) => onMove(e, row.code_3)}
                  onMouseLeave={() => setActive(null)}
                  onFocus={(e) => onFocus(e, row.code_3, c.centroid)}
                  onBlur={() => setActive(null)}
                />
              );
            })}
          </svg>
        )}
        {activeRow && active && (
          <div
            className={classes.tooltip}
            style={{ left: Math.min(Math.max(active.x, 70), Math.max(70, width - 70)), top: Math.max(0, active.y - 44) }}
            data-testid="map-tooltip"
            role="status"
          >
            <Text size="xs" fw={700} c="white">
              {countryName(activeRow, lng)}
            </Text>
            <Text size="xs" c="white">
              {t('map.tooltip', { qty: fmtInt(activeRow.cnt, lng), percent: fmtPercent(activeRow.percent, lng) })}
            </Text>
          </div>
        )}
      </Box>
      <Group justify="space-between" mt={6} gap="xs" wrap="wrap">
        {leader && (
          <Text size="xs" data-testid="map-leader" data-code={leader.code_3}>
            {t('map.leader', { name: countryName(leader, lng), qty: fmtInt(leader.cnt, lng) })}
          </Text>
        )}
        <Group gap={4} aria-hidden wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('map.fewer')}
          </Text>
          {SHADES.map((s) => (
            <span key={s} style={{ width: 16, height: 10, background: s, display: 'inline-block', borderRadius: 2 }} />
          ))}
          <Text size="xs" c="dimmed">
            {t('map.more')}
          </Text>
        </Group>
      </Group>
      {notDrawn.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('map.notDrawn', { names: notDrawn.map((s) => countryName(s, lng)).join(', ') })}
        </Text>
      )}
    </div>
  );
}
