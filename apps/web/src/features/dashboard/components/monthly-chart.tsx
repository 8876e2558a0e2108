import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { TMonthlySaleQty } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtInt, fmtMonth } from '../format';
import { CHART_HEIGHT } from './chart-constants';
import classes from './dashboard.module.css';

const PAD = { top: 24, right: 8, bottom: 40, left: 52 };

/** A round axis maximum at or above `max`: four equal grid steps, each a round number (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten). */
export function niceMax(max: number) {
  if (max <= 4) return 4;
  const raw = max / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * p >= raw)! * p;
  return step * 4;
}

/**
 * Bar chart of sold copies per month (12 bars). Each bar's height is the API's `height` (its share
 * of the largest month), so the largest month fills the plot; grid lines mark quarters of it.
 * Plain SVG: no chart library in the page's JavaScript. Bars are focusable and show their figure.
 */
export default function MonthlyChart({ data }: { data: TMonthlySaleQty[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const { ref, width } = useElementSize();
  const [active, setActive] = useState<number | null>(null);
  const lng = i18n.language;
  const max = Math.max(0, ...data.map((d) => d.qty));
  const top = niceMax(max);
  // the API's height is the share of the largest month; the axis runs to a round number above it
  const scale = max > 0 ? max / top : 0;
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = CHART_HEIGHT - PAD.top - PAD.bottom;
  const slot = data.length > 0 ? plotW / data.length : 0;
  const barW = Math.max(4, Math.min(40, slot * 0.62));
  const narrow = slot < 34;
  const ticks = [0, 0.25, 0.5, 0.75, 1];

  return (
    <Box ref={ref} pos="relative" h={CHART_HEIGHT} data-testid="monthly-chart">
      {width > 0 && (
        <svg width={width} height={CHART_HEIGHT} role="group" aria-label={t('chart.ariaLabel')} style={{ display: 'block' }}>
          {ticks.map((f) => {
            const y = PAD.top + plotH * (1 - f);
            return (
              <g key={f} aria-hidden>
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y}
                  y2={y}
                  stroke="var(--mantine-color-gray-3)"
                  strokeDasharray={f === 0 ? undefined : '3 3'}
                />
                <text x={PAD.left - 8} y={y} dy="0.32em" textAnchor="end" fontSize={11} fill="var(--mantine-color-gray-7)">
                  {fmtInt(Math.round(top * f), lng)}
                </text>
              </g>
            );
          })}
          {data.map((d, i) => {
            const h = (plotH * d.height * scale) / 100;
            const cx = PAD.left + slot * i + slot / 2;
            const label = fmtMonth(d.month, lng, 'month');
            const year = i === 0 || d.month.endsWith('-01') ? fmtMonth(d.month, lng, 'year') : null;
            const full = `${fmtMonth(d.month, lng, 'both')}: ${t('chart.sold', { qty: fmtInt(d.qty, lng) })}`;
            const on = active === i;
            return (
              <g
                key={d.month}
                tabIndex={0}
                role="img"
                aria-label={full}
                className={classes.bar}
                onMouseEnter={() => setActive(i)}
                onMouseLeave={() => setActive(null)}
                onFocus={() => setActive(i)}
                onBlur={() => setActive(null)}
              >
                {/* a full-height hit area: thin bars stay easy to hover */}
                <rect x={cx - slot / 2} y={PAD.top} width={slot} height={plotH} fill={on ? 'var(--mantine-color-blue-0)' : 'transparent'} />
                <rect
                  data-testid="monthly-bar"
                  data-month={d.month}
                  data-qty={d.qty}
                  x={cx - barW / 2}
                  y={PAD.top + plotH - h}
                  width={barW}
                  height={Math.max(h, d.qty > 0 ? 1 : 0)}
                  rx={3}
                  fill={on ? 'var(--mantine-color-blue-9)' : 'var(--mantine-color-blue-7)'}
                />
                <text
                  x={cx}
                  y={CHART_HEIGHT - PAD.bottom + 16}
                  textAnchor="middle"
                  fontSize={11}
                  fill="var(--mantine-color-gray-7)"
                  aria-hidden
                  transform={narrow ? `rotate(-40 ${cx} ${CHART_HEIGHT - PAD.bottom + 16})` : undefined}
                  style={narrow ? { textAnchor: 'end' } : undefined}
                >
                  {label}
                </text>
                {year && !narrow && (
                  <text
                    x={cx}
                    y={CHART_HEIGHT - PAD.bottom + 30}
                    textAnchor="middle"
                    fontSize={10}
                    fill="var(--mantine-color-gray-6)"
                    aria-hidden
                  >
                    {year}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {active !== null && data[active] && (
        <Text
          size="xs"
          fw={600}
          className={classes.tooltip}
          style={{
            left: Math.min(Math.max(PAD.left + slot * active + slot / 2, 60), Math.max(60, width - 60)),
            top: Math.max(0, PAD.top + plotH - (plotH * data[active].height * scale) / 100 - 30),
          }}
          data-testid="monthly-tooltip"
        >
          {fmtMonth(data[active].month, lng, 'both')} · {fmtInt(data[active].qty, lng)}
        </Text>
      )}
    </Box>
  );
}
